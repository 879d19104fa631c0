/**
 * A channel the bot can no longer post to: every digest there is paused, and the people who set
 * them up are told once (the notice is claimed in the store, so several digests and several
 * runners hitting the same closed channel send one notice between them).
 */
import type { DueIndex } from './due-index.ts';
import { errorDetails, type RunContext, type TeamContext } from './run-context.ts';
import { digestKeys } from './store-keys.ts';

/** A pause notice is claimed this long; resuming a digest releases it sooner. */
const NOTICE_TTL_MS = 30 * 86_400_000;

export async function pauseChannel(
  ctx: RunContext,
  index: DueIndex,
  team: TeamContext,
  channelId: string,
  code: string,
  now: Date,
): Promise<void> {
  const { teamId, slack } = team;
  const paused = await ctx.subscriptions.pauseChannel(teamId, channelId, `Slack answered ${code}`);
  for (const each of paused) index.replace(each, now);
  ctx.logger.warn(
    { teamId, channelId, code, paused: paused.length },
    'digest: the channel cannot be posted to; its digests are paused',
  );
  if (!(await ctx.store.claim(digestKeys.pauseNotice(teamId, channelId), NOTICE_TTL_MS))) return;
  const inChannel = await ctx.subscriptions.listByChannel(teamId, channelId);
  for (const creator of new Set(inChannel.map((each) => each.createdBy))) {
    const count = inChannel.filter((each) => each.createdBy === creator).length;
    const notice = ctx.messages.pausedNotice({ channelId, count, code });
    try {
      await ctx.posts.send(teamId, creator, ctx.signal(), () =>
        slack.chat.postMessage({ channel: creator, text: notice.text, blocks: notice.blocks }),
      );
    } catch (error) {
      ctx.logger.warn(
        { teamId, channelId, userId: creator, ...errorDetails(error) },
        'digest: could not send the pause notice',
      );
    }
  }
}
