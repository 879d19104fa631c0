/**
 * The task lists behind `/task mine`, `/task list` and the Home tab, correct whatever the service
 * does with filters (see src/api/task-lists.ts). The connection's task view (src/api/task-view.ts)
 * answers at no request whenever it is fresh within its bound (`view-freshness.ts`); a stale view
 * answers saying how old it is while it is read again once. Only a cold view sends the read to the
 * service: one request with the service filtering, while this connection's service is seen to
 * honour the filters (the answer is checked), else the view's first scan. Each answer carries notes
 * for the person: how old, incomplete, records that could not be read.
 */
import type { Page, TaskRecord, WorkApiClient } from '../../api/index.ts';
import { collectTasks, matchesCriteria, serverHonours, type TaskCriteria } from '../../api/task-lists.ts';
import { type TaskView, taskViewOf } from '../../api/task-view.ts';
import { pollingFreshness, type ViewFreshness, type ViewState } from './view-freshness.ts';

export interface TaskListAnswer {
  page: Page<TaskRecord>;
  /** Plain sentences shown under the list. */
  notes: string[];
  /** When the answer is interim: settles once a fuller one can be given (ask again then). */
  pending?: Promise<void> | undefined;
  /** True when Taskbridge's own copy answered (no request spent); absent when the service did. */
  fromView?: boolean;
}

type Api = Pick<WorkApiClient, 'tasks' | 'projects' | 'capabilities'>;

/** Tasks read from one project to answer a list the service does not filter, at most. */
const PROJECT_SCAN_REQUESTS = 12;

function skippedNote(count: number): string[] {
  return count > 0
    ? [
        `${count} task record${count === 1 ? '' : 's'} from the service could not be read and ${count === 1 ? 'is' : 'are'} left out.`,
      ]
    : [];
}

function ago(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes < 1 ? 'less than a minute ago' : minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
}

/** One page of `tasks` (already filtered and sorted) in the list envelope's shape. */
function pageOf(tasks: readonly TaskRecord[], page: number, perPage: number): Page<TaskRecord> {
  const last = Math.max(1, Math.ceil(tasks.length / perPage));
  const current = Math.min(Math.max(1, page), last);
  return {
    data: tasks.slice((current - 1) * perPage, current * perPage),
    meta: { total: tasks.length, per_page: perPage, current_page: current, last_page: last },
    next: current < last ? { page: current + 1, per_page: perPage } : null,
  };
}

const byDue = (a: TaskRecord, b: TaskRecord) =>
  (a.due_date ? Date.parse(a.due_date) : Number.POSITIVE_INFINITY) -
    (b.due_date ? Date.parse(b.due_date) : Number.POSITIVE_INFINITY) || a.id - b.id;

/**
 * One request with the filters, checked: the page when every record meets the criteria (the
 * service honoured them), else undefined (and the connection now knows the filters are ignored).
 */
async function filteredByService(
  api: Api,
  criteria: TaskCriteria,
  query: Record<string, string | number>,
): Promise<Page<TaskRecord> | undefined> {
  if (serverHonours(api, criteria) === 'no') return undefined;
  if (query.page !== 1 && api.capabilities.filter('page') === 'no') return undefined;
  const page =
    criteria.projectId === undefined
      ? await api.tasks.list(query)
      : await api.tasks.listByProject(criteria.projectId, query);
  const honoured = page.data.every((t) => matchesCriteria(t, criteria));
  for (const [name, value] of Object.entries(query)) {
    if (name === 'page' || name === 'per_page' || value === undefined) continue;
    if (!honoured) continue;
    api.capabilities.setFilter(name as 'assignee_id', 'yes');
  }
  if (!honoured) {
    // Which filter was ignored: the first one a record does not meet.
    for (const [name, c] of [
      ['assignee_id', { assigneeId: criteria.assigneeId }],
      ['done', { done: criteria.done }],
      ['status', { status: criteria.status }],
    ] as const) {
      if (name in query && !page.data.every((t) => matchesCriteria(t, c)))
        api.capabilities.setFilter(name, 'no');
    }
    return undefined;
  }
  return page;
}

/** `/task mine`: the member's open tasks (or those in a status), one page. */
export async function myTasks(
  api: Api,
  q: {
    memberId: number;
    status: string | null;
    page: number;
    perPage: number;
    now: number;
    /** How fresh the view must be; default: the polling bound (see `view-freshness.ts`). */
    freshness?: ViewFreshness | undefined;
  },
): Promise<TaskListAnswer> {
  const criteria: TaskCriteria = q.status
    ? { assigneeId: q.memberId, status: q.status }
    : { assigneeId: q.memberId, done: false };
  const query = {
    assignee_id: q.memberId,
    page: q.page,
    per_page: q.perPage,
    ...(q.status ? { status: q.status } : { done: 'false' }),
  };
  const view = taskViewOf(api);
  const state = await viewState(view, q.freshness ?? pollingFreshness(q.now));
  if (state.kind !== 'cold') return fromWarmView(view, criteria, q, state);
  // Cold: the view's first read starts (once across instances) and this answer comes from one
  // filtered request, while the service is seen to honour the filters.
  const pending = startRefresh(view);
  if (serverHonours(api, criteria) !== 'no') {
    const served = await filteredByService(api, criteria, query);
    if (served) return { page: served, notes: skippedNote(served.skipped?.length ?? 0) };
  }
  return interim(pending, q, 'by person');
}

/** A project's tasks (in a status, when one is named), one page. */
export async function projectTasks(
  api: Api,
  q: {
    projectId: number;
    status: string | null;
    page: number;
    perPage: number;
    now: number;
    /** How fresh the view must be; default: the polling bound (see `view-freshness.ts`). */
    freshness?: ViewFreshness | undefined;
  },
): Promise<TaskListAnswer> {
  const criteria: TaskCriteria = { projectId: q.projectId, ...(q.status ? { status: q.status } : {}) };
  const view = taskViewOf(api);
  const state = await viewState(view, q.freshness ?? pollingFreshness(q.now));
  // A project the view holds no complete list of (one that does not page, or made since) is read.
  if (state.kind !== 'cold' && view.knows(q.projectId)) return fromWarmView(view, criteria, q, state);
  if (state.kind === 'cold') startRefresh(view);
  const query = { page: q.page, per_page: q.perPage, ...(q.status ? { status: q.status } : {}) };
  const served = await filteredByService(api, criteria, query);
  if (served) {
    const notes = skippedNote(served.skipped?.length ?? 0);
    if (
      served.next === null &&
      served.meta.total !== null &&
      served.meta.total > served.meta.current_page * served.meta.per_page
    ) {
      notes.push('The service shows only the first page of this list, so some tasks are not shown here.');
    }
    return { page: served, notes };
  }
  // The status filter was ignored: read the project's tasks (bounded) and filter here.
  const read = await collectTasks(api, criteria, { maxRequests: PROJECT_SCAN_REQUESTS });
  const notes = skippedNote(read.skipped);
  if (!read.complete) {
    notes.push(
      read.incompleteBecause === 'paging'
        ? `The service does not filter by status and shows only its first page, so only ${read.scanned} of the project's tasks were looked through.`
        : `The service does not filter by status; Taskbridge looked through the first ${read.scanned} tasks of the project only.`,
    );
  }
  return { page: pageOf(read.tasks.sort(byDue), q.page, q.perPage), notes };
}

/**
 * What another instance scanned or changed (one store read when nothing did), then how fresh the
 * view is.
 */
async function viewState(view: TaskView, freshness: ViewFreshness): Promise<ViewState> {
  // A store that cannot be read leaves this instance's own copy to answer.
  await view.sync().catch(() => {});
  return freshness(view);
}

/** The view's read (shared across instances by its lease); its failure is left to the next read. */
function startRefresh(view: TaskView, readSince?: number): Promise<void> {
  const pending = view.refresh(readSince === undefined ? {} : { readSince });
  pending.catch(() => {});
  return pending;
}

function interim(pending: Promise<void>, q: { perPage: number }, what: string): TaskListAnswer {
  return {
    page: pageOf([], 1, q.perPage),
    notes: [
      `The service does not filter tasks ${what}, so Taskbridge is reading every project’s tasks once to find yours. This list updates here when that is done; later lists are immediate.`,
    ],
    pending,
    fromView: true,
  };
}

/** The view's answer: as it is when fresh; when stale, with its age, while it is read again. */
function fromWarmView(
  view: TaskView,
  criteria: TaskCriteria,
  q: { page: number; perPage: number; now: number },
  state: Exclude<ViewState, { kind: 'cold' }>,
): TaskListAnswer {
  const answer = view.query(criteria);
  const notes: string[] = [];
  let pending: Promise<void> | undefined;
  if (state.kind === 'stale') {
    pending = startRefresh(view, state.readSince);
    notes.push(
      `As of ${ago(q.now - state.asOf)}: Taskbridge is reading the service again; this list updates when that is done.`,
    );
  }
  notes.push(...skippedNote(answer.skipped));
  if (!answer.complete) notes.push('Some projects could not be read in full, so some tasks may be missing.');
  return { page: pageOf(answer.tasks.sort(byDue), q.page, q.perPage), notes, pending, fromView: true };
}
