/**
 * One task for a read (a card shown, an unfurl): from the connection's task view while it is
 * fresh and holds the task, at no request; else from the service. Writes read the service
 * themselves (`task-changes.ts`): a change is checked against the task as it is now.
 */
import type { TaskRecord, WorkApiClient } from '../../api/index.ts';
import { taskViewOf } from '../../api/task-view.ts';
import type { AppDeps } from '../deps.ts';
import { viewFreshnessOf } from './view-freshness.ts';

export async function readTask(
  deps: Pick<AppDeps, 'serviceEvents' | 'clock'>,
  teamId: string,
  api: WorkApiClient,
  taskId: number,
): Promise<TaskRecord> {
  const view = taskViewOf(api);
  // A store that cannot be read leaves this instance's own copy to answer.
  await view.sync().catch(() => {});
  const known = view.peek(taskId);
  if (known && known.project_id !== null) {
    const state = await viewFreshnessOf(deps, teamId)(view);
    if (state.kind === 'fresh') return known;
  }
  return api.tasks.get(taskId);
}
