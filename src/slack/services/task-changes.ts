/**
 * The changes people make to a task from Slack, each as "read the task, change it if needed":
 * reading first gives the status an Undo goes back to, says when there is nothing to do (a second
 * click on Done), and notices a task deleted meanwhile (the read answers 404).
 *
 * A status change reads the task from the connection's warm task view instead, and so costs the
 * one write (the spec's PUT takes the status alone; its answer is the task as it now is, and a
 * task deleted meanwhile answers 404 to it as to the read). Only when the view says there is
 * nothing to do is the service asked, so a stale view never swallows a click.
 */
import type { TaskRecord, WorkApiClient } from '../../api/index.ts';
import { taskViewOf } from '../../api/task-view.ts';
import type { MemberRef, ProjectStatusDef, UpdateTaskBody } from '../../contract/index.ts';
import { TaskRefusal } from './task-refusal.ts';

export interface TaskChange {
  before: TaskRecord;
  after: TaskRecord;
  /** False when the task already was as asked (nothing was sent to the service). */
  changed: boolean;
}

/** Said when the service does not tell a task's project, so its statuses cannot be listed. */
const UNKNOWN_PROJECT =
  'The service does not say which project this task is in, so Taskbridge cannot list its statuses. Change the status on the service itself.';

/** The project's statuses, in order. */
export async function projectStatuses(
  api: WorkApiClient,
  projectId: number | null,
): Promise<ProjectStatusDef[]> {
  if (projectId === null) throw new TaskRefusal(UNKNOWN_PROJECT);
  const statuses = (await api.projects.statuses(projectId)) as ProjectStatusDef[];
  return [...statuses].sort((a, b) => a.position - b.position);
}

/** The status "done" means in this project: the first one flagged done. */
function doneStatusOf(statuses: readonly ProjectStatusDef[]): ProjectStatusDef | undefined {
  return [...statuses].sort((a, b) => a.position - b.position).find((s) => s.is_done);
}

/** Reads the task, asks `decide` what to send (null: nothing), and sends it. */
export async function changeTask(
  api: WorkApiClient,
  taskId: number,
  decide: (task: TaskRecord) => UpdateTaskBody | null,
): Promise<TaskChange> {
  const before = await api.tasks.get(taskId);
  const body = decide(before);
  if (!body) return { before, after: before, changed: false };
  const after = await api.tasks.update(taskId, body);
  return { before, after, changed: true };
}

/** The task as the warm view holds it, else as the service answers now. */
async function lastKnown(
  api: WorkApiClient,
  taskId: number,
): Promise<{ task: TaskRecord; fromView: boolean }> {
  const view = taskViewOf(api);
  const seen = view.warm ? view.peek(taskId) : undefined;
  return seen ? { task: seen, fromView: true } : { task: await api.tasks.get(taskId), fromView: false };
}

/** Moves the task to its project's done status. */
export async function markTaskDone(
  api: WorkApiClient,
  taskId: number,
): Promise<TaskChange & { status: ProjectStatusDef }> {
  const known = await lastKnown(api, taskId);
  let before = known.task;
  const statuses = await projectStatuses(api, before.project_id);
  const done = doneStatusOf(statuses);
  if (!done) {
    // A refusal from the view alone could be about a task deleted meanwhile: read it (a 404 tells so).
    if (known.fromView) await api.tasks.get(taskId);
    throw new TaskRefusal(
      'No status of this task’s project reads as done. Pick a status from the card’s menu instead; a Slack admin can name the status that means done once, in `/task connect`.',
    );
  }
  if (before.status.id === done.id && known.fromView) before = await api.tasks.get(taskId);
  if (before.status.id === done.id) return { before, after: before, changed: false, status: done };
  const after = await api.tasks.update(taskId, { status_id: done.id });
  return { before, after, changed: true, status: done };
}

/** Moves the task to one of its project's statuses (checked, so a stale menu cannot send a stranger). */
export async function setTaskStatus(
  api: WorkApiClient,
  taskId: number,
  statusId: number,
): Promise<TaskChange & { status: ProjectStatusDef }> {
  const known = await lastKnown(api, taskId);
  let before = known.task;
  const status = (await projectStatuses(api, before.project_id)).find((s) => s.id === statusId);
  if (!status) {
    if (known.fromView) await api.tasks.get(taskId);
    throw new TaskRefusal('That status is no longer one of this project’s. The card has been refreshed.');
  }
  if (before.status.id === statusId && known.fromView) before = await api.tasks.get(taskId);
  if (before.status.id === statusId) return { before, after: before, changed: false, status };
  const after = await api.tasks.update(taskId, { status_id: statusId });
  return { before, after, changed: true, status };
}

/**
 * Adds one assignee, keeping the others: a task may have several, and a click on a card must not
 * drop anyone silently (the edit form and `/task assign` set the whole list).
 */
export function addTaskAssignee(api: WorkApiClient, taskId: number, member: MemberRef): Promise<TaskChange> {
  return changeTask(api, taskId, (task) =>
    task.assignees.some((a) => a.id === member.id)
      ? null
      : { assignee_ids: [...task.assignees.map((a) => a.id), member.id] },
  );
}

/** Sets exactly these assignees (empty: nobody). */
export function setTaskAssignees(
  api: WorkApiClient,
  taskId: number,
  memberIds: readonly number[],
): Promise<TaskChange> {
  const wanted = [...new Set(memberIds)];
  return changeTask(api, taskId, (task) => {
    const now = task.assignees.map((a) => a.id);
    const same = now.length === wanted.length && wanted.every((id) => now.includes(id));
    return same ? null : { assignee_ids: wanted };
  });
}

/** Sets the due instant (null: no due date). */
export function setTaskDue(api: WorkApiClient, taskId: number, due: Date | null): Promise<TaskChange> {
  return changeTask(api, taskId, (task) => {
    const now = task.due_date ? new Date(task.due_date).getTime() : null;
    if (now === (due ? due.getTime() : null)) return null;
    return { due_date: due ? due.toISOString() : null };
  });
}
