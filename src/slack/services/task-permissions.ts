/**
 * Who may delete a task: its creator, or an admin of its project. The service's token is the
 * workspace's, not the person's, so the app checks this itself for the person's linked member.
 */
import type { TaskRecord as Task, WorkApiClient } from '../../api/index.ts';
import type { TaskActor } from './task-actor.ts';
import { TaskRefusal } from './task-refusal.ts';

export async function mayDeleteTask(api: WorkApiClient, task: Task, actor: TaskActor): Promise<boolean> {
  if (task.creator?.id === actor.memberId) return true;
  // Without the task's project its admins cannot be known: only the creator may delete.
  if (task.project_id === null) return false;
  const members = await api.members.listByProject(task.project_id, { per_page: 100 });
  return members.data.some((m) => m.id === actor.memberId && m.role === 'admin');
}

/** Throws a TaskRefusal naming who may delete, when the actor may not. */
export async function assertMayDeleteTask(api: WorkApiClient, task: Task, actor: TaskActor): Promise<void> {
  if (await mayDeleteTask(api, task, actor)) return;
  const creator = task.creator ? ` (${task.creator.name})` : '';
  throw new TaskRefusal(
    `Only the task’s creator${creator} or an admin of its project can delete task #${task.id}. Nothing was deleted.`,
  );
}
