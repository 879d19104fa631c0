/**
 * One time for a test and the app processes it started on driven clocks (app-process.ts's
 * `drivenClock`): the test's own ManualClock (which the in-process sandbox and Slack emulator can
 * read) and every live process move to the same instant together, step by step, with a real moment
 * between steps for sockets, Redis and the service to answer. What is checked is the order of
 * events in that shared time, not how long they took for real. Redis TTLs stay real.
 */
import { ManualClock } from '../../src/lib/manual-clock.ts';
import type { AppProcess } from './app-process.ts';

export class SharedTime {
  readonly clock: ManualClock;
  #apps: AppProcess[] = [];

  /** Starts at `start` (epoch ms): by default the real now, so Redis TTLs set from it stay sensible. */
  constructor(start: number = Date.now()) {
    this.clock = new ManualClock(start);
  }

  /** Where new processes start their clocks (`startAppProcess(..., { drivenClock: time.nowMs() })`). */
  nowMs(): number {
    return this.clock.nowMs();
  }

  /** Moves these processes with the test from now on (a process that exits is passed over). */
  join(...apps: AppProcess[]): void {
    this.#apps.push(...apps);
  }

  /** Moves every clock forward by `ms` in one step, resolving when each has fired what fell due. */
  async advance(ms: number): Promise<void> {
    const at = this.clock.nowMs() + ms;
    await Promise.all([this.clock.set(at), ...this.#apps.map((app) => app.setClock(at))]);
  }

  /**
   * Moves time in steps of `stepMs` until `read` gives a value, which is returned; fails past
   * `ms` of real time, or past `virtualMs` of moved time, naming `what`.
   */
  async until<T>(
    what: string,
    read: () => T | undefined | Promise<T | undefined>,
    { stepMs = 100, ms = 60_000, virtualMs = Number.POSITIVE_INFINITY, pauseMs = 3 } = {},
  ): Promise<T> {
    const end = Date.now() + ms;
    const virtualEnd = this.clock.nowMs() + virtualMs;
    for (;;) {
      const value = await read();
      if (value !== undefined) return value;
      if (Date.now() > end || this.clock.nowMs() > virtualEnd)
        throw new Error(`timed out waiting for ${what} (clock at ${this.clock.now().toISOString()})`);
      await this.advance(stepMs);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }

  /** Resolves once `work` has, moving time meanwhile (for requests whose answers wait on the clock). */
  async during<T>(
    what: string,
    work: Promise<T>,
    options: { stepMs?: number; ms?: number } = {},
  ): Promise<T> {
    let done = false;
    const watched = work.finally(() => {
      done = true;
    });
    watched.catch(() => {});
    await this.until(what, () => (done ? true : undefined), options);
    return watched;
  }
}
