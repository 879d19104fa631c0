/**
 * Time as the client sees it: read it, and wait on it. Injected so that tests of the limiter and
 * the retry policy move time forward instead of sleeping.
 */
import { sleep } from '../lib/sleep.ts';

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason if the signal aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The wall clock and real timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep,
};
