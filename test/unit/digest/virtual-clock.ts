/**
 * A Clock for tests: time moves only when the test says so (`advance`, `set`), or, in auto
 * mode, jumps straight to the earliest pending sleep once the event loop has had a turn. Sleeps
 * resolve in time order, so what a runner spaces out stays spaced out in virtual time.
 */
import type { Clock } from '../../../src/lib/clock.ts';

interface Sleeper {
  at: number;
  seq: number;
  resolve: () => void;
}

export class VirtualClock implements Clock {
  #now: number;
  #seq = 0;
  #sleepers: Sleeper[] = [];
  #auto = false;
  #driving = false;

  constructor(start: Date | string | number) {
    this.#now = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  /** Pending sleeps. */
  get pending(): number {
    return this.#sleepers.length;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const sleeper: Sleeper = { at: this.#now + Math.max(0, ms), seq: this.#seq++, resolve };
      const onAbort = () => {
        this.#sleepers = this.#sleepers.filter((s) => s !== sleeper);
        reject(signal?.reason);
      };
      sleeper.resolve = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#sleepers.push(sleeper);
      this.#sleepers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      if (this.#auto) this.#drive();
    });
  }

  /** Moves time forward by `ms`, waking every sleep due on the way, in order. */
  advance(ms: number): void {
    this.set(this.#now + ms);
  }

  /** Moves time to `date` (never backwards), waking every sleep due by then. */
  set(date: Date | string | number): void {
    const target = new Date(date).getTime();
    if (target < this.#now) throw new RangeError('VirtualClock: time only moves forward');
    while (this.#sleepers[0] && this.#sleepers[0].at <= target) {
      const next = this.#sleepers.shift()!;
      this.#now = Math.max(this.#now, next.at);
      next.resolve();
    }
    this.#now = target;
  }

  /** In auto mode every sleep ends as soon as the event loop has had a turn, time jumping to it. */
  setAuto(on: boolean): void {
    this.#auto = on;
    if (on) this.#drive();
  }

  #drive(): void {
    if (this.#driving) return;
    this.#driving = true;
    setImmediate(() => {
      this.#driving = false;
      const next = this.#sleepers.shift();
      if (!next) return;
      this.#now = Math.max(this.#now, next.at);
      next.resolve();
      if (this.#auto && this.#sleepers.length > 0) this.#drive();
    });
  }
}
