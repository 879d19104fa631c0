/**
 * The four Taskbridge steps of Workflow Builder: Create a task, Set a task's status, Assign a task,
 * Find tasks. Inputs are checked here with messages an author understands (a project or status
 * named that the service does not have lists the ones it has); outputs are Slack-typed so a later
 * step can use them (user and channel ids, the task's number and link).
 */
import type { TaskRecord } from '../../../api/index.ts';
import { fromLocalDateTime } from '../../../lib/dates.ts';
import { slackUsersByMember } from '../../services/resolve-people.ts';
import { activeProjects, matchProjectName } from '../../services/resolve-project.ts';
import { resolveSlackUsers } from '../../services/resolve-slack-users.ts';
import { projectStatuses, setTaskAssignees, setTaskStatus } from '../../services/task-changes.ts';
import {
  type StepContext,
  StepFailure,
  type StepOutputs,
  taskNumberInput,
  textInput,
  workflowStep,
} from './step-run.ts';

function linkOf(ctx: StepContext, task: TaskRecord): string {
  return ctx.deps.taskLinks.urlFor(task) ?? `task #${task.id}`;
}

async function memberFor(ctx: StepContext, slackUserId: string, projectId: number | null): Promise<number> {
  const people = await resolveSlackUsers([slackUserId], {
    deps: ctx.deps,
    api: ctx.api,
    client: ctx.client,
    teamId: ctx.teamId,
    userId: ctx.userId,
    projectId,
  });
  const member = people.members[0];
  if (!member) {
    throw new StepFailure(
      `<@${slackUserId}> ${people.unresolved[0]?.reason ?? 'has no account in this project'}.`,
    );
  }
  return member.id;
}

async function createTask(ctx: StepContext): Promise<StepOutputs> {
  const title = textInput(ctx.inputs, 'title');
  if (!title) throw new StepFailure('the task needs a title.');
  const projectName = textInput(ctx.inputs, 'project');
  if (!projectName) throw new StepFailure('name the project to create the task in.');
  const found = matchProjectName(await activeProjects(ctx.api, true), projectName);
  if (found.kind !== 'found') {
    const known = found.kind === 'not_found' ? (found.known ?? []).slice(0, 20).join(', ') : '';
    throw new StepFailure(
      `there is no project "${projectName}" in the service.${known ? ` Projects: ${known}.` : ''}`,
    );
  }
  const dueText = textInput(ctx.inputs, 'due_date');
  let due: Date | undefined;
  if (dueText) {
    // The day in the zone of the person who started the workflow, as the card's date picker reads it.
    const zone = await ctx.deps.profiles.timeZone(ctx.client, ctx.teamId, ctx.userId);
    const at = /^\d{4}-\d{2}-\d{2}$/.test(dueText) ? fromLocalDateTime(dueText, null, zone)?.date : undefined;
    if (!at) throw new StepFailure(`"${dueText}" is not a day; give the due date as YYYY-MM-DD.`);
    due = at;
  }
  const assignee = textInput(ctx.inputs, 'assignee');
  const assigneeIds = assignee ? [await memberFor(ctx, assignee, found.project.id)] : [];
  const task = await ctx.api.tasks.create({
    project_id: found.project.id,
    title,
    creator_id: ctx.memberId,
    ...(assigneeIds.length > 0 ? { assignee_ids: assigneeIds } : {}),
    ...(due ? { due_date: due.toISOString() } : {}),
  });
  const channel = textInput(ctx.inputs, 'channel');
  return {
    task_number: task.id,
    task_link: linkOf(ctx, task),
    title: task.title,
    ...(channel ? { channel } : {}),
  };
}

async function setStatus(ctx: StepContext): Promise<StepOutputs> {
  const taskId = taskNumberInput(ctx.inputs);
  const wanted = textInput(ctx.inputs, 'status');
  if (!wanted) throw new StepFailure('name the status to move the task to.');
  const task = await ctx.api.tasks.get(taskId);
  const statuses = await projectStatuses(ctx.api, task.project_id);
  const status = statuses.find((s) => s.name.toLowerCase() === wanted.toLowerCase());
  if (!status) {
    throw new StepFailure(
      `task #${taskId}'s project has no status "${wanted}". Its statuses: ${statuses.map((s) => s.name).join(', ')}.`,
    );
  }
  const change = await setTaskStatus(ctx.api, taskId, status.id);
  return { task_number: taskId, task_link: linkOf(ctx, change.after), status: status.name };
}

async function assignTask(ctx: StepContext): Promise<StepOutputs> {
  const taskId = taskNumberInput(ctx.inputs);
  const assignee = textInput(ctx.inputs, 'assignee');
  if (!assignee) throw new StepFailure('choose the person to assign.');
  const task = await ctx.api.tasks.get(taskId);
  const memberId = await memberFor(ctx, assignee, task.project_id);
  const change = await setTaskAssignees(ctx.api, taskId, [memberId]);
  return { task_number: taskId, task_link: linkOf(ctx, change.after), assignee };
}

async function findTasks(ctx: StepContext): Promise<StepOutputs> {
  const query = textInput(ctx.inputs, 'query');
  if (!query) throw new StepFailure('give words to look for in task titles.');
  const words = query.toLowerCase();
  const found = (await ctx.api.tasks.list({ q: query, per_page: 100 })).data
    .filter((t) => t.title.toLowerCase().includes(words))
    .slice(0, 20);
  const slackIds = await slackUsersByMember(ctx.deps, ctx.teamId);
  const line = (t: TaskRecord) => {
    const who = t.assignees.map((a) => (slackIds.get(a.id) ? `<@${slackIds.get(a.id)}>` : a.name)).join(', ');
    return `#${t.id} ${t.title} (${t.status.name}${who ? `, ${who}` : ''}) ${linkOf(ctx, t)}`;
  };
  const first = found[0];
  return {
    count: found.length,
    summary: found.length > 0 ? found.map(line).join('\n') : `No task's title has "${query}".`,
    ...(first ? { first_task_number: first.id, first_task_link: linkOf(ctx, first) } : {}),
  };
}

export const createTaskStep = workflowStep('Create a task', createTask);
export const setTaskStatusStep = workflowStep("Set a task's status", setStatus);
export const assignTaskStep = workflowStep('Assign a task', assignTask);
export const findTasksStep = workflowStep('Find tasks', findTasks);
