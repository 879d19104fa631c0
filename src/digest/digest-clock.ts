/**
 * Time as the digest runner sees it: read it, and wait on it. Waits go through the clock too (the
 * 1-second spacing between posts, a Slack `Retry-After`, the next minute boundary), so tests move
 * time forward instead of sleeping.
 */
import type { Clock } from '../lib/clock.ts';
import { sleep } from '../lib/sleep.ts';

export interface DigestClock extends Clock {
  /** Resolves after `ms`; rejects with the signal's reason if the signal aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The wall clock and real timers. */
export const systemDigestClock: DigestClock = {
  now: () => new Date(),
  sleep,
};
