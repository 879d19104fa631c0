/**
 * Where a digest's links lead: each task's page on the service's web app, and the project's task
 * list behind "and N more". Both come from the configured task URL pattern; without one the
 * digest shows plain titles rather than links that lead nowhere useful.
 */
import type { DigestLinks } from '../../digest/render-digest.ts';
import type { TaskLinks } from './task-links.ts';

/** Options for {@link createDigestLinks}. */
interface DigestLinksOptions {
  taskLinks: TaskLinks;
  /** The task URL pattern (`…/projects/{project_id}/tasks/{id}`); the list is what precedes `{id}`. Default: none. */
  taskUrlPattern?: string | undefined;
}

export function createDigestLinks(options: DigestLinksOptions): DigestLinks {
  const pattern = options.taskUrlPattern;
  const cut = pattern?.indexOf('{id}') ?? -1;
  // "https://work.example.com/projects/{project_id}/tasks/{id}" → ".../projects/{project_id}/tasks".
  const listPattern = pattern && cut > 0 ? pattern.slice(0, cut).replace(/\/+$/, '') : undefined;
  return {
    taskUrl: (task, subscription) =>
      options.taskLinks.urlFor({
        id: task.id,
        project_id: task.project_id ?? subscription.projectIds[0] ?? 0,
      }),
    listUrl: (subscription) => {
      if (!listPattern) return undefined;
      const projectId = subscription.projectIds[0];
      return listPattern.includes('{project_id}')
        ? listPattern.replace('{project_id}', String(projectId ?? ''))
        : listPattern;
    },
  };
}
