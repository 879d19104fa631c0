/** `/task projects`: list them; open the create or edit form; ask before archiving one. */
import type { WorkApiClient } from '../../../api/index.ts';
import type { ProjectsIntent } from '../../commands/intents.ts';
import type { AppDeps } from '../../deps.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { formOpener } from '../../kit/open-team-modal.ts';
import { projectForCommand } from '../../services/command-project.ts';
import { actorFor, mayManageProject } from '../../services/permissions.ts';
import type { ProjectChoice } from '../../services/resolve-project.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { renderRefusal } from '../../ui/team/refusal.ts';
import { openEditProjectForm, openNewProjectForm } from './project-forms.ts';
import { renderArchiveConfirm, renderProjectList } from './project-messages.ts';

type Asker = { client: Parameters<typeof actorFor>[1]; teamId: string; userId: string };

/** The refusal for someone who may not archive the project (not an admin of it), or null. */
export async function archiveRefusal(
  deps: AppDeps,
  api: WorkApiClient,
  who: Asker,
  project: ProjectChoice,
): Promise<RenderedMessage | null> {
  const actor = await actorFor(deps, who.client, who.teamId, who.userId);
  const permission = await mayManageProject(api, actor, project);
  if (permission.allowed) return null;
  return renderRefusal({
    what: `You can't archive ${project.name}.`,
    why: permission.why,
    next: permission.next,
  });
}

/** The confirm before archiving, or the refusal for someone who is not an admin of it. */
export async function archiveConfirmOrRefusal(
  deps: AppDeps,
  api: WorkApiClient,
  who: Asker,
  project: ProjectChoice,
): Promise<RenderedMessage> {
  return (await archiveRefusal(deps, api, who, project)) ?? renderArchiveConfirm(project);
}

export async function projectsHandler(ctx: CommandContext, intent: ProjectsIntent): Promise<void> {
  const opener = formOpener(ctx);
  if (intent.action === 'new') {
    await openNewProjectForm(ctx.deps, ctx.client, { ...opener, name: intent.name ?? null });
    return;
  }
  if (intent.action === 'edit') {
    await openEditProjectForm(ctx.deps, ctx.client, { ...opener, project: intent.project });
    return;
  }
  const api = await ctx.api();
  if (intent.action === 'archive') {
    const project = await projectForCommand(ctx, api, intent.project, 'projects archive');
    if (!project) return;
    const message = await archiveConfirmOrRefusal(ctx.deps, api, ctx, project);
    await ctx.respond({ response_type: 'ephemeral', ...message });
    return;
  }
  const page = await api.projects.list({
    per_page: 100,
    ...(intent.includeArchived ? {} : { status: 'active' as const }),
  });
  const total = page.meta.total ?? page.data.length;
  await ctx.respond({
    response_type: 'ephemeral',
    ...renderProjectList({
      projects: page.data,
      includeArchived: intent.includeArchived,
      more: Math.max(0, total - page.data.length),
    }),
  });
}
