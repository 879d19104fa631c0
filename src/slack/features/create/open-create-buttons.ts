/** Buttons that open the create form: Create task on Home, and Reopen on a failed submission's draft. */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { withinBudget } from '../../services/within-budget.ts';
import { loadDraft } from './drafts.ts';
import { openCreateTaskModal } from './open-create-task-modal.ts';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

export function openCreateFromHomeHandler(deps: AppDeps) {
  return async ({ ack, body, client }: Args) => {
    await ack();
    await openCreateTaskModal(deps, client, {
      ...personOf(body),
      triggerId: body.trigger_id,
      metadata: {
        source: 'home',
        channelId: null,
        messageTs: null,
        threadTs: null,
        permalink: null,
        projectId: null,
      },
    });
  };
}

export function reopenDraftHandler(deps: AppDeps) {
  return async ({ ack, body, action, client, respond }: Args) => {
    await ack();
    const q = { ...personOf(body), triggerId: body.trigger_id };
    const draft = await loadDraft(deps, q.teamId, q.userId, action.value ?? '');
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
  };
}

/** The draft's project by name, if the (cached) service answers quickly; else the person picks it again. */
async function projectName(deps: AppDeps, teamId: string, projectId: number) {
  const api = await deps.workApi.clientFor(teamId);
  if (!api) return null;
  const project = await withinBudget(api.projects.get(projectId), 700);
  return project ? { id: project.id, name: project.name } : null;
}
