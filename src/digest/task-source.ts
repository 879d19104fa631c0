/**
 * Where a digest's tasks come from: one project's open tasks due before a horizon. The runner asks
 * through this port so that each project is listed once per firing minute however many digests
 * show it; `createClientTaskSource` answers it with the service client (its limiter included).
 */
import type { CallOptions, WorkApiClient } from '../api/index.ts';
import { collectTasks } from '../api/task-lists.ts';
import type { DigestTask } from './select.ts';

export interface DigestTaskSource {
  /** Every open (not done) task of the project due before `dueBefore`, all pages. */
  listOpenTasks(projectId: number, dueBefore: Date, signal?: AbortSignal): Promise<DigestTask[]>;
  /** Service requests sent so far (every page): what a read-ahead cost, to size the next one's lead. */
  readonly requests?: number;
}

/** Options for {@link createClientTaskSource}. */
interface ClientTaskSourceOptions {
  /** Page size asked for (the service clamps it at 100). Default 100. */
  perPage?: number;
  /**
   * How long one request may wait for the client's limiter. A digest run is background work that
   * may queue behind a full minute of the 60-per-minute budget, so this is far longer than a Slack
   * handler's. Default 600 000 (10 minutes).
   */
  maxWaitMs?: number;
  /** Stops after this many pages of one project (a list that never ends). Default 100. */
  maxPages?: number;
}

/** Keeps the fields a digest reads, so a tick's fetched tasks hold no more memory than needed. */
export function lean(task: DigestTask): DigestTask {
  const kept: DigestTask = {
    id: task.id,
    title: task.title,
    status: { id: task.status.id, name: task.status.name },
    assignees: task.assignees.map((a) => ({ id: a.id, name: a.name })),
    due_date: task.due_date,
  };
  if (task.project_id !== undefined) kept.project_id = task.project_id;
  return kept;
}

/**
 * A task source over the service client: `GET /projects/{id}/tasks?done=false&due_before=…`, page
 * after page as the service's `meta` says, each request through the client's limiter. The filters
 * are hints (src/api/task-lists.ts): a service that ignores them gets the project read in full and
 * filtered here, still one read of the project per firing minute (`project-fetches.ts`).
 */
export function createClientTaskSource(
  client: Pick<WorkApiClient, 'tasks' | 'capabilities'> & Partial<Pick<WorkApiClient, 'doneChoice'>>,
  options: ClientTaskSourceOptions = {},
): DigestTaskSource {
  const perPage = options.perPage ?? 100;
  const maxWaitMs = options.maxWaitMs ?? 600_000;
  const maxPages = options.maxPages ?? 100;
  let requests = 0;
  return {
    get requests() {
      return requests;
    },
    async listOpenTasks(projectId, dueBefore, signal) {
      const call: CallOptions = { maxWaitMs, signal };
      const read = await collectTasks(
        client,
        { projectId, done: false, dueBefore },
        { perPage, maxRequests: maxPages, call },
      );
      requests += read.requests;
      return read.tasks.map((task) => lean({ ...task, project_id: task.project_id ?? projectId }));
    },
  };
}
