/**
 * The task as it is now, from a burst's events. Events are kept in the order they reached an
 * instance, and when a task's changes land on two instances that order can differ from the order
 * they happened in: the card would then show an older state. The snapshot the service stamped last
 * (`updated_at`) is the newest; where stamps tie (a service that shows no `updated_at`, whose tasks
 * then carry their creation time), the one received last.
 */
import type { TaskRecord } from '../api/schemas/records.ts';
import type { ProjectEvent } from './events/project-event.ts';

export function newestTask(events: readonly ProjectEvent[]): TaskRecord | undefined {
  let newest: TaskRecord | undefined;
  let newestAt = Number.NEGATIVE_INFINITY;
  for (const event of events) {
    const task = event.task;
    if (!task) continue;
    const parsed = Date.parse(task.updated_at);
    const at = Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
    if (newest === undefined || at >= newestAt) {
      newest = task;
      newestAt = at;
    }
  }
  return newest;
}
