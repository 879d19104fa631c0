/**
 * Time as a dependency: code that needs "now", has to wait, or runs something later takes a Clock,
 * so tests pin time and move it on instead of sleeping. One type for the whole app: the Slack
 * handlers, the notifications, the digest runner, the store and the service client (its limiter,
 * retries and cache) all read the same clock and set their timers on it.
 */
import { ManualClock } from './manual-clock.ts';

/** A timer set on a clock: `cancel` stops it; `unref` lets the process exit while it waits. */
export interface Timer {
  cancel(): void;
  unref(): Timer;
}

export interface Clock {
  now(): Date;
  /** Resolves after `ms`; rejects with the signal's reason if the signal aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Calls `fn` once, `ms` from now. */
  after(ms: number, fn: () => void): Timer;
  /** Calls `fn` every `ms`, the first time `ms` from now. */
  every(ms: number, fn: () => void): Timer;
}

/** The real wall clock and real timers. */
export const systemClock: Clock = {
  now: () => new Date(),
  sleep,
  after: (ms, fn) => realTimer(setTimeout(fn, Math.max(0, ms)), clearTimeout),
  every: (ms, fn) => realTimer(setInterval(fn, Math.max(1, ms)), clearInterval),
};

function realTimer<T extends NodeJS.Timeout>(handle: T, clear: (handle: T) => void): Timer {
  const timer: Timer = {
    cancel: () => clear(handle),
    unref: () => {
      handle.unref();
      return timer;
    },
  };
  return timer;
}

/** A timer as a promise: resolves after `ms`, or rejects with the signal's reason if it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A clock that stays where it is put: `set` moves it, `advance` moves it forward by milliseconds. */
export type FixedClock = ManualClock;

/**
 * A clock for tests, pinned at `date` (a Date, an ISO string or epoch milliseconds), whose timers
 * and sleeps run in real time: only the test moves "now". A test that wants its timers moved with
 * the time too builds a `ManualClock` instead.
 */
export function fixedClock(date: Date | string | number): FixedClock {
  return new ManualClock(date, { realTimers: true });
}

export { ManualClock };
