/** `/task project [#Name | none]`: show, set or clear the channel's default project. */
import type { ProjectIntent } from '../../commands/intents.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { requireApi } from '../../kit/require-api.ts';
import { projectNamedLike, resolveProject } from '../../services/resolve-project.ts';
import { projectProblemMessage } from '../../ui/messages/project-problem.ts';

export async function projectHandler(ctx: CommandContext, intent: ProjectIntent): Promise<void> {
  const { deps, teamId, channelId } = ctx;
  // Clearing comes first: its intent names no project, which must not read as "show".
  if (intent.action === 'clear') {
    const had = await deps.channelDefaults.clear(teamId, channelId);
    await ctx.respond({
      response_type: 'ephemeral',
      text: had
        ? `<#${channelId}> no longer has a default project.`
        : `<#${channelId}> had no default project.`,
    });
    return;
  }
  if (intent.action === 'show' || !intent.project) {
    const current = await deps.channelDefaults.get(teamId, channelId);
    await ctx.respond({
      response_type: 'ephemeral',
      text: current
        ? `New tasks in <#${channelId}> go to *${current.projectName}* (set by <@${current.setBy}>). Change it with \`/task project #Name\`, clear it with \`/task project none\`.`
        : `<#${channelId}> has no default project. Set one with \`/task project #Website\`.`,
    });
    return;
  }
  const api = await requireApi(deps, teamId);
  const resolution = await resolveProject(deps, api, projectNamedLike(intent.project), ctx);
  if (resolution.kind !== 'found') {
    await ctx.respond({ response_type: 'ephemeral', ...projectProblemMessage(resolution, 'project') });
    return;
  }
  await deps.channelDefaults.set(teamId, channelId, {
    projectId: resolution.project.id,
    projectName: resolution.project.name,
    setBy: ctx.userId,
  });
  await ctx.respond({
    response_type: 'in_channel',
    text: `:pushpin: <@${ctx.userId}> set *${resolution.project.name}* as this channel's project: \`/task new …\` here creates tasks in it.`,
  });
}
