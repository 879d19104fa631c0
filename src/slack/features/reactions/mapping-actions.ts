/** The buttons of `/task react`'s list: Remove beside an emoji (it stops making tasks here), Add an emoji. */
import { createReactionTasks } from '../../../store/repositories/reaction-tasks.ts';
import type { AppDeps } from '../../deps.ts';
import { formOpener } from '../../kit/open-team-modal.ts';
import { type ActionArgs, actionContext, staleButton } from '../../kit/team-action.ts';
import { mappingsMessage } from './mappings-message.ts';
import { openReactionForm } from './reaction-form.ts';
import { EMOJI_NAME } from './save-mapping.ts';

export function removeMappingHandler(deps: AppDeps) {
  return async (args: ActionArgs) => {
    await args.ack();
    const ctx = actionContext(deps, args);
    try {
      const emoji = ctx.value;
      if (!emoji || !ctx.channelId || !EMOJI_NAME.test(emoji)) {
        await staleButton(ctx);
        return;
      }
      const reactions = createReactionTasks(deps.store);
      await reactions.removeMapping(ctx.teamId, ctx.channelId, emoji);
      await ctx.respond({
        response_type: 'ephemeral',
        replace_original: true,
        ...mappingsMessage(ctx.channelId, await reactions.mappings(ctx.teamId, ctx.channelId)),
      });
    } catch (error) {
      await ctx.fail(error, { what: 'remove an emoji mapping' });
    }
  };
}

export function addMappingHandler(deps: AppDeps) {
  return async (args: ActionArgs) => {
    await args.ack();
    const ctx = actionContext(deps, args);
    try {
      await openReactionForm(deps, args.client, formOpener(ctx), null);
    } catch (error) {
      await ctx.fail(error, { what: 'open the emoji form' });
    }
  };
}
