/**
 * Task lists that are right whatever the service does with the filters. The spec shows only
 * `status` and `per_page` on `GET /projects/{id}/tasks`; a service may silently ignore every other
 * parameter (assignee, done, due dates, sprint, free text, even `page`). So every filter is a hint:
 * it is sent while this connection's service honours it, each answer is checked against it (a
 * record that does not match shows it was ignored, remembered in `capabilities`), and the records
 * are always filtered here too. Pages are followed by the service's meta within a request budget;
 * a service that does not honour `page` yields an incomplete list, said so, never a loop.
 */
import type { TaskFilter } from './capabilities.ts';
import type { WorkApiClient } from './client.ts';
import { statusIsDone } from './done-status.ts';
import type { NextPageQuery, Page } from './envelopes.ts';
import type { CallOptions } from './paginate.ts';
import type { TaskRecord } from './schemas/records.ts';

export interface TaskCriteria {
  /** One project's tasks (`GET /projects/{id}/tasks`); absent: all tasks (`GET /tasks`). */
  projectId?: number | undefined;
  assigneeId?: number | undefined;
  /** true: only done tasks; false: only open ones. */
  done?: boolean | undefined;
  /** A status name (case-insensitive) or id, as typed. */
  status?: string | undefined;
  sprintId?: number | undefined;
  dueBefore?: Date | undefined;
  dueAfter?: Date | undefined;
  /** Words that must all appear in the title (or description, when the service shows it). */
  text?: string | undefined;
}

export type IsDone = (status: TaskRecord['status']) => boolean;
const doneByName: IsDone = (status) => statusIsDone(status);
/** Done as this connection reads it: by name, or by the status an admin chose. */
export const doneFor =
  (api: Partial<Pick<WorkApiClient, 'doneChoice'>>): IsDone =>
  (status) =>
    statusIsDone(status, api.doneChoice);

interface CollectOptions {
  /** Requests this collection may make at most (each still waits for the limiter). Default 20. */
  maxRequests?: number;
  /** Page size asked for; the service may clamp it. Default 100. */
  perPage?: number;
  /** Which statuses mean done; default by name. */
  isDone?: IsDone;
  call?: CallOptions;
  /** Awaited before each request: a pacer keeping background work to a share of the budget. */
  beforeRequest?: () => Promise<void>;
  /**
   * Where to start: the `next` of an earlier collection that stopped on its budget, so a list
   * longer than one budget is read over several (the polling fallback's large projects).
   */
  from?: NextPageQuery;
}

interface TaskCollection {
  /** The matching tasks, filtered here whatever the service did. */
  tasks: TaskRecord[];
  /** False when pages were left unread (budget spent, or a service that ignores `page`). */
  complete: boolean;
  /** Why the list is incomplete, in words for a person. */
  incompleteBecause?: 'budget' | 'paging';
  /** Stopped on the budget: the page to ask for next (`from` of the collection that continues). */
  next?: NextPageQuery;
  /** Records the service sent that could not be read. */
  skipped: number;
  /** Requests made. */
  requests: number;
  /** Tasks read in all (matching or not). */
  scanned: number;
}

const dayMs = 86_400_000;

/** Whether a task meets one criterion; undefined criteria always match. */
function meets(task: TaskRecord, filter: TaskFilter, c: TaskCriteria, isDone: IsDone): boolean {
  switch (filter) {
    case 'assignee_id':
      return c.assigneeId === undefined || task.assignees.some((a) => a.id === c.assigneeId);
    case 'done':
      return c.done === undefined || isDone(task.status) === c.done;
    case 'status': {
      if (c.status === undefined) return true;
      const wanted = c.status.trim().toLowerCase();
      return task.status.name.trim().toLowerCase() === wanted || String(task.status.id) === wanted;
    }
    case 'sprint_id':
      return c.sprintId === undefined || task.sprint_id === c.sprintId;
    case 'due_before':
      return (
        c.dueBefore === undefined ||
        (task.due_date !== null && dueTime(task.due_date) < c.dueBefore.getTime())
      );
    case 'due_after':
      return (
        c.dueAfter === undefined || (task.due_date !== null && dueTime(task.due_date) > c.dueAfter.getTime())
      );
    case 'q': {
      if (c.text === undefined) return true;
      const haystack = `${task.title} ${task.description ?? ''}`.toLowerCase();
      return c.text
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean)
        .every((word) => haystack.includes(word));
    }
    case 'page':
      return true;
  }
}

/** A bare date is due at the end of its day (UTC): it is not overdue during it. */
function dueTime(due: string): number {
  return due.length === 10 ? Date.parse(due) + dayMs - 1 : Date.parse(due);
}

const FILTERS: readonly TaskFilter[] = [
  'assignee_id',
  'done',
  'status',
  'sprint_id',
  'due_before',
  'due_after',
  'q',
];

/** Whether the task meets every criterion. */
export function matchesCriteria(task: TaskRecord, c: TaskCriteria, isDone: IsDone = doneByName): boolean {
  return FILTERS.every((f) => meets(task, f, c, isDone));
}

function queryValue(filter: TaskFilter, c: TaskCriteria): string | number | undefined {
  switch (filter) {
    case 'assignee_id':
      return c.assigneeId;
    case 'done':
      return c.done === undefined ? undefined : String(c.done);
    case 'status':
      return c.status;
    case 'sprint_id':
      return c.sprintId;
    case 'due_before':
      return c.dueBefore?.toISOString();
    case 'due_after':
      return c.dueAfter?.toISOString();
    case 'q':
      return c.text;
    case 'page':
      return undefined;
  }
}

/**
 * Every task meeting the criteria, read within `maxRequests`. The filters the service is not
 * known to ignore are sent; the answer is checked and filtered here.
 */
export async function collectTasks(
  api: Pick<WorkApiClient, 'tasks' | 'capabilities'> & Partial<Pick<WorkApiClient, 'doneChoice'>>,
  criteria: TaskCriteria,
  options: CollectOptions = {},
): Promise<TaskCollection> {
  const caps = api.capabilities;
  const isDone = options.isDone ?? doneFor(api);
  const maxRequests = Math.max(1, options.maxRequests ?? 20);
  const sent: TaskFilter[] = [];
  const query: Record<string, string | number> = { per_page: options.perPage ?? 100 };
  for (const filter of FILTERS) {
    const value = queryValue(filter, criteria);
    if (value === undefined || caps.filter(filter) === 'no') continue;
    // `status` is shown by the spec for a project's list only; elsewhere it is a hint like the rest.
    sent.push(filter);
    query[filter] = value;
  }
  const list = (q: Record<string, string | number>): Promise<Page<TaskRecord>> =>
    criteria.projectId === undefined
      ? api.tasks.list(q, options.call)
      : api.tasks.listByProject(criteria.projectId, q, options.call);

  const byId = new Map<number, TaskRecord>();
  let skipped = 0;
  let requests = 0;
  let next: Record<string, string | number> | null = options.from ?? {};
  let complete = false;
  let incompleteBecause: TaskCollection['incompleteBecause'];
  while (next) {
    await options.beforeRequest?.();
    const page: Page<TaskRecord> = await list({ ...query, ...next });
    requests++;
    skipped += page.skipped?.length ?? 0;
    for (const filter of sent) {
      if (page.data.length === 0) break;
      caps.setFilter(filter, page.data.every((t) => meets(t, filter, criteria, isDone)) ? 'yes' : 'no');
    }
    let fresh = 0;
    for (const task of page.data) {
      if (byId.has(task.id)) continue;
      byId.set(task.id, task);
      fresh++;
    }
    if (requests > 1 && page.data.length > 0) {
      // The same records again: the service answered its first page, whatever page was asked.
      caps.setFilter('page', fresh > 0 ? 'yes' : 'no');
    }
    if (!page.next || page.data.length === 0) {
      complete = true;
      break;
    }
    if (fresh === 0 || caps.filter('page') === 'no') {
      incompleteBecause = 'paging';
      break;
    }
    next = page.next;
    if (requests >= maxRequests) {
      incompleteBecause = 'budget';
      break;
    }
  }
  const all = [...byId.values()];
  const result: TaskCollection = {
    tasks: all.filter((t) => matchesCriteria(t, criteria, isDone)),
    complete,
    skipped,
    requests,
    scanned: all.length,
  };
  if (incompleteBecause) result.incompleteBecause = incompleteBecause;
  if (incompleteBecause === 'budget' && next) result.next = next;
  return result;
}

/** Whether the service filters a list this way itself, as far as this connection has seen. */
export function serverHonours(
  api: Pick<WorkApiClient, 'capabilities'>,
  criteria: TaskCriteria,
): 'yes' | 'no' | 'unknown' {
  let answer: 'yes' | 'no' | 'unknown' = 'yes';
  for (const filter of FILTERS) {
    if (queryValue(filter, criteria) === undefined) continue;
    const support = api.capabilities.filter(filter);
    if (support === 'no') return 'no';
    if (support === 'unknown') answer = 'unknown';
  }
  return answer;
}
