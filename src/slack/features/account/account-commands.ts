/** `/task connect`, `/task link`, `/task unlink`: the workspace's connection and each person's link. */

import type { CommandContext } from '../../kit/command-context.ts';
import { errorMessage } from '../../ui/messages/errors.ts';
import { openConnectModal } from './open-connect-modal.ts';
import { openLinkModal } from './open-link-modal.ts';

export async function connectHandler(ctx: CommandContext): Promise<void> {
  await openConnectModal(ctx.deps, ctx.client, ctx);
}

export async function linkHandler(ctx: CommandContext): Promise<void> {
  await openLinkModal(ctx.deps, ctx.client, ctx);
}

export async function unlinkHandler(ctx: CommandContext): Promise<void> {
  const had = await ctx.deps.userLinks.get(ctx.teamId, ctx.userId);
  if (!had) {
    await ctx.respond({
      response_type: 'ephemeral',
      ...errorMessage({ what: 'You are not linked to an account.', next: 'Link one with `/task link`.' }),
    });
    return;
  }
  await ctx.deps.userLinks.unlink(ctx.teamId, ctx.userId);
  await ctx.respond({
    response_type: 'ephemeral',
    text: `:broken_chain: You are no longer linked to *${had.memberName}*. Link again any time with \`/task link\`.`,
  });
}
