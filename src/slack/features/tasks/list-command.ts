/** `/task list [#Project] [status]`: a project's tasks (the channel's default project when none is named). */
import type { WebClient } from '@slack/web-api';
import type { ListIntent } from '../../commands/intents.ts';
import type { AppDeps } from '../../deps.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { requireApi } from '../../kit/require-api.ts';
import { type ProjectChoice, resolveProject } from '../../services/resolve-project.ts';
import { projectStatuses } from '../../services/task-changes.ts';
import { projectTasks } from '../../services/task-list-source.ts';
import { viewFreshnessOf } from '../../services/view-freshness.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { errorMessage } from '../../ui/messages/errors.ts';
import { didYouMean, namesThatExist } from '../../ui/messages/names-that-exist.ts';
import { projectProblemMessage } from '../../ui/messages/project-problem.ts';
import { renderProjectTasks } from './task-list.ts';
import { loadTaskListPage } from './task-list-page.ts';

const PROJECT_TASKS_PAGE_SIZE = 15;

export async function listHandler(ctx: CommandContext, intent: ListIntent): Promise<void> {
  const api = await ctx.api();
  const resolution = await resolveProject(ctx.deps, api, intent.project, ctx);
  if (resolution.kind !== 'found') {
    await ctx.respond({ response_type: 'ephemeral', ...projectProblemMessage(resolution, 'list') });
    return;
  }
  const q = {
    teamId: ctx.teamId,
    userId: ctx.userId,
    project: resolution.project,
    page: 1,
    status: intent.status,
  };
  const { message, pending } = await projectTasksView(ctx.deps, ctx.client, q);
  await ctx.respond({ response_type: 'ephemeral', ...message });
  if (!pending) return;
  // From a stale view: once it is read again, the same message is replaced by the list.
  try {
    await pending;
    const full = await projectTasksView(ctx.deps, ctx.client, q);
    await ctx.respond({ response_type: 'ephemeral', replace_original: true, ...full.message });
  } catch (error) {
    // The stale list stays, with its note; the next list reads again.
    ctx.deps.logger.warn({ err: error }, 'reading the tasks again for /task list failed');
  }
}

type ProjectTasksQuery = {
  teamId: string;
  userId: string;
  project: ProjectChoice;
  page: number;
  status: string | null;
};

export async function projectTasksPage(
  deps: AppDeps,
  client: WebClient,
  q: ProjectTasksQuery,
): Promise<RenderedMessage> {
  return (await projectTasksView(deps, client, q)).message;
}

/** The page, and whether a fresher answer will follow (see `services/task-list-source.ts`). */
async function projectTasksView(
  deps: AppDeps,
  client: WebClient,
  q: ProjectTasksQuery,
): Promise<{ message: RenderedMessage; pending?: Promise<void> | undefined }> {
  const api = await requireApi(deps, q.teamId);
  const list = await loadTaskListPage(deps, client, q, () =>
    projectTasks(api, {
      projectId: q.project.id,
      status: q.status,
      page: q.page,
      perPage: PROJECT_TASKS_PAGE_SIZE,
      now: deps.clock.now().getTime(),
      freshness: viewFreshnessOf(deps, q.teamId),
    }),
  );
  if (list.tasks.length === 0 && q.status && q.page === 1) {
    // A status that matches nothing names the real ones (closest first).
    const statuses = (await projectStatuses(api, q.project.id).catch(() => undefined)) ?? [];
    const names = statuses.map((st) => st.name);
    const known = names.some((n) => n.toLowerCase() === q.status?.toLowerCase());
    const near = known ? undefined : didYouMean(names, q.status);
    const message = errorMessage({
      what: `No tasks in ${q.project.name} with status “${q.status}”.`,
      why:
        names.length > 0
          ? `${near ? `Did you mean “${near}”? ` : ''}${namesThatExist(`${q.project.name}’s statuses`, names, q.status, '')}`
          : null,
      next: 'Check the status name, or leave it out to see every task.',
    });
    return { message, pending: list.pending };
  }
  return {
    message: renderProjectTasks({ project: q.project, ...list }, deps.clock.now()),
    pending: list.pending,
  };
}
