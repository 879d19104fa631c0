/**
 * Reading ahead: at each tick, the digests due within `prefetchMs` get their projects listed now
 * (each project once, up to the furthest horizon), kept in `ProjectFetches` until their firing has
 * passed, so at 9:00 twenty digests post from lists read at 8:55 rather than asking the service in
 * the minute everyone clicks. The tick runs in the digest lane of the token's budget, and so do
 * these reads. A failure here costs nothing: the firing reads the lists itself.
 */

import type { DueIndex } from './due-index.ts';
import { planFirings } from './plan.ts';
import { errorDetails, type RunContext } from './run-context.ts';
import { dueFirings } from './schedule.ts';
import type { DigestFiring, DigestSubscription } from './types.ts';

export async function prefetchUpcoming(ctx: RunContext, index: DueIndex, now: Date): Promise<void> {
  if (ctx.prefetchMs <= 0) return;
  const upcoming = index.upcoming(now.getTime(), now.getTime() + ctx.prefetchMs);
  if (upcoming.length === 0) return;
  const byTeam = new Map<string, { firings: DigestFiring[]; subs: DigestSubscription[] }>();
  // Kept until the last of them has fired and had its grace.
  let keepUntil = now.getTime();
  for (const entry of upcoming) {
    entry.prefetchedFor = entry.dueAt;
    const sub = await ctx.subscriptions.get(entry.teamId, entry.id).catch(() => undefined);
    if (!sub) continue;
    const at = new Date(entry.dueAt);
    const firing = dueFirings(sub, { now: at, lastFiredLocalDate: entry.lastFired, graceMs: ctx.graceMs }).at(
      -1,
    );
    if (!firing) continue;
    keepUntil = Math.max(keepUntil, entry.dueAt + ctx.graceMs);
    const team = byTeam.get(sub.teamId) ?? { firings: [], subs: [] };
    team.firings.push(firing);
    team.subs.push(sub);
    byTeam.set(sub.teamId, team);
  }
  await Promise.all(
    [...byTeam].map(async ([teamId, { firings, subs }]) => {
      try {
        const team = await ctx.team(teamId);
        if (!team) return;
        const plan = planFirings(firings, subs);
        await Promise.all(
          plan.projectIds.map((projectId) =>
            ctx.fetches.prefetch(
              teamId,
              team.source,
              projectId,
              plan.dueBefore.get(projectId)!,
              ctx.signal(),
              now.getTime(),
              keepUntil,
            ),
          ),
        );
        ctx.logger.info(
          { teamId, digests: firings.length, projects: plan.projectIds.length },
          'digest: read ahead',
        );
      } catch (error) {
        ctx.logger.warn(
          { teamId, ...errorDetails(error) },
          'digest: could not read ahead; the firing reads itself',
        );
      }
    }),
  );
}
