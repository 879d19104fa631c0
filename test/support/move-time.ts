/**
 * Time that the test moves while real I/O runs: `read` is asked after each step of `stepMs` on the
 * clock (and a real moment for sockets to answer) until it gives a value, which is returned. The
 * clock's timers fire in order as it passes them, so what is checked is the order of events, not how
 * long they took; past `ms` of real time the wait fails naming `what`. `read` itself must not wait
 * on the clock (the clock stands still while it runs).
 */
import type { ManualClock } from '../../src/lib/manual-clock.ts';

export async function moveTimeUntil<T>(
  clock: ManualClock,
  what: string,
  read: () => T | undefined | Promise<T | undefined>,
  { stepMs = 100, ms = 10_000 }: { stepMs?: number; ms?: number } = {},
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${what} (clock at ${clock.now().toISOString()})`);
    await clock.advance(stepMs);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Resolves once `work` has, moving the clock meanwhile (for a promise that waits on the clock). */
export async function movingUntilDone<T>(
  clock: ManualClock,
  what: string,
  work: Promise<T>,
  ms = 10_000,
): Promise<T> {
  let done = false;
  const watched = work.finally(() => {
    done = true;
  });
  watched.catch(() => {});
  await moveTimeUntil(clock, what, () => (done ? true : undefined), { ms });
  return watched;
}
