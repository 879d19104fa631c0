/**
 * Where the limiter keeps its sliding windows. One window per key (a token's hash and a rate
 * class): a log of the slots taken in the last `windowMs`. A slot is stamped with the latest moment
 * its request can have reached the server: while the request is in flight that is a bound given by
 * the caller (counted from when the request leaves, so a slow answer from the state pushes it later:
 * `extend`), and once answered it is the answer's time. The server counts a request somewhere
 * between sending and answering, so a window kept this way never lets through a request the server
 * would refuse.
 *
 * The interface is small and asynchronous so a shared store (Redis: a sorted set and a Lua script,
 * see `limiter-redis-state.ts`) can hold one budget for every process that uses a token.
 */
import { admits, countByLane, fitsAt, heldAbove, LANES, type LaneTake } from './limiter-lanes.ts';

export type TakeResult =
  | { granted: true }
  | {
      granted: false;
      retryAt: number;
      /** The wait rests on a request still in flight: its answer will likely free the slot sooner. */
      provisional: boolean;
    };

export interface WindowSnapshot {
  /** Stamps of the slots still in the window, oldest first. */
  stamps: number[];
  /** The lane of each stamp (index into `LANES`), in the same order. */
  lanes: number[];
  /** Until when the server told us to stop (a 429), epoch ms; 0 when not blocked. */
  blockedUntil: number;
  /**
   * Waiters in line for the window in every process, when the state keeps a shared line: those of
   * the snapshot's lane and the lanes above it, when it names one.
   */
  waiting?: number;
}

/**
 * Takes a slot stamped `stamp` when fewer than `limit` slots are younger than `windowMs` at `now`
 * (less the unused reserves of the lanes above the take's, see `limiter-lanes.ts`) and the key is
 * not blocked; otherwise answers when to ask again. Slot ids begin with their lane's index and a
 * dot (`2.ab12-7`), so a shared state can count lanes from the ids alone.
 */
type TakeSlot<R> = (
  key: string,
  slotId: string,
  limit: number,
  windowMs: number,
  now: number,
  stamp: number,
  lane?: LaneTake,
) => R;

export interface RateLimitState {
  take: TakeSlot<Promise<TakeResult>>;
  /** Restamps a slot with the time its answer came (earlier than its in-flight bound). */
  settle(key: string, slotId: string, stamp: number): Promise<void>;
  /**
   * Moves a slot's stamp later, to `stamp`, because its request leaves later than the slot was
   * taken for. Answers false, and drops the slot, when it is gone or has left the window at `now`:
   * a slot may then have been granted in its place, so it must be taken anew.
   */
  extend(key: string, slotId: string, stamp: number, windowMs: number, now: number): Promise<boolean>;
  /** Refuses every slot of the key until `until` (epoch ms); never shortens an existing block. */
  block(key: string, until: number): Promise<void>;
  /** `lane`: count in `waiting` only the waiters of this lane and above. */
  snapshot(key: string, windowMs: number, now: number, lane?: number): Promise<WindowSnapshot>;
  /**
   * Optional, for a state shared by processes: each process's waiters on a window are counted in
   * one line (`snapshot().waiting`), so a wait is foreseen from everyone waiting, not only this
   * process's. A waiter joins until `until` (epoch ms; a process that dies drops out then).
   */
  readonly line?: {
    join(key: string, waiterId: string, until: number, now: number): Promise<void>;
    leave(key: string, waiterId: string): Promise<void>;
  };
  /**
   * Optional: `take` and `settle` answered at once, for a state in this process's memory. The
   * limiter uses them when nobody is waiting, so a request far from the limit costs no promise
   * turns and no second clock read (a shared state's answer takes time and keeps the async path).
   */
  readonly sync?: {
    take: TakeSlot<TakeResult>;
    settle(key: string, slotId: string, stamp: number): void;
  };
}

const EMPTY: readonly number[] = [];

/** The lane a slot id names (`2.ab12-7`); an id without one counts in the lowest lane. */
export function laneOfId(slotId: string): number {
  const dot = slotId.indexOf('.');
  const lane = dot > 0 ? Number(slotId.slice(0, dot)) : Number.NaN;
  return Number.isInteger(lane) && lane >= 0 && lane < LANES.length ? lane : LANES.length - 1;
}

interface Slot {
  id: string;
  stamp: number;
  lane: number;
}

interface Window {
  /**
   * In the order taken, from index `head` on. Stamps mostly move earlier (answers), so the head
   * mostly expires first; `prune` sweeps the others before a refusal, so none is counted too long.
   */
  slots: Slot[];
  head: number;
  byId: Map<string, Slot>;
  blockedUntil: number;
}

/** The state of one process: the default. */
export class MemoryRateLimitState implements RateLimitState {
  readonly #windows = new Map<string, Window>();
  readonly sync = {
    take: (...slot: Parameters<TakeSlot<TakeResult>>) => this.#take(...slot),
    settle: (key: string, slotId: string, stamp: number) => this.#settle(key, slotId, stamp),
  };

  readonly take: TakeSlot<Promise<TakeResult>> = async (...slot) => this.#take(...slot);

  #take: TakeSlot<TakeResult> = (key, slotId, limit, windowMs, now, stamp, lane) => {
    const w = this.#window(key);
    if (w.blockedUntil > now) return { granted: false, retryAt: w.blockedUntil, provisional: false };
    pruneHead(w, windowMs, now);
    // Below the lowest lane's bound nothing is held in reserve that could refuse it: no counting.
    const bound = lane ? limit - heldAbove(EMPTY, lane.lane, lane.reserves) : limit;
    if (live(w) >= bound) {
      // A slot behind the head may have been answered early and expired already: sweep them all.
      prune(w, windowMs, now);
    }
    const slots = live(w) < bound ? undefined : w.slots.slice(w.head);
    if (!slots || admits(countByLane(slots), limit, lane)) {
      const slot = { id: slotId, stamp, lane: lane?.lane ?? laneOfId(slotId) };
      w.slots.push(slot);
      w.byId.set(slotId, slot);
      return { granted: true };
    }
    // The window frees up when enough of the oldest slots have left it for one more to fit.
    const fit = fitsAt(slots, limit, windowMs, lane)!;
    return { granted: false, retryAt: fit.at, provisional: fit.stamp > now };
  };

  async settle(key: string, slotId: string, stamp: number): Promise<void> {
    this.#settle(key, slotId, stamp);
  }

  #settle(key: string, slotId: string, stamp: number): void {
    const slot = this.#windows.get(key)?.byId.get(slotId);
    if (slot && stamp < slot.stamp) slot.stamp = stamp;
  }

  async extend(key: string, slotId: string, stamp: number, windowMs: number, now: number): Promise<boolean> {
    const w = this.#windows.get(key);
    const slot = w?.byId.get(slotId);
    if (!w || !slot) return false;
    if (expired(slot, windowMs, now)) {
      prune(w, windowMs, now);
      return false;
    }
    if (stamp > slot.stamp) slot.stamp = stamp;
    return true;
  }

  async block(key: string, until: number): Promise<void> {
    const w = this.#window(key);
    w.blockedUntil = Math.max(w.blockedUntil, until);
  }

  async snapshot(key: string, windowMs: number, now: number): Promise<WindowSnapshot> {
    const w = this.#windows.get(key);
    if (!w) return { stamps: [], lanes: [], blockedUntil: 0 };
    prune(w, windowMs, now);
    const sorted = [...w.slots].sort((a, b) => a.stamp - b.stamp);
    return {
      stamps: sorted.map((s) => s.stamp),
      lanes: sorted.map((s) => s.lane),
      blockedUntil: w.blockedUntil > now ? w.blockedUntil : 0,
    };
  }

  #window(key: string): Window {
    let w = this.#windows.get(key);
    if (!w) {
      w = { slots: [], head: 0, byId: new Map(), blockedUntil: 0 };
      this.#windows.set(key, w);
    }
    return w;
  }
}

/** A slot counts while `now < stamp + windowMs`. */
function expired(slot: Slot, windowMs: number, now: number): boolean {
  return slot.stamp + windowMs <= now;
}

function live(w: Window): number {
  return w.slots.length - w.head;
}

/** Cheap pruning for the common case: moves past expired slots at the head only. */
function pruneHead(w: Window, windowMs: number, now: number): void {
  while (w.head < w.slots.length && expired(w.slots[w.head]!, windowMs, now)) {
    w.byId.delete(w.slots[w.head]!.id);
    w.head++;
  }
  // Compact now and then rather than shifting the array on every expiry.
  if (w.head > 1024 && w.head * 2 > w.slots.length) {
    w.slots = w.slots.slice(w.head);
    w.head = 0;
  }
}

function prune(w: Window, windowMs: number, now: number): void {
  const kept: Slot[] = [];
  for (let i = w.head; i < w.slots.length; i++) {
    const slot = w.slots[i]!;
    if (expired(slot, windowMs, now)) w.byId.delete(slot.id);
    else kept.push(slot);
  }
  w.slots = kept;
  w.head = 0;
}
