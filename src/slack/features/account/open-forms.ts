/** Buttons that open a form: link my account, connect the service, create a task, reopen a draft. */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { loadDraft } from '../../services/drafts.ts';
import { withinBudget } from '../../services/within-budget.ts';
import { openCreateTaskModal } from '../create/open-create-task-modal.ts';
import { openConnectModal } from './open-connect-modal.ts';
import { openLinkModal } from './open-link-modal.ts';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

function who(body: BlockButtonAction) {
  return {
    teamId: body.team?.id ?? body.user.team_id ?? '',
    userId: body.user.id,
    triggerId: body.trigger_id,
  };
}

export function openLinkHandler(deps: AppDeps) {
  return async ({ ack, body, client }: Args) => {
    await ack();
    await openLinkModal(deps, client, who(body));
  };
}

export function openConnectHandler(deps: AppDeps) {
  return async ({ ack, body, client }: Args) => {
    await ack();
    await openConnectModal(deps, client, who(body));
  };
}

export function openCreateFromHomeHandler(deps: AppDeps) {
  return async ({ ack, body, client }: Args) => {
    await ack();
    const q = who(body);
    await openCreateTaskModal(deps, client, {
      ...q,
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
    const q = who(body);
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

/** Link buttons (to the service, to a source message) still send an action: acknowledge it, nothing else. */
export function ackOnlyHandler() {
  return async ({ ack }: Args) => {
    await ack();
  };
}

/** The draft's project by name, if the (cached) service answers quickly; else the person picks it again. */
async function projectName(deps: AppDeps, teamId: string, projectId: number) {
  const api = await deps.workApi.clientFor(teamId);
  if (!api) return null;
  const project = await withinBudget(api.projects.get(projectId), 700);
  return project ? { id: project.id, name: project.name } : null;
}
