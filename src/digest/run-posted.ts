/**
 * Digests outside the schedule: "Send a preview now" (marked as a preview, recorded nowhere),
 * "Send digest now" (today's digest itself, recorded as the day's post so it is redrawn in place
 * and the scheduler does not post it again today), and the day's message edited in place after
 * Done or Snooze. None claims anything; edits of one message run one at a time, each from a list
 * fetched after the one before it was sent, so two quick clicks cannot leave the older rendering.
 */

import { localDateOf } from './local-time.ts';
import type { DigestMessagePreview } from './messages.ts';
import { renderDigest } from './render-digest.ts';
import type { RunContext } from './run-context.ts';
import { DigestDeliveryError } from './slack-failure.ts';
import { subscriptionRef } from './store-keys.ts';
import {
  type DigestPostRecord,
  DigestSubscriptionError,
  type NewDigestSubscription,
} from './subscriptions.ts';
import { type DigestSubscription, DigestSubscriptionSchema } from './types.ts';

interface PostedDigests {
  sendPreview(
    subscription: DigestSubscription | NewDigestSubscription,
    preview?: DigestMessagePreview,
  ): Promise<DigestPostRecord>;
  sendNow(subscription: DigestSubscription): Promise<DigestPostRecord>;
  refreshPosted(teamId: string, subscriptionId: string, localDate?: string): Promise<boolean>;
}

export function createPostedDigests(ctx: RunContext): PostedDigests {
  const refreshing = new Map<string, Promise<boolean>>();

  async function connected(teamId: string) {
    const team = await ctx.team(teamId);
    if (!team) {
      throw new DigestDeliveryError(
        'This workspace is not connected to the work-management service (or the app is not installed)',
        'not_connected',
        'not-connected',
      );
    }
    return team;
  }

  async function refreshOnce(teamId: string, subscriptionId: string, wanted?: string): Promise<boolean> {
    const last = await ctx.subscriptions.lastFiring(teamId, subscriptionId);
    const post = last?.post;
    // Only the latest post is kept: an older day's message stays as it was.
    if (!last || !post || (wanted !== undefined && last.localDate !== wanted)) return false;
    const localDate = last.localDate;
    const sub = await ctx.subscriptions.get(teamId, subscriptionId);
    if (!sub) return false;
    const team = await connected(teamId);
    const [tasksByProject, slackUserIds] = await Promise.all([
      ctx.tasksOf(team, sub, localDate, true),
      ctx.people(teamId),
    ]);
    const rendered = renderDigest({
      subscription: sub,
      firing: { localDate, scheduledAt: new Date(last.scheduledAt), late: last.late },
      tasksByProject,
      slackUserIds,
      links: ctx.links,
      messages: ctx.messages,
      now: ctx.clock.now(),
      showWhenEmpty: true,
    });
    if (!rendered) return false;
    await ctx.postOrExplain(teamId, post.channel, () =>
      team.slack.chat.update({
        channel: post.channel,
        ts: post.ts,
        text: rendered.message.text,
        blocks: rendered.message.blocks,
      }),
    );
    await ctx.subscriptions.recordFiring(teamId, subscriptionId, {
      ...last,
      post: { ...post, taskIds: rendered.taskIds },
    });
    return true;
  }

  /** Today's digest as it stands, posted; a preview says it is one. */
  async function postToday(sub: DigestSubscription, preview: DigestMessagePreview | undefined) {
    const team = await connected(sub.teamId);
    const now = ctx.clock.now();
    const localDate = localDateOf(now, sub.timeZone);
    const [tasksByProject, slackUserIds] = await Promise.all([
      ctx.tasksOf(team, sub, localDate, false),
      ctx.people(sub.teamId),
    ]);
    const rendered = renderDigest({
      subscription: sub,
      firing: { localDate, scheduledAt: now, late: false },
      tasksByProject,
      slackUserIds,
      links: ctx.links,
      messages: ctx.messages,
      now,
      showWhenEmpty: true,
      preview,
    });
    if (!rendered) throw new Error('a digest shown when empty always renders');
    const answer = await ctx.postOrExplain(sub.teamId, sub.channelId, () =>
      team.slack.chat.postMessage({
        channel: sub.channelId,
        text: rendered.message.text,
        blocks: rendered.message.blocks,
        unfurl_links: false,
        unfurl_media: false,
      }),
    );
    const post = { channel: answer.channel ?? sub.channelId, ts: answer.ts ?? '', taskIds: rendered.taskIds };
    return { post, localDate, now };
  }

  return {
    async sendPreview(input, preview = {}) {
      const parsed = DigestSubscriptionSchema.safeParse({
        ...input,
        id: input.id ?? 'preview',
        createdAt: input.createdAt ?? ctx.clock.now().toISOString(),
      });
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
        throw new DigestSubscriptionError(`Invalid digest subscription: ${issues.join('; ')}`, issues);
      }
      return (await postToday(parsed.data, preview)).post;
    },

    async sendNow(sub) {
      const { post, localDate, now } = await postToday(sub, undefined);
      // Recorded as the day's firing: Done and Snooze redraw this message, and the scheduler,
      // finding today done, does not post a second one.
      await ctx.subscriptions.recordFiring(sub.teamId, sub.id, {
        localDate,
        outcome: 'posted',
        scheduledAt: now.toISOString(),
        late: false,
        at: ctx.clock.now().toISOString(),
        post,
      });
      return post;
    },

    refreshPosted(teamId, subscriptionId, localDate) {
      const ref = subscriptionRef(teamId, subscriptionId);
      const previous = refreshing.get(ref) ?? Promise.resolve(false);
      const run = previous.catch(() => false).then(() => refreshOnce(teamId, subscriptionId, localDate));
      refreshing.set(ref, run);
      const forget = () => {
        if (refreshing.get(ref) === run) refreshing.delete(ref);
      };
      run.then(forget, forget);
      return run;
    },
  };
}
