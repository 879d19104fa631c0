/** Remove beside an emoji in `/task react`'s list: the emoji stops making tasks here. */
import { createReactionTasks } from '../../../store/repositories/reaction-tasks.ts';
import type { AppDeps } from '../../deps.ts';
import { type ActionArgs, actionContext, staleButton } from '../../kit/team-action.ts';
import { mappingsMessage } from './mappings-message.ts';

export function removeMappingHandler(deps: AppDeps) {
  return async (args: ActionArgs) => {
    await args.ack();
    const ctx = actionContext(deps, args);
    try {
      const emoji = ctx.value;
      if (!emoji || !ctx.channelId || !/^[a-z0-9_+'-]{1,100}$/.test(emoji)) {
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
