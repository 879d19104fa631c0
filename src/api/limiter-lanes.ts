/**
 * The budget plan of one token: every request goes in a lane, in priority order — a person's
 * writes, a person's reads that miss the task view, digests, the change poll, background refreshes
 * (view scans). Each lane has a reserved share of the window. A lane may use any slot except the
 * unused reserve of the lanes above it: higher lanes borrow from lower ones freely, lower lanes
 * never take what is reserved above them. So a write is refused only when the window is full, and
 * a poll that runs all day cannot starve the clicks.
 *
 * The arithmetic here is pure (the memory state, the estimate and the tests use it); the Redis
 * state does the same in Lua (`limiter-redis-state.ts`), so the plan holds across instances.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const LANES = ['write', 'read', 'digest', 'poll', 'background'] as const;
export type LaneName = (typeof LANES)[number];

/**
 * Reserved shares of each window. The background lane reserves nothing: it runs on what the others
 * leave (at least 40 % of the window when they are idle).
 */
export const DEFAULT_LANE_SHARES: Readonly<Record<LaneName, number>> = {
  write: 0.25,
  read: 0.15,
  digest: 0.1,
  poll: 0.1,
  background: 0,
};

/** What a take needs of the plan: its lane's index (0: highest) and each lane's reserve, in slots. */
export interface LaneTake {
  lane: number;
  reserves: readonly number[];
}

export function laneIndex(lane: LaneName): number {
  return LANES.indexOf(lane);
}

/** Slots reserved per lane for a window of `limit`; checks the plan leaves the lowest lane a slot. */
export function laneReserves(limit: number, shares: Partial<Record<LaneName, number>> = {}): number[] {
  const merged = { ...DEFAULT_LANE_SHARES, ...shares };
  const reserves = LANES.map((lane) => {
    const share = merged[lane];
    if (!(share >= 0 && share <= 1)) {
      throw new RangeError(`lane shares: ${lane} must be between 0 and 1, got ${String(share)}`);
    }
    return Math.floor(limit * share);
  });
  const aboveLowest = reserves.slice(0, -1).reduce((a, b) => a + b, 0);
  if (aboveLowest > limit - 1) {
    throw new RangeError(
      `lane shares: the lanes above ${LANES.at(-1)} reserve ${aboveLowest} of ${limit} slots; leave it at least one`,
    );
  }
  return reserves;
}

/**
 * The most requests `lane` can count on in one window of `limit` when every lane above it is busy:
 * the window less the reserves above it (36 a minute for the digests at the service's 60). What a
 * background job sizes its own timing by (a digest's read-ahead lead).
 */
export function laneThroughput(
  limit: number,
  lane: LaneName,
  shares: Partial<Record<LaneName, number>> = {},
): number {
  const reserves = laneReserves(limit, shares);
  return Math.max(
    1,
    limit -
      heldAbove(
        LANES.map(() => 0),
        laneIndex(lane),
        reserves,
      ),
  );
}

/** Slots the lanes above `lane` hold in reserve and have not used. */
export function heldAbove(counts: readonly number[], lane: number, reserves: readonly number[]): number {
  let held = 0;
  for (let m = 0; m < lane; m++) held += Math.max(0, (reserves[m] ?? 0) - (counts[m] ?? 0));
  return held;
}

/** Whether one more slot of `lane` fits a window holding `counts` slots per lane. */
export function admits(counts: readonly number[], limit: number, take: LaneTake | undefined): boolean {
  let total = 0;
  for (const c of counts) total += c;
  if (!take) return total < limit;
  return total + 1 + heldAbove(counts, take.lane, take.reserves) <= limit;
}

interface LaneSlot {
  stamp: number;
  lane: number;
}

/**
 * When one more slot of the take's lane fits, as the slots leave the window oldest first (epoch ms),
 * and the stamp whose leaving lets it in. Undefined: it fits now.
 */
export function fitsAt(
  slots: readonly LaneSlot[],
  limit: number,
  windowMs: number,
  take: LaneTake | undefined,
): { at: number; stamp: number } | undefined {
  const counts = countByLane(slots);
  if (admits(counts, limit, take)) return undefined;
  const sorted = [...slots].sort((a, b) => a.stamp - b.stamp);
  for (const slot of sorted) {
    counts[slot.lane] = (counts[slot.lane] ?? 0) - 1;
    if (admits(counts, limit, take)) return { at: slot.stamp + windowMs, stamp: slot.stamp };
  }
  // Unreachable with reserves from `laneReserves`: an empty window admits every lane.
  const last = sorted.at(-1)?.stamp ?? 0;
  return { at: last + windowMs, stamp: last };
}

export function countByLane(slots: readonly LaneSlot[]): number[] {
  const counts = LANES.map(() => 0);
  for (const s of slots) counts[s.lane] = (counts[s.lane] ?? 0) + 1;
  return counts;
}

/**
 * The wait, from `now`, of one more request of the take's lane behind `ahead` others of its lane
 * or above, given the window's slots (stamps of requests in flight taken as answered now). Each one
 * ahead takes the first slot that fits it, then holds it a window.
 */
export function laneWait(
  slots: readonly LaneSlot[],
  now: number,
  limit: number,
  windowMs: number,
  take: LaneTake | undefined,
  ahead: number,
): number {
  const lane = take?.lane ?? 0;
  let live = slots.map((s) => ({ stamp: Math.min(s.stamp, now), lane: s.lane }));
  let at = now;
  // Past a few windows' worth the wait grows a window per lane's fill: extrapolate, not simulate.
  const simulated = Math.min(ahead, 4 * limit);
  for (let i = 0; i <= simulated; i++) {
    live = live.filter((s) => s.stamp + windowMs > at);
    const fit = fitsAt(live, limit, windowMs, take);
    if (fit) at = Math.max(at, fit.at);
    live = live.filter((s) => s.stamp + windowMs > at);
    live.push({ stamp: at, lane });
  }
  const rest = ahead - simulated;
  if (rest > 0) {
    const perWindow = Math.max(
      1,
      limit -
        heldAbove(
          LANES.map(() => 0),
          lane,
          take?.reserves ?? [],
        ),
    );
    at += Math.ceil(rest / perWindow) * windowMs;
  }
  return at - now;
}

const current = new AsyncLocalStorage<LaneName>();

/** Runs `work` with its service requests in `lane` (a digest, the poll, a scan). */
export function withLane<T>(lane: LaneName, work: () => T): T {
  return current.run(lane, work);
}

/** The lane of the work under way, if it named one. */
export function currentLane(): LaneName | undefined {
  return current.getStore();
}
