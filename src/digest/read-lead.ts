/**
 * How long before its firing a workspace's digests are read ahead: sized from what that reading
 * cost last time, so a service that pages small (10 tasks a page, filters ignored: 400 requests
 * for 100 projects, 11 minutes in the digest lane) is read by the firing rather than 6 minutes
 * after it.
 *
 * The trade-off: a longer lead posts on time, but a digest shows its tasks as of up to `lead`
 * before it posts (a task done in between still shows; over 15 minutes, its footer says as of when:
 * `STALE_LIST_MS`). Hence a floor (the default 5 minutes, the
 * lead before anything was measured), a cap (60 minutes: past that a digest is too stale to be
 * worth being on time), and a margin of half again for a morning busier than the last.
 *
 * What a read needs is remembered per workspace, decaying by half each week: a small read later
 * in the day (one digest at 9:15) does not undo the lead the 9:00 batch needs tomorrow, and a
 * workspace whose projects shrank comes back to a shorter lead within a few weeks.
 */

const MINUTE_MS = 60_000;
const WEEK_MS = 7 * 86_400_000;

/** The lead before any read was measured, and the least one. */
export const DEFAULT_LEAD_MS = 5 * MINUTE_MS;
/** The longest lead, however long the reading took. */
export const MAX_LEAD_MS = 60 * MINUTE_MS;
/** Half again what the last read needed: a morning busier than the last still reads in time. */
export const LEAD_MARGIN = 1.5;

/** What one read-ahead of a workspace cost, as measured. */
export interface ReadCost {
  /** Service requests sent (every page of every project read). */
  requests: number;
  /** From its first request to its last answer, by the runner's clock. */
  wallMs: number;
  /** When it ended (epoch ms). */
  at: number;
}

/** What a workspace's read-ahead needs, as remembered (in the store, one record per workspace). */
export interface LeadRecord {
  /** Time the read needs, in ms, as of `at`. */
  needMs: number;
  at: number;
}

export interface LeadLimits {
  floorMs: number;
  capMs: number;
}

const DEFAULT_LIMITS: LeadLimits = { floorMs: DEFAULT_LEAD_MS, capMs: MAX_LEAD_MS };

/**
 * Time a read of `cost` needs: its measured wall time, or its requests at the digest lane's pace
 * (`lanePerMinute`, what the lane keeps when the lanes above it are busy) if that is longer, since
 * a read that found the window empty was quicker than one in a busy morning will be.
 */
export function readNeedMs(cost: Pick<ReadCost, 'requests' | 'wallMs'>, lanePerMinute: number): number {
  if (!(lanePerMinute > 0)) throw new RangeError(`lanePerMinute must be positive, got ${lanePerMinute}`);
  return Math.max(0, cost.wallMs, (cost.requests / lanePerMinute) * MINUTE_MS);
}

/** What a record still says at `now`: its need halved for each week since it was measured. */
export function rememberedNeedMs(record: LeadRecord | undefined, now: number): number {
  if (!record) return 0;
  const age = Math.max(0, now - record.at);
  return record.needMs * 0.5 ** (age / WEEK_MS);
}

/** The record after a read of `cost`: the longer of its need and what is still remembered. */
export function recordRead(
  record: LeadRecord | undefined,
  cost: ReadCost,
  lanePerMinute: number,
): LeadRecord {
  return {
    needMs: Math.max(readNeedMs(cost, lanePerMinute), rememberedNeedMs(record, cost.at)),
    at: cost.at,
  };
}

/**
 * The lead at `now`: the remembered need with its margin, up to the next whole minute (ticks fall
 * on minutes), within the floor and the cap. Unknown (no read measured yet): the floor.
 */
export function leadMs(
  record: LeadRecord | undefined,
  now: number,
  limits: LeadLimits = DEFAULT_LIMITS,
): number {
  const { floorMs, capMs } = limits;
  const wanted = Math.ceil((rememberedNeedMs(record, now) * LEAD_MARGIN) / MINUTE_MS) * MINUTE_MS;
  return Math.min(Math.max(floorMs, capMs), Math.max(floorMs, wanted));
}
