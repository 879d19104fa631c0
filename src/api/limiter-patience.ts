/**
 * How long the work under way may wait for a rate-limit slot, as the work itself sees it: a
 * request made within `withPatience` waits at least `maxWaitMs` (more than the client's own
 * budget), read again at each look, so patience granted while a request already waits (a person
 * has been promised its result) reaches it too.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Patience {
  /** The longest a request of this work may wait for its slot, in ms; may grow while it waits. */
  maxWaitMs: number;
}

const current = new AsyncLocalStorage<Patience>();

export function withPatience<T>(patience: Patience, work: () => T): T {
  return current.run(patience, work);
}

/** The patience of the work under way, if it has any of its own. */
export function currentPatience(): Patience | undefined {
  return current.getStore();
}
