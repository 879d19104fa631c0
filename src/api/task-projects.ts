/**
 * Which project each task is in, as far as this client has seen. The spec does not promise a
 * task's project in its records; a task listed under `/projects/{id}/tasks` or created with a
 * `project_id` is known to be there. Remembering it lets a later `GET /tasks/{id}` (whose answer
 * may not say) still name the project, so the task's statuses, link and members can be found.
 */

/** Enough for every task of a large connection; the oldest are forgotten first. */
const DEFAULT_CAPACITY = 50_000;

export interface TaskProjects {
  /** The project this task was last seen in, if any. */
  projectOf(taskId: number): number | undefined;
  /** Records the projects the tasks name, and fills in the ones they do not but this map knows. */
  remember<T extends { id: number; project_id: number | null }, P extends { data: T[] }>(page: P): P;
  rememberOne<T extends { id: number; project_id: number | null }>(task: T): T;
}

export function createTaskProjects(capacity = DEFAULT_CAPACITY): TaskProjects {
  const known = new Map<number, number>();
  const one = <T extends { id: number; project_id: number | null }>(task: T): T => {
    if (task.project_id === null) {
      const projectId = known.get(task.id);
      return projectId === undefined ? task : { ...task, project_id: projectId };
    }
    known.delete(task.id); // re-inserted last: the map's order is its age
    known.set(task.id, task.project_id);
    if (known.size > capacity) known.delete(known.keys().next().value as number);
    return task;
  };
  return {
    projectOf: (taskId) => known.get(taskId),
    rememberOne: one,
    remember: (page) => ({ ...page, data: page.data.map(one) }),
  };
}
