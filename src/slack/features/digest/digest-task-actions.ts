/**
 * What Done and Snooze in a digest do to the task: Done moves it to its project's done status;
 * Snooze moves its due date a day on, or to the next Monday, on the digest's own calendar (the
 * task keeps its time of day, and a snooze never moves it earlier).
 */
import type { TaskRecord, WorkApiClient } from '../../../api/index.ts';
import { snoozeTarget } from '../../../digest/snooze.ts';
import { changeTask, markTaskDone } from '../../services/task-changes.ts';
import type { DigestTaskAction } from '../../ui/digest/ids.ts';

interface DigestTaskResult {
  task: TaskRecord;
  /** False when the task already was so (nothing was sent). */
  changed: boolean;
  /** The new due instant, after a snooze. */
  due: Date | null;
}

export async function applyDigestTaskAction(
  api: WorkApiClient,
  action: DigestTaskAction,
  taskId: number,
  q: { timeZone: string; now: Date },
): Promise<DigestTaskResult> {
  if (action === 'done') {
    const change = await markTaskDone(api, taskId);
    return { task: change.after, changed: change.changed, due: null };
  }
  const kind = action === 'snooze_1d' ? '1d' : 'next_monday';
  let target: Date | null = null;
  // One read: the target depends on the task's current due date.
  const change = await changeTask(api, taskId, (task) => {
    const due = task.due_date ? new Date(task.due_date) : null;
    const next = snoozeTarget(kind, due, q);
    target = next;
    return due?.getTime() === next.getTime() ? null : { due_date: next.toISOString() };
  });
  return { task: change.after, changed: change.changed, due: target };
}
