/**
 * Where a digest's links lead: each task's page on the service's web app, and the project's task
 * list behind "and N more". Both come from the configured task URL pattern; without one, the
 * service's own address is the best there is.
 */
import type { DigestLinks } from '../../digest/render-digest.ts';
import type { TaskLinks } from './task-links.ts';

/** Options for {@link createDigestLinks}. */
export interface DigestLinksOptions {
  taskLinks: TaskLinks;
  /** The task URL pattern (`…/projects/{project_id}/tasks/{id}`); the list is what precedes `{id}`. Default: none. */
  taskUrlPattern?: string | undefined;
  /** Used when no pattern is configured: the service's address. Default: `https://slack.com`. */
  fallbackUrl?: string | undefined;
}

/** A digest row always links its title; with nothing configured the link can only lead back to Slack. */
const NO_WEB_APP = 'https://slack.com';

export function createDigestLinks(options: DigestLinksOptions): DigestLinks {
  const pattern = options.taskUrlPattern;
  const cut = pattern?.indexOf('{id}') ?? -1;
  // "https://work.example.com/projects/{project_id}/tasks/{id}" → ".../projects/{project_id}/tasks".
  const listPattern = pattern && cut > 0 ? pattern.slice(0, cut).replace(/\/+$/, '') : undefined;
  const fallback = options.fallbackUrl ?? NO_WEB_APP;
  return {
    taskUrl: (task, subscription) =>
      options.taskLinks.urlFor({
        id: task.id,
        project_id: task.project_id ?? subscription.projectIds[0] ?? 0,
      }) ?? fallback,
    listUrl: (subscription) => {
      if (!listPattern) return fallback;
      const projectId = subscription.projectIds[0];
      return listPattern.includes('{project_id}')
        ? listPattern.replace('{project_id}', String(projectId ?? ''))
        : listPattern;
    },
  };
}
