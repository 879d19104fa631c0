/**
 * Reading ahead: at each tick, the digests due within their workspace's lead get their projects
 * listed now (each project once, up to the furthest horizon), kept in `ProjectFetches` until their
 * firing has passed, so at 9:00 twenty digests post from lists read earlier rather than asking the
 * service in the minute everyone clicks. The tick runs in the digest lane of the token's budget,
 * and so do these reads. A failure here costs nothing: the firing reads the lists itself.
 *
 * The lead is the runner's `prefetchMs` until a read-ahead of the workspace was measured; then it
 * is sized from what that read cost (`read-lead.ts`), so a service that pages small is read by the
 * firing. The measure is kept in the store: every instance, and the runner after a restart, use it.
 */

import type { DueEntry, DueIndex } from './due-index.ts';
import { planFirings } from './plan.ts';
import { type LeadRecord, leadMs, recordRead } from './read-lead.ts';
import { errorDetails, type RunContext, type TeamContext } from './run-context.ts';
import { dueFirings } from './schedule.ts';
import { adoptShared, claimRead, releaseRead, shareList } from './shared-ahead.ts';
import { digestKeys } from './store-keys.ts';
import type { DigestFiring, DigestSubscription } from './types.ts';

export async function prefetchUpcoming(ctx: RunContext, index: DueIndex, now: Date): Promise<void> {
  if (ctx.prefetchMs <= 0) return;
  const at = now.getTime();
  const horizon = Math.max(ctx.prefetchMs, ctx.prefetchMaxMs);
  const upcoming = index.upcoming(at, at + horizon);
  if (upcoming.length === 0) return;
  const entriesByTeam = new Map<string, DueEntry[]>();
  for (const entry of upcoming) {
    const list = entriesByTeam.get(entry.teamId) ?? [];
    list.push(entry);
    entriesByTeam.set(entry.teamId, list);
  }
  await Promise.all(
    [...entriesByTeam].map(async ([teamId, entries]) => {
      const record = await readLead(ctx, teamId);
      const lead = leadMs(record, at, { floorMs: ctx.prefetchMs, capMs: ctx.prefetchMaxMs });
      const within = entries.filter((entry) => entry.dueAt <= at + lead);
      if (within.length > 0) await prefetchTeam(ctx, teamId, within, now, record, lead);
    }),
  );
}

async function prefetchTeam(
  ctx: RunContext,
  teamId: string,
  entries: DueEntry[],
  now: Date,
  record: LeadRecord | undefined,
  lead: number,
): Promise<void> {
  const firings: DigestFiring[] = [];
  const subs: DigestSubscription[] = [];
  // Kept until the last of them has fired and had its grace.
  let keepUntil = now.getTime();
  for (const entry of entries) {
    entry.prefetchedFor = entry.dueAt;
    const sub = await ctx.subscriptions.get(entry.teamId, entry.id).catch(() => undefined);
    if (!sub) continue;
    const at = new Date(entry.dueAt);
    const firing = dueFirings(sub, { now: at, lastFiredLocalDate: entry.lastFired, graceMs: ctx.graceMs }).at(
      -1,
    );
    if (!firing) continue;
    keepUntil = Math.max(keepUntil, entry.dueAt + ctx.graceMs);
    firings.push(firing);
    subs.push(sub);
  }
  if (firings.length === 0) return;
  try {
    const team = await ctx.team(teamId);
    if (!team) return;
    const plan = planFirings(firings, subs);
    const started = ctx.clock.now().getTime();
    const requestsBefore = team.source.requests ?? 0;
    const before = ctx.fetches.prefetches;
    await Promise.all(
      plan.projectIds.map((projectId) =>
        prefetchProject(ctx, team, projectId, plan.dueBefore.get(projectId)!, now.getTime(), keepUntil, lead),
      ),
    );
    const ended = ctx.clock.now().getTime();
    const cost = {
      requests: (team.source.requests ?? 0) - requestsBefore,
      wallMs: ended - started,
      at: ended,
    };
    ctx.logger.info(
      { teamId, digests: firings.length, projects: plan.projectIds.length, leadMs: lead, ...cost },
      'digest: read ahead',
    );
    // Lists all kept from an earlier read cost nothing and say nothing of what a read needs.
    if (ctx.fetches.prefetches > before)
      await saveLead(ctx, teamId, recordRead(record, cost, ctx.digestLanePerMinute));
  } catch (error) {
    ctx.logger.warn(
      { teamId, ...errorDetails(error) },
      'digest: could not read ahead; the firing reads itself',
    );
  }
}

/**
 * One project's list ahead: taken from another instance when the store holds it, else read here
 * under a claim held for the lead (`shared-ahead.ts`) and shared. An instance that loses the claim
 * reads nothing: the holder's list is in the store by the next tick, or by the firing.
 */
async function prefetchProject(
  ctx: RunContext,
  team: TeamContext,
  projectId: number,
  dueBefore: Date,
  now: number,
  keepUntil: number,
  lead: number,
): Promise<void> {
  const { teamId } = team;
  if (await adoptShared(ctx, teamId, projectId, dueBefore.getTime(), keepUntil)) return;
  if (!(await claimRead(ctx, teamId, projectId, lead))) return;
  try {
    const requestsBefore = team.source.requests ?? 0;
    const read = await ctx.fetches.prefetch(
      teamId,
      team.source,
      projectId,
      dueBefore,
      ctx.signal(),
      now,
      keepUntil,
    );
    // From the task view (no request), every instance's view answers alike: nothing to share.
    if (read && (team.source.requests ?? 0) > requestsBefore) await shareList(ctx, teamId, projectId, read);
  } finally {
    await releaseRead(ctx, teamId, projectId);
  }
}

/** The workspace's remembered read cost; none (the floor lead) when the store cannot say. */
export async function readLead(ctx: RunContext, teamId: string): Promise<LeadRecord | undefined> {
  try {
    const record = await ctx.store.get<LeadRecord>(digestKeys.readLead(teamId));
    return record && Number.isFinite(record.needMs) && Number.isFinite(record.at) ? record : undefined;
  } catch (error) {
    ctx.logger.warn({ teamId, ...errorDetails(error) }, 'digest: could not read the read-ahead lead');
    return undefined;
  }
}

export async function saveLead(ctx: RunContext, teamId: string, record: LeadRecord): Promise<void> {
  try {
    await ctx.store.set(digestKeys.readLead(teamId), record, LEAD_RECORD_TTL_MS);
  } catch (error) {
    ctx.logger.warn({ teamId, ...errorDetails(error) }, 'digest: could not keep the read-ahead lead');
  }
}

/** A workspace that stopped reading ahead for this long starts again from the floor. */
const LEAD_RECORD_TTL_MS = 30 * 86_400_000;
