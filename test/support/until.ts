/**
 * Waits for something another process (or the app's own timers) brings about: `read` is asked
 * every `everyMs` until it gives a value, which is returned; past `ms` the wait fails naming `what`.
 * For a wait on a moved clock, move the clock instead (`move-time.ts`).
 */
export async function until<T>(
  what: string,
  read: () => T | undefined | Promise<T | undefined>,
  ms = 10_000,
  everyMs = 50,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
