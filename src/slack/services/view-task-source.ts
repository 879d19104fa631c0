/**
 * A digest's project lists from the connection's task view while it is fresh and holds the
 * project's complete list, at no request; else from the service (`fallback`).
 */
import type { WorkApiClient } from '../../api/index.ts';
import { taskViewOf } from '../../api/task-view.ts';
import { type DigestTaskSource, lean } from '../../digest/task-source.ts';
import type { ViewFreshness } from './view-freshness.ts';

export function viewTaskSource(
  api: WorkApiClient,
  freshness: ViewFreshness,
  fallback: DigestTaskSource,
): DigestTaskSource {
  return {
    get requests() {
      return fallback.requests;
    },
    async listOpenTasks(projectId, dueBefore, signal) {
      const view = taskViewOf(api);
      // A store that cannot be read leaves this instance's own copy to answer.
      await view.sync().catch(() => {});
      if (view.knows(projectId) && (await freshness(view)).kind === 'fresh') {
        const { tasks } = view.query({ projectId, done: false, dueBefore });
        return tasks.map((task) => lean({ ...task, project_id: task.project_id ?? projectId }));
      }
      return fallback.listOpenTasks(projectId, dueBefore, signal);
    },
  };
}
