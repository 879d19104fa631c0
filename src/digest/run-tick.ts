/**
 * One scheduler tick: find the firings due, claim each in the store before anything is sent, list
 * each needed project once for every digest that shows it, render, post in each channel's turn,
 * and record what became of each. A claim is given back whenever a digest was not sent, so a later
 * tick (or another runner) sends it; never once it was.
 */

import { classifySlackFailure } from '../lib/slack-failure.ts';
import { publishDigestRecorded } from './digest-events.ts';
import type { DueEntry, DueIndex } from './due-index.ts';
import { planFirings } from './plan.ts';
import { recordRead } from './read-lead.ts';
import { type RenderedDigest, renderDigest } from './render-digest.ts';
import { errorDetails, type RunContext, type TeamContext } from './run-context.ts';
import { pauseChannel } from './run-pause.ts';
import { prefetchUpcoming, readLead, saveLead } from './run-prefetch.ts';
import { type DigestSlackClient, emptyReport, type TickReport } from './runner-options.ts';
import { dueFirings, firingKey } from './schedule.ts';
import type { DigestTask } from './select.ts';
import { adoptShared } from './shared-ahead.ts';
import type { LastFiring } from './subscriptions.ts';
import type { DigestFiring, DigestSubscription } from './types.ts';

/** Thrown inside a queued post whose channel was paused while it waited. */
const CHANNEL_PAUSED = Symbol('channel paused');
/** Thrown inside a queued post that waited past its claim: the firing may be someone else's now. */
const CLAIM_LAPSED = Symbol('claim lapsed');

interface Candidate {
  entry: DueEntry;
  sub: DigestSubscription;
  firing: DigestFiring;
}

interface Claimed extends Candidate {
  key: string;
  /** Epoch ms by the clock, taken before claiming: the claim is ours until claimedAt + claimTtlMs at the latest. */
  claimedAt: number;
}

type PostAnswer = Awaited<ReturnType<DigestSlackClient['chat']['postMessage']>>;

export async function runTick(ctx: RunContext, index: DueIndex, now: Date): Promise<TickReport> {
  const report = emptyReport();
  const fetchesBefore = ctx.fetches.started;
  await index.refresh(ctx.subscriptions, now);
  const due = index.due(now.getTime());
  for (const entry of due) entry.busy = true;
  const candidates: Candidate[] = [];
  try {
    // The index keeps no subscriptions: the due ones are read now, as they stand.
    const subs = await Promise.all(due.map((entry) => ctx.subscriptions.get(entry.teamId, entry.id)));
    due.forEach((entry, i) => {
      const sub = subs[i];
      const firing = sub
        ? dueFirings(sub, { now, lastFiredLocalDate: entry.lastFired, graceMs: ctx.graceMs }).at(-1)
        : undefined;
      if (sub && firing) candidates.push({ entry, sub, firing });
      else index.idle(entry, sub, now);
    });
    report.due = candidates.length;
    const claimed = (await Promise.all(candidates.map((c) => claim(ctx, index, c, now, report)))).filter(
      (c): c is Claimed => c !== undefined,
    );
    const byTeam = new Map<string, Claimed[]>();
    for (const item of claimed) {
      const list = byTeam.get(item.sub.teamId) ?? [];
      list.push(item);
      byTeam.set(item.sub.teamId, list);
    }
    await Promise.all([...byTeam].map(([teamId, items]) => runTeam(ctx, index, teamId, items, now, report)));
  } finally {
    for (const entry of due) entry.busy = false;
  }
  report.fetches = ctx.fetches.started - fetchesBefore;
  // After this minute's firings: the next minutes' lists, read while this minute is quieter.
  await prefetchUpcoming(ctx, index, now);
  if (report.due > 0) ctx.logger.info({ at: now.toISOString(), ...report }, 'digest: tick done');
  return report;
}

async function claim(
  ctx: RunContext,
  index: DueIndex,
  candidate: Candidate,
  now: Date,
  report: TickReport,
): Promise<Claimed | undefined> {
  const { entry, sub, firing } = candidate;
  const key = firingKey(firing);
  const claimedAt = ctx.clock.now().getTime();
  let won = false;
  let last: LastFiring | undefined;
  try {
    won = await ctx.store.claim(key, ctx.claimTtlMs);
    // The claim only says someone is (or was) at work; the firing record says it is done.
    last = await ctx.subscriptions.lastFiring(sub.teamId, sub.id);
  } catch (error) {
    // The store failed for this one: the others of the tick go on, this one waits for the next.
    ctx.logger.error(
      { teamId: sub.teamId, subscriptionId: sub.id, ...errorDetails(error) },
      'digest: could not claim a firing; will try again',
    );
    if (won) await ctx.store.release(key).catch(() => {});
    index.retryAt(entry, now.getTime() + ctx.retryDelayMs);
    report.retry++;
    return undefined;
  }
  if (last && last.localDate >= firing.localDate) {
    index.fired(entry, last.localDate, sub, now);
    report.alreadyDone++;
    return undefined;
  }
  if (!won) {
    index.retryAt(entry, now.getTime() + ctx.retryDelayMs);
    report.claimedElsewhere++;
    return undefined;
  }
  // Which instance holds which firing: with several instances, the line to look for when one dies.
  ctx.logger.info(
    { teamId: sub.teamId, subscriptionId: sub.id, localDate: firing.localDate, leaseMs: ctx.claimTtlMs },
    'digest: claimed',
  );
  return { ...candidate, key, claimedAt };
}

async function runTeam(
  ctx: RunContext,
  index: DueIndex,
  teamId: string,
  items: Claimed[],
  now: Date,
  report: TickReport,
): Promise<void> {
  let team: TeamContext | undefined;
  try {
    team = await ctx.team(teamId);
  } catch (error) {
    ctx.logger.error({ teamId, ...errorDetails(error) }, 'digest: could not reach the workspace connection');
  }
  if (!team) {
    ctx.logger.warn(
      { teamId, digests: items.length },
      'digest: workspace not connected to the service or Slack; will try again',
    );
    await Promise.all(
      items.map(async (item) => {
        index.retryAt(item.entry, now.getTime() + ctx.retryDelayMs);
        report.retry++;
        await ctx.store.release(item.key);
      }),
    );
    return;
  }
  const plan = planFirings(
    items.map((item) => item.firing),
    items.map((item) => item.sub),
  );
  // A list another instance read ahead is taken from the store rather than read again.
  await Promise.all(
    plan.projectIds.map((projectId) => {
      const dueBefore = plan.dueBefore.get(projectId);
      return dueBefore && adoptShared(ctx, teamId, projectId, dueBefore.getTime(), now.getTime());
    }),
  );
  // Every project once, up to the furthest horizon any of these digests shows.
  const lists = new Map<number, Promise<DigestTask[]>>();
  for (const projectId of plan.projectIds) {
    const dueBefore = plan.dueBefore.get(projectId);
    if (!dueBefore) continue;
    const list = ctx.fetches.get(
      teamId,
      team.source,
      projectId,
      dueBefore,
      ctx.signal(),
      false,
      now.getTime(),
    );
    // Each digest awaits the lists it needs; this only keeps a failure nobody awaits from going unhandled.
    list.catch(() => {});
    lists.set(projectId, list);
  }
  const people = ctx.people(teamId);
  const ready = team;
  // Asked once its list is in: a read-ahead the firing shared is kept by then.
  const readAt = (projectId: number) => {
    const dueBefore = plan.dueBefore.get(projectId);
    return dueBefore ? ctx.fetches.readAt(teamId, projectId, dueBefore) : undefined;
  };
  const measured = measureOwnRead(ctx, teamId, ready, lists, readAt);
  await Promise.all(
    items.map((item) => deliver(ctx, index, ready, item, { lists, readAt }, people, now, report)),
  );
  await measured;
}

/**
 * What the firing's own reads cost, kept as a read-ahead's is (`run-prefetch.ts`): a firing that
 * read its lists itself (none read ahead: the lead was too short, or the read-ahead failed) makes
 * tomorrow's read-ahead start early enough, rather than the lead staying at the floor for ever.
 */
async function measureOwnRead(
  ctx: RunContext,
  teamId: string,
  team: TeamContext,
  lists: ReadonlyMap<number, Promise<DigestTask[]>>,
  readAt: (projectId: number) => number | undefined,
): Promise<void> {
  const started = ctx.clock.now().getTime();
  const requestsBefore = team.source.requests ?? 0;
  await Promise.allSettled(lists.values());
  const readNow = [...lists.keys()].filter((projectId) => readAt(projectId) === undefined);
  const requests = (team.source.requests ?? 0) - requestsBefore;
  if (readNow.length === 0 || requests === 0) return;
  const ended = ctx.clock.now().getTime();
  const cost = { requests, wallMs: ended - started, at: ended };
  const record = recordRead(await readLead(ctx, teamId), cost, ctx.digestLanePerMinute);
  ctx.logger.info(
    { teamId, projects: readNow.length, ...cost, needMs: record.needMs },
    'digest: read at the firing; the next read-ahead starts early enough for it',
  );
  await saveLead(ctx, teamId, record);
}

async function deliver(
  ctx: RunContext,
  index: DueIndex,
  team: TeamContext,
  item: Claimed,
  fetched: {
    lists: ReadonlyMap<number, Promise<DigestTask[]>>;
    /** When a list read ahead was read; undefined for one read now. */
    readAt: (projectId: number) => number | undefined;
  },
  people: Promise<ReadonlyMap<number, string>>,
  now: Date,
  report: TickReport,
): Promise<void> {
  const { entry, sub, firing, key, claimedAt } = item;
  const signal = ctx.signal();
  const claimHeld = () => ctx.clock.now().getTime() - claimedAt < ctx.claimTtlMs;
  const log = { teamId: sub.teamId, subscriptionId: sub.id, localDate: firing.localDate };
  const record = async (outcome: Pick<LastFiring, 'outcome' | 'post' | 'error'>) => {
    index.fired(entry, firing.localDate, sub, now);
    publishDigestRecorded({ outcome: outcome.outcome, late: firing.late });
    try {
      await ctx.subscriptions.recordFiring(sub.teamId, sub.id, {
        localDate: firing.localDate,
        scheduledAt: firing.scheduledAt.toISOString(),
        late: firing.late,
        at: ctx.clock.now().toISOString(),
        ...outcome,
      });
    } catch (error) {
      // The claim still holds it for its TTL; only after that could another runner send it again.
      ctx.logger.error({ ...log, ...errorDetails(error) }, 'digest: done but could not record it');
    }
  };
  const retryLater = () => {
    index.retryAt(entry, now.getTime() + ctx.retryDelayMs);
    report.retry++;
  };

  let keepClaim = false;
  try {
    let rendered: RenderedDigest | null;
    try {
      const tasksByProject = new Map<number, DigestTask[]>();
      let listedAt: number | undefined;
      for (const projectId of sub.projectIds) {
        const list = fetched.lists.get(projectId);
        if (!list) throw new Error(`project ${projectId} was not planned`);
        tasksByProject.set(projectId, await list);
        const read = fetched.readAt(projectId);
        if (read !== undefined) listedAt = Math.min(listedAt ?? read, read);
      }
      rendered = renderDigest({
        subscription: sub,
        firing,
        tasksByProject,
        slackUserIds: await people,
        links: ctx.links,
        messages: ctx.messages,
        now: ctx.clock.now(),
        showWhenEmpty: false,
        listedAt: listedAt === undefined ? undefined : new Date(listedAt),
      });
    } catch (error) {
      if (signal.aborted) {
        report.stopped++;
        return;
      }
      // Sending nothing silently would lose the digest; sending what is known would be wrong.
      ctx.logger.warn({ ...log, ...errorDetails(error) }, 'digest: could not list its tasks; will try again');
      retryLater();
      return;
    }
    if (!rendered) {
      keepClaim = true;
      await record({ outcome: 'empty' });
      report.empty++;
      return;
    }
    const { message, taskIds } = rendered;
    let answer: PostAnswer;
    try {
      answer = await ctx.posts.send(sub.teamId, sub.channelId, signal, async () => {
        if (index.get(entry.ref)?.paused) throw CHANNEL_PAUSED;
        if (!claimHeld()) throw CLAIM_LAPSED;
        return team.slack.chat.postMessage({
          channel: sub.channelId,
          text: message.text,
          blocks: message.blocks,
          unfurl_links: false,
          unfurl_media: false,
        });
      });
    } catch (error) {
      if (error === CHANNEL_PAUSED) {
        report.paused++;
      } else if (error === CLAIM_LAPSED) {
        // Whoever holds the claim now sends it; a later tick checks that they did.
        ctx.logger.warn(log, 'digest: waited past its claim; left to whoever holds it now');
        retryLater();
      } else if (signal.aborted) {
        report.stopped++;
      } else {
        const failure = classifySlackFailure(error);
        if (failure.kind === 'channel-gone') {
          report.paused++;
          await pauseChannel(ctx, index, team, sub.channelId, failure.code, now);
        } else if (failure.kind === 'permanent') {
          keepClaim = true;
          ctx.logger.error(
            { ...log, ...errorDetails(error) },
            'digest: Slack refused the digest; not retried today',
          );
          await record({ outcome: 'failed', error: failure.code });
          report.failed++;
        } else {
          ctx.logger.warn(
            { ...log, code: failure.code },
            'digest: Slack could not take the post; will try again',
          );
          retryLater();
        }
      }
      return;
    }
    // Posted: from here on the claim is never given back, whatever happens to the record.
    keepClaim = true;
    const post = answer.ts ? { channel: answer.channel ?? sub.channelId, ts: answer.ts, taskIds } : undefined;
    await record(post ? { outcome: 'posted', post } : { outcome: 'posted' });
    report.sent++;
  } finally {
    // A lapsed claim may be another runner's by now: releasing it would let a third send again.
    if (!keepClaim && claimHeld()) {
      await ctx.store.release(key).catch((error: unknown) => {
        ctx.logger.error(
          { ...log, ...errorDetails(error) },
          'digest: could not release a claim; it expires on its own',
        );
      });
    }
  }
}
