/**
 * Time as a dependency: code that needs "now" takes a Clock, so tests pin it instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

/** The real wall clock. */
export const systemClock: Clock = {
  now: () => new Date(),
};

/** A clock that stays where it is put: `set` moves it, `advance` moves it forward by milliseconds. */
export interface FixedClock extends Clock {
  set(date: Date | string | number): void;
  advance(ms: number): void;
}

/** A clock for tests, pinned at `date` (a Date, an ISO string or epoch milliseconds). */
export function fixedClock(date: Date | string | number): FixedClock {
  let current = toMillis(date);
  return {
    now: () => new Date(current),
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
