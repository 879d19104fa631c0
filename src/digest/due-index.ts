/**
 * The runner's view of every subscription: when each is next worth looking at, so a minute's tick
 * touches only the few that are due rather than all 50,000. An entry keeps only that instant and
 * the last date fired, not the subscription (the tick reads a due one from the store), so 50,000
 * stay small. Reloaded when the subscriptions' revision changes (any edit, by any process).
 */
import { dueFirings, nextFiring } from './schedule.ts';
import { subscriptionRef } from './store-keys.ts';
import type { DigestSubscriptions, SubscriptionSchedule } from './subscriptions.ts';

export interface DueEntry {
  ref: string;
  teamId: string;
  id: string;
  /** The latest local date this subscription's digest is done for (sent, empty or refused for good). */
  lastFired: string | undefined;
  /** Epoch ms from which the entry is worth a look. */
  dueAt: number;
  paused: boolean;
  /** A tick is working on it: another tick leaves it alone. */
  busy: boolean;
  /** The `dueAt` its lists were last read ahead for. */
  prefetchedFor?: number;
}

/** A subscription created this long ago or earlier can no longer have a firing before its creation. */
const RECENT_MS = 3 * 86_400_000;

export class DueIndex {
  readonly #entries = new Map<string, DueEntry>();
  readonly #graceMs: number;
  /** null until the first load; undefined while nothing was ever written. */
  #revision: string | undefined | null = null;

  constructor(graceMs: number) {
    this.#graceMs = graceMs;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(ref: string): DueEntry | undefined {
    return this.#entries.get(ref);
  }

  /** Reloads when the stored revision differs from the one loaded; answers whether it did. */
  async refresh(subscriptions: DigestSubscriptions, now: Date): Promise<boolean> {
    const revision = await subscriptions.revision();
    if (this.#revision !== null && revision === this.#revision) return false;
    // What fired is read once, at the first load; later this index keeps it up to date itself. A
    // digest another runner sent meanwhile is caught by the check after its claim.
    const lastFired = new Map<string, string>();
    if (this.#revision === null) {
      for await (const { teamId, id, localDate } of subscriptions.allFiredDates()) {
        lastFired.set(subscriptionRef(teamId, id), localDate);
      }
    }
    // Most subscriptions share a handful of schedules: each distinct one is worked out once.
    const memo = new Map<string, number>();
    const seen = new Set<string>();
    for await (const schedule of subscriptions.schedules()) {
      const ref = subscriptionRef(schedule.teamId, schedule.id);
      seen.add(ref);
      const known = this.#entries.get(ref);
      const fired = later(known?.lastFired, lastFired.get(ref));
      const recent = Date.parse(schedule.createdAt) > now.getTime() - RECENT_MS;
      const key = recent
        ? undefined
        : `${schedule.timeZone}|${schedule.time}|${schedule.days.join()}|${fired ?? ''}|${schedule.paused ? 1 : 0}`;
      let dueAt = key === undefined ? undefined : memo.get(key);
      if (dueAt === undefined) {
        dueAt = this.#dueAt(schedule, fired, now);
        if (key !== undefined) memo.set(key, dueAt);
      }
      if (known) {
        known.lastFired = fired;
        known.dueAt = dueAt;
        known.paused = schedule.paused !== undefined;
      } else {
        this.#entries.set(ref, {
          ref,
          teamId: schedule.teamId,
          id: schedule.id,
          lastFired: fired,
          dueAt,
          paused: schedule.paused !== undefined,
          busy: false,
        });
      }
    }
    for (const ref of this.#entries.keys()) if (!seen.has(ref)) this.#entries.delete(ref);
    this.#revision = revision;
    return true;
  }

  /** Entries due after `now` and up to `until`, not paused, whose lists were not read ahead yet. */
  upcoming(now: number, until: number): DueEntry[] {
    const upcoming: DueEntry[] = [];
    for (const entry of this.#entries.values()) {
      if (entry.paused || entry.dueAt <= now || entry.dueAt > until) continue;
      if (entry.prefetchedFor !== entry.dueAt) upcoming.push(entry);
    }
    return upcoming;
  }

  /** Entries worth a look at `now` that no tick is working on. */
  due(now: number): DueEntry[] {
    const due: DueEntry[] = [];
    for (const entry of this.#entries.values()) if (!entry.busy && entry.dueAt <= now) due.push(entry);
    return due;
  }

  /** Marks a firing done and moves the entry to its next scheduled instant. */
  fired(entry: DueEntry, localDate: string, schedule: SubscriptionSchedule, now: Date): void {
    entry.lastFired = later(entry.lastFired, localDate);
    entry.dueAt = nextAt(schedule, now);
  }

  /** Makes the entry due again at `at` (epoch ms), e.g. to retry after a failure. */
  retryAt(entry: DueEntry, at: number): void {
    entry.dueAt = at;
    // A retry reads its lists at its time: nothing to read ahead for it.
    entry.prefetchedFor = at;
  }

  /** Takes in a changed subscription (paused, say) and when it is next due. */
  replace(schedule: SubscriptionSchedule, now: Date): void {
    const entry = this.#entries.get(subscriptionRef(schedule.teamId, schedule.id));
    if (!entry) return;
    entry.paused = schedule.paused !== undefined;
    entry.dueAt = this.#dueAt(schedule, entry.lastFired, now);
  }

  /** Nothing due before the next scheduled instant (or the subscription is gone: forget it). */
  idle(entry: DueEntry, schedule: SubscriptionSchedule | undefined, now: Date): void {
    if (!schedule) {
      this.#entries.delete(entry.ref);
      return;
    }
    entry.paused = schedule.paused !== undefined;
    entry.dueAt = this.#dueAt(schedule, entry.lastFired, now);
  }

  #dueAt(schedule: SubscriptionSchedule, lastFired: string | undefined, now: Date): number {
    const firings = dueFirings(schedule, { now, lastFiredLocalDate: lastFired, graceMs: this.#graceMs });
    return firings.length > 0 ? now.getTime() : nextAt(schedule, now);
  }
}

function later(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a > b ? a : b;
}

function nextAt(schedule: SubscriptionSchedule, now: Date): number {
  return nextFiring(schedule, now)?.getTime() ?? Number.POSITIVE_INFINITY;
}
