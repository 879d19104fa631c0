/**
 * The client-side rate limiter: a sliding window per token and rate class that holds a request
 * until it fits, so the client never sends what the service would refuse (spec Part 8: 60 general,
 * 30 search, 10 upload requests a minute per token).
 *
 * Within one process, waiters on a window queue in order and only the head polls the state, so a
 * burst of N waiters costs N polls, not N². A slot's stamp is held at "now + in-flight bound" until
 * its answer comes, then moved to the answer's time (see limiter-state.ts); the head is woken then,
 * so a full window of fast answers frees up at once rather than at the bound. The bound counts from
 * when the state's grant arrives, not from when it was asked for (see `boundFromNow`).
 *
 * Each request goes in a lane of the token's budget plan (`limiter-lanes.ts`: writes, reads,
 * digests, the poll, background scans), and each lane of a window has its own line, so a click is
 * never queued behind the poll; a lane takes a slot only when the unused reserves of the lanes
 * above it stay free.
 */
import { createHash, randomUUID } from 'node:crypto';
import { RATE_LIMITS, type RateClass } from '../contract/index.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import {
  currentLane,
  type LaneName,
  type LaneTake,
  laneIndex,
  laneReserves,
  laneWait,
} from './limiter-lanes.ts';
import { currentPatience } from './limiter-patience.ts';
import { MemoryRateLimitState, type RateLimitState } from './limiter-state.ts';

export interface RateLimiterOptions {
  /** Requests per window for each class. Default `RATE_LIMITS` (60 general, 30 search, 10 upload). */
  limits?: Partial<Record<RateClass, number>>;
  /** Window length in ms. Default 60 000 (the spec's limits are per minute). */
  windowMs?: number;
  /** Where windows live. Default: in this process's memory; pass a shared one when processes share a token. */
  state?: RateLimitState;
  /** Default: the system clock. */
  clock?: Clock;
  /** Reserved share of each window per lane (0–1). Default `DEFAULT_LANE_SHARES`. */
  shares?: Partial<Record<LaneName, number>>;
}

export interface AcquireOptions {
  /** The request's lane. Default: the lane of the work under way (`withLane`), else `write`. */
  lane?: LaneName | undefined;
  /** Fail instead of waiting longer than this, in ms. Default: no limit. */
  maxWaitMs?: number;
  /** The longest the request can be in flight (its timeout): the slot's stamp until it is answered. */
  inFlightMs: number;
  signal?: AbortSignal | undefined;
}

export interface LimiterSlot {
  /** Marks the request answered: its slot then leaves the window one window after now. */
  release(): Promise<void>;
}

export type AcquireResult = { granted: true; slot: LimiterSlot } | { granted: false; waitMs: number };

export interface RateLimiter {
  readonly windowMs: number;
  limitFor(rateClass: RateClass): number;
  /** Waits for a slot; answers `granted: false` with the wait when it would exceed `maxWaitMs`. */
  acquire(tokenKey: string, rateClass: RateClass, options: AcquireOptions): Promise<AcquireResult>;
  /**
   * How long a request of this class and lane (default: the work's lane, else `read`) would wait if
   * issued now, in ms (0: at once), behind every instance's waiters when the state is shared.
   */
  estimateWait(tokenKey: string, rateClass: RateClass, lane?: LaneName): Promise<number>;
  /** The server answered 429: hold every request of this token and class until `until` (epoch ms). */
  block(tokenKey: string, rateClass: RateClass, until: number): Promise<void>;
}

/** How often a waiter looks again while its wait rests on requests still in flight. */
const PROVISIONAL_POLL_MS = 1_000;

/** Identifies a token in the limiter (and the cache) without keeping the token itself. */
export function tokenKey(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 32);
}

/** One lane's waiters on one window, in this process. */
interface Line {
  /** Settles when the last waiter in line has had its turn. */
  tail: Promise<void>;
  /** Waiters in line, the head included. */
  queued: number;
  /** Cuts the head's sleep short when the window changes. */
  wake: (() => void) | undefined;
  /** Counts changes (answers, blocks), so a change between a poll and the sleep is not missed. */
  changes: number;
}

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const limits = { ...RATE_LIMITS, ...options.limits };
  for (const [cls, limit] of Object.entries(limits)) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(
        `createRateLimiter: limits.${cls} must be a positive integer, got ${String(limit)}`,
      );
    }
  }
  const windowMs = options.windowMs ?? 60_000;
  if (!(windowMs > 0)) throw new RangeError(`createRateLimiter: windowMs must be positive, got ${windowMs}`);
  const state: RateLimitState = options.state ?? new MemoryRateLimitState();
  const clock = options.clock ?? systemClock;
  const reserves = Object.fromEntries(
    Object.entries(limits).map(([cls, limit]) => [cls, laneReserves(limit, options.shares)]),
  ) as Record<RateClass, number[]>;
  /** Per window, its lines by lane index. */
  const lines = new Map<string, Map<number, Line>>();
  // Slot ids must be unique across processes that share a state.
  const idPrefix = randomUUID().slice(0, 8);
  let nextId = 0;

  const line = (key: string, laneAt: number): Line => {
    let byLane = lines.get(key);
    if (!byLane) {
      byLane = new Map();
      lines.set(key, byLane);
    }
    let l = byLane.get(laneAt);
    if (!l) {
      l = { tail: Promise.resolve(), queued: 0, wake: undefined, changes: 0 };
      byLane.set(laneAt, l);
    }
    return l;
  };
  /** This process's waiters of the lane and the lanes above it: they go first. */
  const queuedUpTo = (key: string, laneAt: number): number => {
    let n = 0;
    for (const [at, l] of lines.get(key) ?? []) if (at <= laneAt) n += l.queued;
    return n;
  };
  const takeOf = (rateClass: RateClass, lane: LaneName): LaneTake => ({
    lane: laneIndex(lane),
    reserves: reserves[rateClass],
  });

  /**
   * The wait of one more request of the lane behind `ahead` of this process's waiters of its lane and
   * above; with a shared line, behind every process's (`self`: the asker is one of them already).
   */
  const estimate = async (
    key: string,
    limit: number,
    take: LaneTake,
    localAhead: number,
    self = false,
  ): Promise<number> => {
    const now = clock.now().getTime();
    const snap = await state.snapshot(key, windowMs, now, take.lane);
    const ahead =
      snap.waiting === undefined ? localAhead : Math.max(localAhead, snap.waiting - (self ? 1 : 0));
    const blocked = Math.max(0, snap.blockedUntil - now);
    // A stamp in the future belongs to a request still in flight; `laneWait` expects its answer now
    // rather than at its bound, or every estimate made during a burst would be a timeout too long.
    const slots = snap.stamps.map((stamp, i) => ({ stamp, lane: snap.lanes[i] ?? take.lane }));
    const from = Math.max(now, snap.blockedUntil);
    return Math.max(blocked, from - now + laneWait(slots, from, limit, windowMs, take, ahead));
  };

  const changed = (key: string) => {
    for (const l of lines.get(key)?.values() ?? []) {
      l.changes++;
      l.wake?.();
    }
  };

  const sleepUnlessWoken = async (l: Line, ms: number, signal: AbortSignal | undefined) => {
    const woken = new AbortController();
    l.wake = () => woken.abort();
    try {
      await clock.sleep(ms, signal ? AbortSignal.any([woken.signal, signal]) : woken.signal);
    } catch (error) {
      if (signal?.aborted) throw error;
    } finally {
      l.wake = undefined;
    }
  };

  /**
   * The slot was stamped for a request leaving at the take's `now`, but it leaves only once the
   * state has answered. A slow answer (a Redis stall, a paused process) would let the request reach
   * the server after its stamp, and the slot leave the window while the server still counts it; so
   * push the stamp to a bound from the real moment of sending. False: the slot had already left the
   * window, another may hold its place, and it must be taken anew.
   */
  const boundFromNow = async (key: string, id: string, takenFor: number, inFlightMs: number) => {
    let stamp = takenFor;
    for (let sendAt = clock.now().getTime(); sendAt + inFlightMs > stamp; sendAt = clock.now().getTime()) {
      stamp = sendAt + inFlightMs;
      if (!(await state.extend(key, id, stamp, windowMs, sendAt))) return false;
    }
    return true;
  };

  return {
    windowMs,
    limitFor: (rateClass) => limits[rateClass],

    acquire(tk, rateClass, options) {
      const key = `${tk}:${rateClass}`;
      const take = takeOf(rateClass, options.lane ?? currentLane() ?? 'write');
      const sync = state.sync;
      // Nobody of the lane waiting and a state in memory: take the slot now, as the line below
      // would, without its promise turns. The stamp counts from this very moment: no bound to move.
      if (sync && !options.signal?.aborted && !lines.get(key)?.get(take.lane)?.queued) {
        const now = clock.now().getTime();
        const id = `${take.lane}.${idPrefix}-${++nextId}`;
        const taken = sync.take(key, id, limits[rateClass], windowMs, now, now + options.inFlightMs, take);
        if (taken.granted) {
          const slot: LimiterSlot = {
            release: () => {
              sync.settle(key, id, clock.now().getTime());
              changed(key);
              return RELEASED;
            },
          };
          return Promise.resolve({ granted: true, slot });
        }
      }
      return queuedAcquire(key, rateClass, take, options);
    },

    estimateWait(tk, rateClass, lane) {
      const key = `${tk}:${rateClass}`;
      const take = takeOf(rateClass, lane ?? currentLane() ?? 'read');
      return estimate(key, limits[rateClass], take, queuedUpTo(key, take.lane));
    },

    async block(tk, rateClass, until) {
      const key = `${tk}:${rateClass}`;
      await state.block(key, until);
      changed(key);
    },
  };

  async function queuedAcquire(
    key: string,
    rateClass: RateClass,
    take: LaneTake,
    { maxWaitMs = Number.POSITIVE_INFINITY, inFlightMs, signal }: AcquireOptions,
  ): Promise<AcquireResult> {
    const limit = limits[rateClass];
    const l = line(key, take.lane);
    const patience = currentPatience();
    const start = clock.now().getTime();
    // The work's own patience, read at each look: it may grow while this request waits.
    const deadline = () => start + Math.max(maxWaitMs, patience?.maxWaitMs ?? 0);
    const waiterId = `${take.lane}.${idPrefix}-w${++nextId}`;
    let inLine: Promise<boolean> | undefined;
    /**
     * In the shared line (a state shared by processes) from when this waiter must wait, so every
     * process foresees its wait behind it; a process that dies drops out some windows later.
     */
    const joinLine = (now: number): void => {
      const longest = Math.min(deadline() - start, 10 * windowMs);
      inLine = state.line?.join(key, waiterId, now + longest + windowMs, now).then(
        () => true,
        () => false,
      );
    };
    // Someone is already waiting: say now if the line is too long, rather than after queueing.
    if (l.queued > 0 && Number.isFinite(maxWaitMs)) {
      const wait = await estimate(key, limit, take, queuedUpTo(key, take.lane));
      if (start + wait > deadline()) return { granted: false, waitMs: wait };
      joinLine(start);
    }
    l.queued++;
    const previous = l.tail;
    let finished!: () => void;
    l.tail = new Promise<void>((resolve) => {
      finished = resolve;
    });
    try {
      await untilAborted(previous, signal);
      for (;;) {
        signal?.throwIfAborted();
        const now = clock.now().getTime();
        const changes = l.changes;
        const id = `${take.lane}.${idPrefix}-${++nextId}`;
        const taken = await state.take(key, id, limit, windowMs, now, now + inFlightMs, take);
        if (taken.granted) {
          if (!(await boundFromNow(key, id, now + inFlightMs, inFlightMs))) continue;
          return {
            granted: true,
            slot: {
              release: async () => {
                await state.settle(key, id, clock.now().getTime());
                changed(key);
              },
            },
          };
        }
        const wait = Math.max(0, taken.retryAt - now);
        // A provisional wait could shrink to a window from now, if the answer came at once.
        const soonest = taken.provisional ? Math.min(wait, windowMs) : wait;
        if (now + soonest > deadline()) return { granted: false, waitMs: wait };
        if (state.line && !inLine) {
          // A shared window is full: the wait is foreseen from every process's waiters, and said
          // now if it is too long.
          const foreseen = await estimate(key, limit, take, queuedUpTo(key, take.lane) - 1);
          if (Number.isFinite(maxWaitMs) && now + foreseen > deadline())
            return { granted: false, waitMs: foreseen };
          joinLine(now);
        }
        // An answer in another process cannot wake us: look again soon while the wait is provisional.
        const nap = taken.provisional ? Math.min(wait, PROVISIONAL_POLL_MS) : wait;
        if (l.changes === changes) await sleepUnlessWoken(l, nap, signal);
      }
    } finally {
      l.queued--;
      // Hand the turn on only after the one before us is done, so the line keeps its order.
      void previous.then(finished);
      if (inLine) {
        void inLine.then((joined) => (joined ? state.line?.leave(key, waiterId) : undefined)).catch(() => {});
      }
    }
  }
}

const RELEASED: Promise<void> = Promise.resolve();

/** Waits for `promise`, or throws the signal's reason as soon as it aborts. */
function untilAborted(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
