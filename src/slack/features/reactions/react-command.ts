/**
 * `/task react [:emoji: #Project | add | off :emoji:]`: the channel's emoji that make a message a
 * task. `add`, or an emoji without a project, opens the form.
 */
import { createReactionTasks } from '../../../store/repositories/reaction-tasks.ts';
import type { ReactIntent } from '../../commands/intents.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { formOpener } from '../../kit/open-team-modal.ts';
import { projectNamedLike, resolveProject } from '../../services/resolve-project.ts';
import { projectProblemMessage } from '../../ui/messages/project-problem.ts';
import { mappingsMessage } from './mappings-message.ts';
import { openReactionForm } from './reaction-form.ts';
import { saveMapping } from './save-mapping.ts';

export async function reactHandler(ctx: CommandContext, intent: ReactIntent): Promise<void> {
  const { deps, teamId, channelId } = ctx;
  const reactions = createReactionTasks(deps.store);
  if (intent.action === 'list') {
    await ctx.respond({
      response_type: 'ephemeral',
      ...mappingsMessage(channelId, await reactions.mappings(teamId, channelId)),
    });
    return;
  }
  if (intent.action === 'form') {
    await openReactionForm(deps, ctx.client, formOpener(ctx), intent.emoji);
    return;
  }
  if (intent.action === 'off') {
    const had = await reactions.removeMapping(teamId, channelId, intent.emoji);
    await ctx.respond({
      response_type: 'ephemeral',
      text: had
        ? `:${intent.emoji}: no longer makes tasks in <#${channelId}>.`
        : `:${intent.emoji}: made no tasks in <#${channelId}>: see \`/task react\` for those that do.`,
    });
    return;
  }
  const api = await ctx.api();
  const resolution = await resolveProject(deps, api, projectNamedLike(intent.project), ctx);
  if (resolution.kind !== 'found') {
    await ctx.respond({ response_type: 'ephemeral', ...projectProblemMessage(resolution, 'project') });
    return;
  }
  await saveMapping(deps, ctx, intent.emoji, resolution.project);
  await ctx.respond({
    response_type: 'in_channel',
    text: `:${intent.emoji}: <@${ctx.userId}> set :${intent.emoji}: to make tasks in *${resolution.project.name}*: react with it to a message in <#${channelId}> and the message becomes a task (its card in the thread).`,
  });
}
