/**
 * A clock for tests: time moves only when the test says so (`advance`), or, with `auto`, jumps
 * straight to the next timer whenever code sleeps. Nothing waits for real. With `idle`, an auto
 * clock jumps only while `idle()` holds, so that time cannot pass under a request in flight (a real
 * request cannot outlive its timeout, but a virtual jump could carry it past one).
 */
import type { Clock } from '../../../../src/lib/clock.ts';

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

/** Lets every promise chain and I/O callback that is ready run before time moves again. */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setImmediate(r));
}

export class FakeClock implements Clock {
  #now: number;
  #timers: Timer[] = [];
  #seq = 0;
  readonly #auto: boolean;
  readonly #idle: () => boolean;
  /** Every sleep requested, in ms, in order: what the code under test chose to wait. */
  readonly sleeps: number[] = [];

  constructor(
    start = Date.parse('2026-11-20T09:00:00.000Z'),
    options: { auto?: boolean; idle?: () => boolean } = {},
  ) {
    this.#now = start;
    this.#auto = options.auto ?? false;
    this.#idle = options.idle ?? (() => true);
  }

  now(): Date {
    return new Date(this.#now);
  }

  /** The time in epoch milliseconds, for arithmetic in tests. */
  nowMs(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const timer: Timer = {
        at: this.#now + Math.max(0, ms),
        seq: this.#seq++,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.#timers = this.#timers.filter((t) => t !== timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#timers.push(timer);
      if (this.#auto) setImmediate(() => this.#autoFire());
    });
  }

  /** Timers not yet fired. */
  get pending(): number {
    return this.#timers.length;
  }

  /** Moves time forward by `ms`, firing due timers in order and letting what they wake run. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    await settle();
    while (this.#fireNext(target)) await settle();
    this.#now = Math.max(this.#now, target);
    await settle();
  }

  #autoFire(): void {
    // Real I/O is in flight: look again shortly, in real time, without moving virtual time.
    if (!this.#idle()) setTimeout(() => this.#autoFire(), 1);
    else this.#fireNext(Number.POSITIVE_INFINITY);
  }

  #fireNext(limit: number): boolean {
    if (this.#timers.length === 0) return false;
    const next = this.#timers.reduce((a, b) => (b.at < a.at || (b.at === a.at && b.seq < a.seq) ? b : a));
    if (next.at > limit) return false;
    this.#timers = this.#timers.filter((t) => t !== next);
    this.#now = Math.max(this.#now, next.at);
    next.resolve();
    return true;
  }
}
