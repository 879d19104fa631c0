/**
 * The clock tests drive. Time moves only when the test says so (`advance`, `set`), or, in auto
 * mode, jumps straight to the next timer once the event loop has had a turn: nothing waits for
 * real. Timers and sleeps fire in time order, each at its own time, so what the code spaces out
 * stays spaced out in virtual time.
 *
 * Auto mode jumps only for timers that hold the process (like Node, an `unref`ed timer does not):
 * the app's own background looks are unref'd, so they fire as time passes them but never drive it.
 * With `idle`, it jumps only while `idle()` holds, so that time cannot pass under a request in
 * flight (a real request cannot outlive its timeout, but a virtual jump could carry it past one).
 *
 * With `realTimers`, "now" stays pinned while timers and sleeps run on real time: the clock of
 * tests that pin the date but let the app wait as it would.
 */
import { type Clock, systemClock, type Timer } from './clock.ts';

interface ManualClockOptions {
  auto?: boolean;
  idle?: () => boolean;
  realTimers?: boolean;
}

interface Pending {
  at: number;
  seq: number;
  every: number | undefined;
  ref: boolean;
  fire: () => void;
}

/** Lets every promise chain and I/O callback that is ready run before time moves again. */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setImmediate(r));
}

const DEFAULT_START = Date.parse('2026-11-20T09:00:00.000Z');

export class ManualClock implements Clock {
  #now: number;
  #seq = 0;
  #timers: Pending[] = [];
  #auto: boolean;
  #driving = false;
  readonly #idle: () => boolean;
  readonly #real: boolean;
  /** Every sleep requested, in ms, in order: what the code under test chose to wait. */
  readonly sleeps: number[] = [];

  constructor(start: Date | string | number = DEFAULT_START, options: ManualClockOptions = {}) {
    this.#now = toMillis(start);
    this.#auto = options.auto ?? false;
    this.#idle = options.idle ?? (() => true);
    this.#real = options.realTimers ?? false;
  }

  now(): Date {
    return new Date(this.#now);
  }

  /** The time in epoch milliseconds, for arithmetic in tests. */
  nowMs(): number {
    return this.#now;
  }

  /** Timers and sleeps not yet fired. */
  get pending(): number {
    return this.#timers.length;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    if (this.#real) return systemClock.sleep(ms, signal);
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        timer.cancel();
        reject(signal?.reason);
      };
      const timer = this.after(ms, () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  after(ms: number, fn: () => void): Timer {
    if (this.#real) return systemClock.after(ms, fn);
    return this.#add(ms, undefined, fn);
  }

  every(ms: number, fn: () => void): Timer {
    if (this.#real) return systemClock.every(ms, fn);
    return this.#add(ms, Math.max(1, ms), fn);
  }

  /**
   * Moves time forward by `ms`, firing every timer due on the way at its own time and letting
   * what each wakes run (timers those set, if due by then, fire too). Await it.
   */
  advance(ms: number): Promise<void> {
    return this.set(this.#now + ms);
  }

  /** Moves time to `date`, firing the timers due by then in order. Await it. */
  async set(date: Date | string | number): Promise<void> {
    const target = toMillis(date);
    // A pinned clock's timers are real: time moves at once, for callers that only read "now".
    if (this.#real) {
      this.#now = target;
      return;
    }
    // Work already under way runs first, so a sleep it is about to start is counted from now.
    await settle();
    while (this.#fireNext(target)) await settle();
    this.#now = Math.max(this.#now, target);
    await settle();
  }

  /**
   * Moves time forward by `ms` in one step, as when the event loop was busy that long: every timer
   * due by then is woken in order, and what each wakes runs at the later time.
   */
  stall(ms: number): void {
    const target = this.#now + ms;
    while (this.#fireNext(target));
    this.#now = Math.max(this.#now, target);
  }

  /** In auto mode a timer that holds the process fires as soon as the event loop has had a turn. */
  setAuto(on: boolean): void {
    this.#auto = on;
    if (on) this.#drive();
  }

  #add(ms: number, every: number | undefined, fn: () => void): Timer {
    const entry: Pending = { at: this.#now + Math.max(0, ms), seq: this.#seq++, every, ref: true, fire: fn };
    this.#timers.push(entry);
    if (this.#auto) this.#drive();
    const timer: Timer = {
      cancel: () => {
        this.#timers = this.#timers.filter((t) => t !== entry);
      },
      unref: () => {
        entry.ref = false;
        return timer;
      },
    };
    return timer;
  }

  #earliest(held: boolean): Pending | undefined {
    let next: Pending | undefined;
    for (const t of this.#timers) {
      if (held && !t.ref) continue;
      if (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq)) next = t;
    }
    return next;
  }

  #fireNext(limit: number): boolean {
    const next = this.#earliest(false);
    if (!next || next.at > limit) return false;
    this.#now = Math.max(this.#now, next.at);
    if (next.every === undefined) this.#timers = this.#timers.filter((t) => t !== next);
    else {
      next.at += next.every;
      next.seq = this.#seq++;
    }
    next.fire();
    return true;
  }

  #drive(): void {
    if (this.#driving) return;
    this.#driving = true;
    setImmediate(() => {
      this.#driving = false;
      if (!this.#auto) return;
      const held = this.#earliest(true);
      if (!held) return;
      // Real I/O is in flight: look again shortly, in real time, without moving virtual time.
      if (!this.#idle()) {
        this.#driving = true;
        setTimeout(() => {
          this.#driving = false;
          this.#drive();
        }, 1);
        return;
      }
      this.#fireNext(held.at);
      this.#drive();
    });
  }
}

function toMillis(date: Date | string | number): number {
  const ms = date instanceof Date ? date.getTime() : typeof date === 'number' ? date : Date.parse(date);
  if (!Number.isFinite(ms)) throw new RangeError(`ManualClock: not a valid date: ${String(date)}`);
  return ms;
}
