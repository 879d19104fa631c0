/**
 * Time as a dependency: code that needs "now", or has to wait, takes a Clock, so tests pin time
 * (or move it on) instead of sleeping. One type for the whole app: the Slack handlers, the digest
 * runner and the service client (its limiter, retries and cache) all read the same clock.
 */
import { sleep } from './sleep.ts';

export interface Clock {
  now(): Date;
  /** Resolves after `ms`; rejects with the signal's reason if the signal aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The real wall clock and real timers. */
export const systemClock: Clock = {
  now: () => new Date(),
  sleep,
};

/** A clock that stays where it is put: `set` moves it, `advance` moves it forward by milliseconds. */
export interface FixedClock extends Clock {
  set(date: Date | string | number): void;
  advance(ms: number): void;
}

/**
 * A clock for tests, pinned at `date` (a Date, an ISO string or epoch milliseconds). Its `sleep`
 * waits in real time and leaves the time where it is: only the test moves it.
 */
export function fixedClock(date: Date | string | number): FixedClock {
  let current = toMillis(date);
  return {
    now: () => new Date(current),
    sleep,
    set: (next) => {
      current = toMillis(next);
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

function toMillis(date: Date | string | number): number {
  const ms = date instanceof Date ? date.getTime() : typeof date === 'number' ? date : Date.parse(date);
  if (!Number.isFinite(ms)) throw new RangeError(`fixedClock: not a valid date: ${String(date)}`);
  return ms;
}
