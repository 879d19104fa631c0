/** Buttons that open the create form: Create task on Home, and Reopen on a failed submission's draft. */
import { createThreadTasks } from '../../../store/repositories/thread-tasks.ts';
import type { AppDeps } from '../../deps.ts';
import { buttonHandler } from '../../kit/team-action.ts';
import { withinBudget } from '../../services/within-budget.ts';
import { loadDraft } from './drafts.ts';
import { openCreateTaskModal } from './open-create-task-modal.ts';

export const openCreateFromHomeHandler = buttonHandler(
  async ({ deps, client, teamId, userId, triggerId }) => {
    await openCreateTaskModal(deps, client, {
      teamId,
      userId,
      triggerId,
      metadata: {
        source: 'home',
        channelId: null,
        messageTs: null,
        threadTs: null,
        permalink: null,
        projectId: null,
      },
    });
  },
);

export const reopenDraftHandler = buttonHandler(
  async ({ deps, client, teamId, userId, triggerId, value, respond }) => {
    const q = { teamId, userId, triggerId };
    const draft = await loadDraft(deps, q.teamId, q.userId, value ?? '');
    if (!draft) {
      await respond({
        response_type: 'ephemeral',
        replace_original: false,
        text: ':warning: That draft has expired (drafts are kept a week).',
      });
      return;
    }
    const s = draft.submission;
    const project = await projectName(deps, q.teamId, s.projectId);
    await openCreateTaskModal(deps, client, {
      ...q,
      metadata: { ...draft.metadata, projectId: s.projectId },
      prefill: {
        title: s.title,
        description: s.description,
        assigneeSlackIds: s.assigneeSlackUserIds,
        priority: s.priority,
        due: s.due ? new Date(s.due.date) : null,
        project,
      },
    });
  },
);

/** The draft's project by name, if the (cached) service answers quickly; else the person picks it again. */
async function projectName(deps: AppDeps, teamId: string, projectId: number) {
  const api = await deps.workApi.clientFor(teamId);
  if (!api) return null;
  const project = await withinBudget(api.projects.get(projectId), 700, deps.clock);
  return project ? { id: project.id, name: project.name } : null;
}

/**
 * Edit on a thread's proposed task (@Taskbridge in a thread): the create form with everything the
 * preview proposed; its submission posts the card in the thread and makes it the thread's task.
 */
export const openCreateFromThreadHandler = buttonHandler(
  async ({ deps, client, teamId, userId, triggerId, value, respond }) => {
    const q = { teamId, userId, triggerId };
    const preview = await createThreadTasks(deps.store).preview(q.teamId, value ?? '');
    if (!preview || preview.userId !== q.userId) {
      await respond({
        response_type: 'ephemeral',
        replace_original: false,
        text: ':hourglass: That preview is no longer open. Mention @Taskbridge in the thread again to make it a task.',
      });
      return;
    }
    const project =
      preview.projectId !== null && preview.projectName !== null
        ? { id: preview.projectId, name: preview.projectName }
        : null;
    await openCreateTaskModal(deps, client, {
      ...q,
      metadata: {
        source: 'message',
        channelId: preview.channelId,
        messageTs: preview.threadTs,
        threadTs: preview.threadTs,
        permalink: preview.permalink,
        projectId: preview.projectId,
      },
      prefill: {
        title: preview.title,
        description: preview.description,
        assigneeSlackIds: preview.assignees,
        project,
      },
    });
  },
);
