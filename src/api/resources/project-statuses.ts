/**
 * A project's statuses when the service has no statuses endpoint (it is our sandbox's extra; the
 * spec shows only a task's `status {id, name, color}`): the distinct statuses on the project's
 * tasks, read through a bounded number of pages, with "done" decided by name.
 */
import { type DoneChoice, statusIsDone } from '../done-status.ts';
import type { CallOptions } from '../paginate.ts';
import { type ProjectStatusRecord, taskRecordSchema } from '../schemas/records.ts';
import { pageOf, type ResourceContext } from './support.ts';

export interface ProjectStatus {
  id: number;
  name: string;
  color: string;
  is_done: boolean;
  position: number;
  [field: string]: unknown;
}

/** The statuses, and where they came from: the service's list, or what its tasks show. */
export type ProjectStatuses = ProjectStatus[] & { source?: 'service' | 'tasks' };

/** Pages of a project's tasks read to find its statuses: enough for the usual few statuses. */
const STATUS_SCAN_PAGES = 5;

/** Positions and done flags filled in (by name where the service gave none), in order. */
export function orderStatuses(
  records: readonly Pick<ProjectStatusRecord, 'id' | 'name' | 'color' | 'is_done' | 'position'>[],
  source: 'service' | 'tasks',
  choice?: DoneChoice,
): ProjectStatuses {
  const statuses = records.map((s, index) => ({
    ...s,
    is_done: statusIsDone(s, choice),
    position: s.position ?? index,
  }));
  statuses.sort((a, b) => a.position - b.position);
  return Object.assign(statuses, { source });
}

export async function statusesSeenOnTasks(
  ctx: ResourceContext,
  projectId: number,
  options?: CallOptions,
): Promise<ProjectStatuses> {
  const seen = new Map<number, { id: number; name: string; color: string }>();
  let query: Record<string, string | number> = { per_page: 100 };
  const pagesSeen = new Set<number>();
  for (let n = 0; n < STATUS_SCAN_PAGES; n++) {
    const page = await ctx.call({
      endpoint: 'tasks.listByProject',
      params: { id: projectId },
      query,
      read: pageOf(taskRecordSchema({ projectId })),
      options,
    });
    for (const task of page.data) {
      if (!seen.has(task.status.id)) {
        seen.set(task.status.id, { id: task.status.id, name: task.status.name, color: task.status.color });
      }
    }
    // A service that ignores `page` answers the same page again: stop rather than loop.
    if (!page.next || page.data.length === 0 || pagesSeen.has(page.meta.current_page)) break;
    pagesSeen.add(page.meta.current_page);
    query = { ...query, ...page.next };
  }
  // Open statuses first, done ones last (the usual shape of a workflow), each by id: services
  // number a project's statuses as they are made, which is mostly the workflow's order.
  const all = [...seen.values()]
    .sort((a, b) => a.id - b.id)
    .map((s) => ({ ...s, is_done: null, position: null }));
  const open = all.filter((s) => !statusIsDone(s, ctx.doneChoice));
  const done = all.filter((s) => statusIsDone(s, ctx.doneChoice));
  return orderStatuses(
    [...open, ...done].map((s, index) => ({ ...s, position: index })),
    'tasks',
    ctx.doneChoice,
  );
}
