/**
 * The service's web addresses are not in its spec, so where a task lives on the web is a
 * configured pattern (WORK_TASK_URL_PATTERN, e.g. `https://work.example.com/projects/{project_id}/tasks/{id}`).
 * The same pattern, read backwards, recognises task links for unfurls.
 */
export interface TaskLinks {
  /** The task's web address, or undefined when no pattern is configured. */
  urlFor(task: { id: number; project_id: number | null }): string | undefined;
  /** The task id in a URL that matches the pattern. */
  parse(url: string): { taskId: number; projectId?: number } | undefined;
}

export function createTaskLinks(pattern: string | undefined): TaskLinks {
  if (!pattern) return { urlFor: () => undefined, parse: () => undefined };
  const escaped = pattern.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`));
  const matcher = new RegExp(
    `^${escaped.replace('{project_id}', '(?<project>\\d+)').replace('{id}', '(?<id>\\d+)')}(?:[?#].*)?$`,
  );
  return {
    // A pattern that needs the project has no address for a task whose project is unknown.
    urlFor: (task) =>
      task.project_id === null && pattern.includes('{project_id}')
        ? undefined
        : pattern.replace('{project_id}', String(task.project_id)).replace('{id}', String(task.id)),
    parse(url) {
      const m = matcher.exec(url);
      const id = m?.groups?.id;
      if (!id) return undefined;
      const project = m.groups?.project;
      return project ? { taskId: Number(id), projectId: Number(project) } : { taskId: Number(id) };
    },
  };
}
