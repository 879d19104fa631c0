/**
 * `/task digest`: opens the form for a new digest in this channel; `digest show` lists the
 * channel's digests; `digest off` turns off the only one at once, or, when there are several, asks
 * which (with a button for all of them).
 */
import type { DigestIntent } from '../../commands/intents.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { digestListMessage } from './digest-list-model.ts';
import { digestsOffMessage } from './digest-messages.ts';
import { openDigestForm } from './open-digest-form.ts';

export async function digestHandler(ctx: CommandContext, intent: DigestIntent): Promise<void> {
  const { deps, teamId, channelId } = ctx;
  if (intent.action === 'new') {
    await openDigestForm(deps, ctx.client, {
      triggerId: ctx.triggerId,
      teamId,
      userId: ctx.userId,
      channelId,
      subscriptionId: null,
    });
    return;
  }
  if (intent.action === 'show') {
    await ctx.respond({
      response_type: 'ephemeral',
      ...(await digestListMessage(deps, { teamId, channelId })),
    });
    return;
  }
  const subs = await deps.digests.subscriptions.listByChannel(teamId, channelId);
  if (subs.length > 1) {
    const question = await digestListMessage(deps, { teamId, channelId, purpose: 'off' });
    await ctx.respond({ response_type: 'ephemeral', ...question });
    return;
  }
  const removed = await deps.digests.subscriptions.deleteChannel(teamId, channelId);
  deps.logger.info({ teamId, channelId, removed, by: ctx.userId }, 'digests turned off');
  await ctx.respond({ response_type: 'ephemeral', ...digestsOffMessage(channelId, removed) });
}
