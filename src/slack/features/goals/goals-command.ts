/** `/task goals` (the list) and `/task goal` (new, edit, status, target): goals and their key results. */
import { GOAL_STATUS_UNKNOWN } from '../../../api/schemas/goals.ts';
import type { GoalIntent, GoalsIntent } from '../../commands/intents.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { formOpener } from '../../kit/open-team-modal.ts';
import { projectForCommand } from '../../services/command-project.ts';
import { actorFor } from '../../services/permissions.ts';
import { projectNames } from '../../services/team-projects.ts';
import { renderRefusal } from '../../ui/team/refusal.ts';
import {
  goalGone,
  goalMessage,
  goalWriteRefusal,
  openEditGoalForm,
  openKeyResultForm,
  openNewGoalForm,
} from './goal-forms.ts';
import { goalStatusText, renderGoalList } from './goal-messages.ts';
import { findGoal } from './team-goals.ts';

/** Goals in one message (three blocks each, under Slack's 50). */
const GOALS_PER_MESSAGE = 15;

export async function goalsHandler(ctx: CommandContext, intent: GoalsIntent): Promise<void> {
  const api = await ctx.api();
  // Goals belong to workspaces: with no project named, every goal is listed.
  const project = intent.project ? await projectForCommand(ctx, api, intent.project, 'goals') : null;
  if (intent.project && !project) return;
  const [page, names] = await Promise.all([
    api.goals.list({
      per_page: GOALS_PER_MESSAGE,
      ...(project ? { project_id: project.id } : {}),
      ...(intent.status ? { status: intent.status } : {}),
    }),
    projectNames(api),
  ]);
  // A service that ignores the status filter, or shows no status, is filtered here; goals whose
  // status it does not show are left out of a status list, and the list says how many.
  const wanted = intent.status;
  const goals = wanted ? page.data.filter((g) => g.status === wanted) : page.data;
  const unknown = wanted ? page.data.filter((g) => g.status === GOAL_STATUS_UNKNOWN).length : 0;
  const notice = unknown
    ? `:grey_question: The service does not show the status of ${unknown === 1 ? '1 goal' : `${unknown} goals`}, so ${unknown === 1 ? 'it is' : 'they are'} left out of this list.`
    : null;
  const total = wanted ? goals.length : (page.meta.total ?? page.data.length);
  const title = [
    'Goals',
    project ? `· ${project.name}` : null,
    intent.status ? `· ${goalStatusText(intent.status).replace(/^:[a-z_]+: /, '')}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  await ctx.respond({
    response_type: 'ephemeral',
    ...renderGoalList(
      { title, goals, projectNames: names, more: Math.max(0, total - goals.length), notice },
      ctx.deps.clock.now(),
    ),
  });
}

export async function goalHandler(ctx: CommandContext, intent: GoalIntent): Promise<void> {
  const opener = formOpener(ctx);
  if (intent.action === 'new') {
    await openNewGoalForm(ctx.deps, ctx.client, { ...opener, project: intent.project });
    return;
  }
  const goalId = intent.goalId;
  if (goalId === null) return;
  if (intent.action === 'edit') {
    await openEditGoalForm(ctx.deps, ctx.client, { ...opener, goalId });
    return;
  }
  if (intent.action === 'target') {
    await openKeyResultForm(ctx.deps, ctx.client, { ...opener, goalId });
    return;
  }
  const status = intent.status;
  if (!status) return;
  const api = await ctx.api();
  const goal = await findGoal(api, goalId);
  if (!goal) {
    await ctx.respond({ response_type: 'ephemeral', ...(await goalGone(api, goalId)) });
    return;
  }
  const actor = await actorFor(ctx.deps, ctx.client, ctx.teamId, ctx.userId);
  const refusal = await goalWriteRefusal(api, actor, goal, `update “${goal.title}”`);
  if (refusal) {
    await ctx.respond({ response_type: 'ephemeral', ...renderRefusal(refusal) });
    return;
  }
  const updated = await api.goals.update(goal.id, { status });
  const notice =
    updated.status === GOAL_STATUS_UNKNOWN
      ? `:information_source: <@${ctx.userId}> asked the service to set the status to ${goalStatusText(status)}; it does not show a goal's status, so check it there.`
      : `:white_check_mark: <@${ctx.userId}> set the status to ${goalStatusText(updated.status)}.`;
  await ctx.respond({
    response_type: 'ephemeral',
    ...(await goalMessage(api, updated, notice, ctx.deps.clock.now())),
  });
}
