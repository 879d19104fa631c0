/** `/task sprint`: list a project's sprints, plan one (form), start one (after a confirm), show one. */
import type { SprintRecord } from '../../../api/index.ts';
import type { SprintIntent } from '../../commands/intents.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { formOpener } from '../../kit/open-team-modal.ts';
import { projectForCommand } from '../../services/command-project.ts';
import { actorFor } from '../../services/permissions.ts';
import { openNewSprintForm } from './sprint-forms.ts';
import { renderSprintList } from './sprint-list.ts';
import { locateSprint, sprintCardMessage, sprintWriteRefusal, startScopeMessage } from './sprint-messages.ts';
import { doneCounts, projectSprints } from './team-sprints.ts';

/** Sprints listed at most: the active and planned ones first, then the latest completed. */
const MAX_LISTED = 12;

const RANK: Readonly<Record<string, number>> = { active: 0, planned: 1 };

function listOrder(sprints: readonly SprintRecord[]): SprintRecord[] {
  return [...sprints].sort((a, b) => (RANK[a.status] ?? 2) - (RANK[b.status] ?? 2) || b.id - a.id);
}

export async function sprintHandler(ctx: CommandContext, intent: SprintIntent): Promise<void> {
  if (intent.action === 'new') {
    await openNewSprintForm(ctx.deps, ctx.client, {
      ...formOpener(ctx),
      project: intent.project,
      name: intent.name,
    });
    return;
  }
  const api = await ctx.api();
  if (intent.action === 'list') {
    const project = await projectForCommand(ctx, api, intent.project, 'sprint');
    if (!project) return;
    const ordered = listOrder(await projectSprints(api, project.id));
    const shown = ordered.slice(0, MAX_LISTED);
    const counts = await doneCounts(api, shown);
    const message = renderSprintList(
      {
        project,
        sprints: shown.map((sprint) => ({ sprint, done: counts.get(sprint.id) ?? null })),
        hidden: ordered.length - shown.length,
      },
      ctx.deps.clock.now(),
    );
    await ctx.respond({ response_type: 'ephemeral', ...message });
    return;
  }
  const fallback = intent.action === 'start' ? 'planned' : 'active';
  const located = await locateSprint(ctx.deps, api, ctx, intent.project, intent.sprint, fallback);
  if (located.kind === 'message') {
    await ctx.respond({ response_type: 'ephemeral', ...located.message });
    return;
  }
  const { sprint, project } = located;
  if (intent.action === 'show') {
    const card = await sprintCardMessage(ctx.deps, api, ctx.client, {
      teamId: ctx.teamId,
      userId: ctx.userId,
      sprint,
      projectName: project.name,
    });
    await ctx.respond({ response_type: 'ephemeral', ...card });
    return;
  }
  const actor = await actorFor(ctx.deps, ctx.client, ctx.teamId, ctx.userId);
  const refusal = await sprintWriteRefusal(api, actor, project, 'start sprints');
  const message = refusal ?? (await startScopeMessage(ctx.deps, api, { sprint, project }));
  await ctx.respond({ response_type: 'ephemeral', ...message });
}
