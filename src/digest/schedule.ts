/**
 * When a digest fires: once per local day at its local time, in its own zone, DST-safe. Pure: the
 * clock comes in as `now`, what already fired comes in as `lastFiredLocalDate`, so a scheduler
 * loop, a restart and a test on a fake clock all ask the same questions.
 */
import { addDays, instantAt, isoWeekday, localDateOf, type WallTime } from './local-time.ts';
import type { DigestFiring, DigestSubscription } from './types.ts';

/** How long after its instant a firing still counts as on time (a scheduler ticks once a minute). */
export const LATE_GRACE_MS = 2 * 60_000;

type Timing = Pick<DigestSubscription, 'time' | 'timeZone'>;
type Schedulable = Pick<DigestSubscription, 'id' | 'time' | 'timeZone' | 'days' | 'paused' | 'createdAt'>;

function wallTime(time: string): WallTime {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`digest time must be HH:mm, got ${JSON.stringify(time)}`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

/**
 * The UTC instant a subscription is due on one of its local dates. A time inside a DST gap fires
 * just after the gap; a time the clocks pass twice fires once, at the first occurrence.
 */
export function scheduledInstant(sub: Timing, localDate: string): Date {
  return instantAt(localDate, wallTime(sub.time), sub.timeZone);
}

/** The store key a firing is claimed under before it is sent, so it is sent once across restarts and processes. */
export function firingKey(firing: Pick<DigestFiring, 'subscriptionId' | 'localDate'>): string {
  return `digest:${firing.subscriptionId}:${firing.localDate}`;
}

interface DueFiringsOptions {
  now: Date;
  /** The latest local date the subscription has fired for; nothing has fired if left out. */
  lastFiredLocalDate?: string | undefined;
  /** How long after its instant a firing is still on time rather than late. Default {@link LATE_GRACE_MS}. */
  graceMs?: number;
}

function scheduledOn(sub: Schedulable, localDate: string): Date | null {
  if (!sub.days.includes(isoWeekday(localDate))) return null;
  try {
    return scheduledInstant(sub, localDate);
  } catch (error) {
    // Only a day the zone skipped entirely has no instant; it simply has no digest.
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * The firings due at `now`: today's (local) once its instant has passed and it has not fired for
 * that date. After downtime a missed firing is still sent, marked late, while its local day lasts;
 * once the day is over it is skipped, never sent. Yesterday's firing is only returned while still
 * within the grace period (a 23:59 digest seen at 00:00:30). Paused subscriptions, days not in
 * `sub.days` and instants before the subscription existed yield nothing.
 */
export function dueFirings(sub: Schedulable, options: DueFiringsOptions): DigestFiring[] {
  if (sub.paused) return [];
  const now = options.now.getTime();
  const graceMs = options.graceMs ?? LATE_GRACE_MS;
  const createdAt = Date.parse(sub.createdAt);
  const today = localDateOf(options.now, sub.timeZone);
  const firings: DigestFiring[] = [];
  for (const localDate of [addDays(today, -1), today]) {
    if (options.lastFiredLocalDate !== undefined && localDate <= options.lastFiredLocalDate) continue;
    const at = scheduledOn(sub, localDate);
    if (!at || at.getTime() > now || at.getTime() < createdAt) continue;
    const onTime = now - at.getTime() <= graceMs;
    if (!onTime && localDate !== today) continue;
    firings.push({ subscriptionId: sub.id, localDate, scheduledAt: at, late: !onTime });
  }
  return firings;
}

/**
 * The next instant strictly after `now` at which the subscription is scheduled (to sleep a
 * scheduler until then, or to show "next digest: Monday 09:00"); null while it is paused.
 */
export function nextFiring(sub: Schedulable, now: Date): Date | null {
  if (sub.paused) return null;
  const today = localDateOf(now, sub.timeZone);
  // Two weeks covers any set of weekdays, even around a day a zone skipped.
  for (let offset = 0; offset <= 14; offset++) {
    const at = scheduledOn(sub, addDays(today, offset));
    if (at && at.getTime() > now.getTime()) return at;
  }
  return null;
}
