import type { RateClass } from '../../contract/index.ts';
import type { RateLimitOptions } from '../options.ts';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends, epoch milliseconds. */
  resetAtMs: number;
  /** Whole seconds until the window ends (at least 1), for `Retry-After`. */
  retryAfterSeconds: number;
}

interface Window {
  startMs: number;
  count: number;
}

export const WINDOW_MS = 60_000;

/**
 * Fixed windows per token and class, each opened by its first request and lasting a minute: the
 * behaviour of Laravel's throttle, which the service's envelope and 60/min default suggest. A refused
 * request does not use up the next window.
 */
export class RateLimiter {
  readonly #limits: RateLimitOptions;
  readonly #now: () => Date;
  readonly #windows = new Map<string, Window>();

  constructor(limits: RateLimitOptions, now: () => Date) {
    this.#limits = limits;
    this.#now = now;
  }

  /** Counts one request and says whether it may proceed. */
  hit(tokenId: number, rateClass: RateClass): RateDecision {
    const window = this.#window(tokenId, rateClass);
    const limit = this.#limits[rateClass];
    const allowed = window.count < limit;
    if (allowed) window.count += 1;
    return this.#decision(window, limit, allowed);
  }

  /** The current state without counting, e.g. for the headers of an injected 429. */
  peek(tokenId: number, rateClass: RateClass): RateDecision {
    const window = this.#window(tokenId, rateClass);
    return this.#decision(window, this.#limits[rateClass], window.count < this.#limits[rateClass]);
  }

  clear(): void {
    this.#windows.clear();
  }

  #window(tokenId: number, rateClass: RateClass): Window {
    const key = `${tokenId}:${rateClass}`;
    const nowMs = this.#now().getTime();
    let window = this.#windows.get(key);
    if (!window || nowMs - window.startMs >= WINDOW_MS) {
      window = { startMs: nowMs, count: 0 };
      this.#windows.set(key, window);
    }
    return window;
  }

  #decision(window: Window, limit: number, allowed: boolean): RateDecision {
    const resetAtMs = window.startMs + WINDOW_MS;
    const untilReset = resetAtMs - this.#now().getTime();
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetAtMs,
      retryAfterSeconds: Math.max(1, Math.ceil(untilReset / 1000)),
    };
  }
}
