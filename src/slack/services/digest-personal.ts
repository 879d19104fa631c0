/**
 * A person's own digest, switched on from the Home tab: their open tasks (overdue and due today)
 * from every active project, by direct message, weekdays at 09:00 their time unless they pick
 * another hour. It is an ordinary subscription whose "channel" is the person's user id.
 */

import type { WorkApiClient } from '../../api/index.ts';
import { nextFiring } from '../../digest/schedule.ts';
import { DEFAULT_DIGEST_DAYS, type DigestSubscription } from '../../digest/types.ts';
import { resolveTimeZone } from '../../lib/dates.ts';
import type { AppDeps } from '../deps.ts';
import type { PersonalDigestModel } from '../ui/digest/personal-digest.ts';
import { activeProjects } from './resolve-project.ts';
import { TaskRefusal } from './task-refusal.ts';

/** 09:00: the start of most working days. */
const PERSONAL_DIGEST_TIME = '09:00';

/** The person's digest, if they turned one on. */
export async function personalDigest(
  deps: AppDeps,
  teamId: string,
  userId: string,
): Promise<DigestSubscription | undefined> {
  const [sub] = await deps.digests.subscriptions.listByChannel(teamId, userId);
  return sub;
}

/** What the Home tab shows of it. */
export function personalDigestModel(sub: DigestSubscription | undefined, now: Date): PersonalDigestModel {
  if (!sub) return { state: 'off' };
  return {
    state: 'on',
    time: sub.time,
    timeZone: sub.timeZone,
    days: sub.days,
    next: nextFiring(sub, now),
    paused: sub.paused?.reason,
  };
}

interface TurnOnRequest {
  teamId: string;
  userId: string;
  memberId: number;
  timeZone: string;
}

/** Two quick clicks (or two app processes) must not make two personal digests. */
const TURN_ON_LOCK_MS = 30_000;

/**
 * Turns it on, once: a second click finds it on, or, while the first is still at work, leaves it
 * to that one. A TaskRefusal when there is no active project.
 */
export async function turnOnPersonalDigest(
  deps: AppDeps,
  api: WorkApiClient,
  q: TurnOnRequest,
): Promise<DigestSubscription | undefined> {
  const lock = `digest:personal-on:${q.teamId}:${q.userId}`;
  if (!(await deps.store.claim(lock, TURN_ON_LOCK_MS))) return undefined;
  try {
    const existing = await personalDigest(deps, q.teamId, q.userId);
    if (existing) return existing;
    const projects = await activeProjects(api);
    if (projects.length === 0) {
      throw new TaskRefusal('There is no active project in the service to take tasks from.');
    }
    return await deps.digests.subscriptions.create({
      teamId: q.teamId,
      channelId: q.userId,
      createdBy: q.userId,
      projectIds: projects.slice(0, 100).map((p) => p.id),
      time: PERSONAL_DIGEST_TIME,
      timeZone: resolveTimeZone(q.timeZone),
      days: [...DEFAULT_DIGEST_DAYS],
      sections: { overdue: true, dueToday: true, dueWithinDays: 0 },
      filters: { assigneeIds: [q.memberId] },
      postWhenEmpty: false,
    });
  } finally {
    await deps.store.release(lock);
  }
}

/** Turns it off; answers whether there was one. */
export async function turnOffPersonalDigest(deps: AppDeps, teamId: string, userId: string): Promise<boolean> {
  return (await deps.digests.subscriptions.deleteChannel(teamId, userId)) > 0;
}

/** Moves it to another time of day, in the person's current zone (they may have moved). */
export async function setPersonalDigestTime(
  deps: AppDeps,
  q: { teamId: string; userId: string; time: string; timeZone: string },
): Promise<DigestSubscription | undefined> {
  const sub = await personalDigest(deps, q.teamId, q.userId);
  if (!sub) return undefined;
  return deps.digests.subscriptions.update(q.teamId, sub.id, {
    time: q.time,
    timeZone: resolveTimeZone(q.timeZone),
  });
}
