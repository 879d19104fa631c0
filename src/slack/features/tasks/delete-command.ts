/**
 * `/task delete ID`: the confirmation opens at once (the trigger lasts 3 s); the tombstone is the
 * answer once confirmed, through the command's response_url.
 */
import type { DeleteIntent } from '../../commands/intents.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { linkOfferForActing, taskActor } from '../../services/task-actor.ts';
import { openDeleteTaskModal } from './open-delete-modal.ts';

export async function deleteHandler(ctx: CommandContext, intent: DeleteIntent): Promise<void> {
  const actor = await taskActor(ctx.deps, ctx.teamId, ctx.userId);
  if (!actor) {
    await ctx.respond({ response_type: 'ephemeral', ...linkOfferForActing() });
    return;
  }
  await openDeleteTaskModal(ctx.deps, ctx.client, {
    triggerId: ctx.triggerId,
    teamId: ctx.teamId,
    userId: ctx.userId,
    taskId: intent.taskId,
    location: null,
    actor,
    responseUrl: ctx.command.response_url,
  });
}
