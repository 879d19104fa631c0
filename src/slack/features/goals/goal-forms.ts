/**
 * The goal forms: a new goal, updating one, and adding a key result. Goals belong to a workspace;
 * anyone in it but guests (and Slack workspace admins) may set and update them.
 */
import type { WebClient } from '@slack/web-api';
import type { GoalRecord, WorkApiClient } from '../../../api/index.ts';
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { ProjectRef } from '../../commands/intents.ts';
import type { AppDeps } from '../../deps.ts';
import { type FormOpener, openTeamModal } from '../../kit/open-team-modal.ts';
import { requireApi } from '../../kit/require-api.ts';
import { teamFormHandler } from '../../kit/team-form.ts';
import { sealTeamForm } from '../../kit/team-form-metadata.ts';
import { type Actor, actorFor, mayWriteWorkspace, workspacesToCreateIn } from '../../services/permissions.ts';
import { activeProjects, resolveProject } from '../../services/resolve-project.ts';
import { projectNames } from '../../services/team-projects.ts';
import { allWorkspaces } from '../../services/team-workspaces.ts';
import type { ModalView, RenderedMessage } from '../../ui/block-types.ts';
import { TEAM_VIEWS } from '../../ui/ids.ts';
import { errorMessage } from '../../ui/messages/errors.ts';
import { namesThatExist } from '../../ui/messages/names-that-exist.ts';
import { refusalText, renderRefusal } from '../../ui/team/refusal.ts';
import { readGoalForm, renderGoalForm } from './goal-form.ts';
import { renderGoalList } from './goal-messages.ts';
import { readKeyResultForm, renderKeyResultForm } from './key-result-form.ts';
import { findGoal } from './team-goals.ts';

/** No goal by that number: the goals there are, by number and title (nearest number first). */
export async function goalGone(api: WorkApiClient, goalId: number): Promise<RenderedMessage> {
  const goals: GoalRecord[] = [];
  try {
    for await (const goal of api.goals.list.all({ per_page: 100 })) goals.push(goal);
  } catch {
    // The list is a help here, not the answer: without it the number is still said to be unknown.
  }
  const byNearness = [...goals].sort((a, b) => Math.abs(a.id - goalId) - Math.abs(b.id - goalId));
  return errorMessage({
    what: `There is no goal ${goalId}.`,
    why: namesThatExist(
      'Goals',
      byNearness.map((g) => `${g.id} ${g.title}`),
      '',
      'There are no goals yet.',
    ),
    next: '`/task goals` lists them with their numbers.',
  });
}

/** The refusal for someone who may not change the goal's workspace's goals, or null. */
export async function goalWriteRefusal(
  api: WorkApiClient,
  actor: Actor,
  goal: { workspace_id: number | null; title: string },
  doing: string,
): Promise<{ what: string; why: string; next: string } | null> {
  // The spec does not promise a goal's workspace: without it, whose members may write is unknown.
  if (goal.workspace_id === null) {
    if (!actor.isSlackAdmin && !actor.member) {
      return {
        what: `You can't ${doing}.`,
        why: 'Your Slack account isn’t linked to an account in the service.',
        next: 'If you have an account there, link it with `/task link` and try again.',
      };
    }
    return actor.isSlackAdmin
      ? null
      : {
          what: `You can't ${doing}.`,
          why: 'The service does not say which workspace this goal belongs to, so Taskbridge cannot check your role there.',
          next: 'Ask a Slack admin of this workspace, or change it on the service.',
        };
  }
  const workspace = (await allWorkspaces(api)).find((w) => w.id === goal.workspace_id) ?? {
    id: goal.workspace_id,
    name: `workspace ${goal.workspace_id}`,
  };
  const permission = await mayWriteWorkspace(api, actor, workspace);
  return permission.allowed
    ? null
    : { what: `You can't ${doing}.`, why: permission.why, next: permission.next };
}

/** One goal as a message, fresh from the service, with a line on top. */
export async function goalMessage(
  api: WorkApiClient,
  goal: GoalRecord,
  notice: string,
  now: Date,
): Promise<RenderedMessage> {
  return renderGoalList(
    { title: 'Goal', goals: [goal], projectNames: await projectNames(api), more: 0, notice },
    now,
  );
}

export async function openNewGoalForm(
  deps: AppDeps,
  client: WebClient,
  q: FormOpener & { project: ProjectRef | null },
) {
  const request = {
    triggerId: q.triggerId,
    title: 'New goal',
    callbackId: TEAM_VIEWS.goalForm,
    loading: 'Looking up your workspaces…',
  };
  await openTeamModal(deps, client, request, async () => {
    const api = await requireApi(deps, q.teamId);
    const actor = await actorFor(deps, client, q.teamId, q.userId);
    const allowed = await workspacesToCreateIn(api, actor, {
      what: "You can't set goals.",
      why: 'Members of a workspace (not guests) and Slack workspace admins set goals.',
    });
    if ('problem' in allowed) return allowed;
    const { workspaces, only } = allowed;
    const projects = (await activeProjects(api)).filter((p) => !only || p.workspace_id === only.id);
    const where = { teamId: q.teamId, channelId: q.channelId ?? '' };
    const chosen = await resolveProject(deps, api, q.project, where);
    return {
      view: renderGoalForm({
        privateMetadata: sealTeamForm(deps, 'goalForm', { g: null, w: only?.id ?? null, c: q.channelId }),
        goal: null,
        workspaces: only ? [] : workspaces.map((w) => ({ id: w.id, name: w.name })),
        projects: projects.map((p) => ({ id: p.id, name: p.name })),
        projectId: chosen.kind === 'found' ? chosen.project.id : null,
      }),
    };
  });
}

/**
 * Opens a form on one goal, or in its place that the goal is gone or why the person may not change
 * it (`doing`: what they were about to do).
 */
async function openGoalModal(
  deps: AppDeps,
  client: WebClient,
  q: FormOpener & { goalId: number },
  modal: { title: string; callbackId: string },
  doing: (goal: GoalRecord) => string,
  form: (api: WorkApiClient, goal: GoalRecord) => Promise<ModalView>,
): Promise<void> {
  const request = { triggerId: q.triggerId, ...modal, loading: 'Looking up the goal…' };
  await openTeamModal(deps, client, request, async () => {
    const api = await requireApi(deps, q.teamId);
    const goal = await findGoal(api, q.goalId);
    if (!goal) return { problem: (await goalGone(api, q.goalId)).text };
    const actor = await actorFor(deps, client, q.teamId, q.userId);
    const refusal = await goalWriteRefusal(api, actor, goal, doing(goal));
    if (refusal) return { problem: refusalText(refusal) };
    return { view: await form(api, goal) };
  });
}

export async function openEditGoalForm(deps: AppDeps, client: WebClient, q: FormOpener & { goalId: number }) {
  const modal = { title: 'Update goal', callbackId: TEAM_VIEWS.goalForm };
  await openGoalModal(
    deps,
    client,
    q,
    modal,
    (goal) => `update “${goal.title}”`,
    async (api, goal) => {
      const projects = (await activeProjects(api)).filter((p) => p.workspace_id === goal.workspace_id);
      return renderGoalForm({
        privateMetadata: sealTeamForm(deps, 'goalForm', { g: goal.id, w: goal.workspace_id, c: q.channelId }),
        goal,
        workspaces: [],
        projects: projects.map((p) => ({ id: p.id, name: p.name })),
      });
    },
  );
}

export async function openKeyResultForm(
  deps: AppDeps,
  client: WebClient,
  q: FormOpener & { goalId: number },
) {
  const modal = { title: 'Add a key result', callbackId: TEAM_VIEWS.keyResultForm };
  await openGoalModal(
    deps,
    client,
    q,
    modal,
    (goal) => `add key results to “${goal.title}”`,
    async (_api, goal) =>
      renderKeyResultForm({
        privateMetadata: sealTeamForm(deps, 'keyResultForm', { g: goal.id, c: q.channelId }),
        goalTitle: goal.title,
      }),
  );
}

export const goalFormSubmittedHandler = teamFormHandler({
  kind: 'goalForm',
  read: (values, meta) => readGoalForm(values, meta.g === null && meta.w === null),
  run: async (ctx, value) => {
    const api = await ctx.api();
    const actor = await actorFor(ctx.deps, ctx.client, ctx.teamId, ctx.userId);
    const now = ctx.deps.clock.now();
    const fields = {
      title: value.title,
      description: value.description,
      status: value.status,
      project_id: value.projectId,
      start_date: value.startDate,
      due_date: value.dueDate,
    };
    if (ctx.meta.g !== null) {
      const goal = await findGoal(api, ctx.meta.g);
      if (!goal) return goalGone(api, ctx.meta.g);
      const refusal = await goalWriteRefusal(api, actor, goal, `update “${goal.title}”`);
      if (refusal) return renderRefusal(refusal);
      const updated = await api.goals.update(goal.id, fields);
      return goalMessage(api, updated, `:white_check_mark: <@${ctx.userId}> updated this goal.`, now);
    }
    const workspaceId = ctx.meta.w ?? value.workspaceId;
    if (workspaceId === null) throw new Error('a goal form without a workspace');
    const refusal = await goalWriteRefusal(
      api,
      actor,
      { workspace_id: workspaceId, title: value.title },
      'set goals there',
    );
    if (refusal) return renderRefusal(refusal);
    const created = await api.goals.create({
      workspace_id: workspaceId,
      ...fields,
      ...(actor.member ? { owner_id: actor.member.id } : {}),
    });
    return goalMessage(
      api,
      created,
      `:dart: <@${ctx.userId}> set a new goal. Add its key results below.`,
      now,
    );
  },
});

export const keyResultSubmittedHandler = teamFormHandler({
  kind: 'keyResultForm',
  read: (values) => readKeyResultForm(values),
  run: async (ctx, value) => {
    const api = await ctx.api();
    const goal = await findGoal(api, ctx.meta.g);
    if (!goal) return goalGone(api, ctx.meta.g);
    const actor = await actorFor(ctx.deps, ctx.client, ctx.teamId, ctx.userId);
    const refusal = await goalWriteRefusal(api, actor, goal, `add key results to “${goal.title}”`);
    if (refusal) return renderRefusal(refusal);
    const target = await api.goals.addTarget(goal.id, value);
    // The goal's progress changed with it: read the goal again rather than guess.
    const fresh = (await findGoal(api, goal.id)) ?? goal;
    return goalMessage(
      api,
      fresh,
      `:heavy_plus_sign: <@${ctx.userId}> added the key result *${escapeWithin(target.title, 200)}*.`,
      ctx.deps.clock.now(),
    );
  },
});
