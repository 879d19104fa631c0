/**
 * The store did not answer in time, or cannot be reached: whatever needed it did not run. Callers
 * tell the person to try again rather than leaving them waiting on a store that is down.
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(what: string, options?: { cause?: unknown }) {
    super(`The store did not answer (${what})`, options);
  }
}
