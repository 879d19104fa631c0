/**
 * A per-connection view of every task, for answers a service that ignores filters cannot give
 * cheaply (`/task mine` would otherwise read every task of every project each time). It is filled
 * by a background scan of each project's list, paced to a bounded share of the rate budget, and
 * says how fresh it is. Changes the app makes, and later the service's webhooks, keep it current
 * between scans through `apply`. Shared through the store (`task-view-share.ts`), one instance
 * scans a workspace and the others load its result and each other's changes (`sync`).
 */
import { type Clock, systemClock, type Timer } from '../lib/clock.ts';
import type { WorkApiClient } from './client.ts';
import { withLane } from './limiter-lanes.ts';
import type { TaskRecord } from './schemas/records.ts';
import { TaskIndex } from './task-index.ts';
import { collectTasks, doneFor, type IsDone, matchesCriteria, type TaskCriteria } from './task-lists.ts';
import {
  SCAN_HOLD_MAX_MS,
  type SharedDelta,
  SharedTaskView,
  type TaskViewSharing,
} from './task-view-share.ts';

/** What changed about one task: its new state, or that it is gone. */
export type TaskViewChange = { kind: 'upsert'; task: TaskRecord } | { kind: 'delete'; taskId: number };

interface TaskViewOptions {
  /**
   * Scan requests in any minute, at most: the scan's share of the budget. Default 30, half of the
   * spec's general 60/min, so commands keep the other half while a scan runs.
   */
  requestsPerMinute?: number;
  /**
   * A scan younger than this is not repeated when a refresh is asked without a bound (another
   * instance's, loaded from the store, counts). Default 5 min.
   */
  maxAgeMs?: number;
  /** Requests one project's scan may make at most. Default 500 (50 000 tasks at 100 a page). */
  maxRequestsPerProject?: number;
  isDone?: IsDone;
  /** Paces the scan and times its lease's renewals. Default: the system clock. */
  clock?: Clock;
  /**
   * The store every instance shares (`task-view-share.ts`): one instance scans, the others load
   * its result. Absent: this process's view alone (also set per client by {@link shareTaskView}).
   */
  shared?: TaskViewSharing;
  /** How often an instance waiting for another's scan looks for its result. Default 2 s. */
  sharedPollMs?: number;
}

interface TaskViewAnswer {
  tasks: TaskRecord[];
  /** When the scan the answer comes from finished (ms since epoch); null before the first. */
  asOf: number | null;
  /** False when a project could not be read in full (its service does not page, or an error). */
  complete: boolean;
  /** Records the service sent that could not be read. */
  skipped: number;
}

export interface TaskView {
  /**
   * The matching tasks as of the last scan (plus changes applied since). It never reads the
   * service: whoever asks decides whether the view is fresh enough (`src/slack/services/view-freshness.ts`).
   */
  query(criteria: TaskCriteria): TaskViewAnswer;
  /** Whether a scan has finished. */
  readonly warm: boolean;
  /** Whether a refresh is under way on this instance. */
  readonly refreshing: boolean;
  /**
   * The running scan, or a new one. `readSince`: a scan (this instance's or another's) that
   * finished at or after this time will do; default: one within `maxAgeMs`.
   */
  refresh(options?: { readSince?: number }): Promise<void>;
  /**
   * When the view last matched the service in full, on the app's clock: the oldest of its
   * projects' reads (by the scan or the poller), or the scan's end when no project is known.
   */
  readAt(): number | null;
  /** Keeps the view current between scans (the app's own changes; webhook events). */
  apply(change: TaskViewChange): void;
  /** The view's state of one task, without starting a scan (what a change is compared with). */
  peek(taskId: number): TaskRecord | undefined;
  /** The view's tasks of one project, without starting a scan. */
  peekProject(projectId: number): TaskRecord[];
  /**
   * Every task the view holds, unfiltered, with how fresh they are; starts a scan if stale, as
   * `query` does. For a search that filters and ranks them itself (`/task find`).
   */
  all(): TaskViewAnswer;
  /** Requests the scans have made, for the bench and logs. */
  readonly requests: number;
  /** Loads what other instances saved since the last look (shared views; else nothing to do). */
  sync(): Promise<void>;
  /** Whether the view holds a complete list of the project (from a scan or a poll). */
  knows(projectId: number): boolean;
  /** A project's complete list as read at `at` (the poller's), shared like a scan's. */
  replaceProject(projectId: number, tasks: TaskRecord[], at: number): Promise<void>;
  /**
   * Reads one project's list from the service now and keeps it: for a task the view has not seen
   * (created after the scan) whose project an event does not say. Reads of one project under way
   * together are one read.
   */
  readProject(projectId: number): Promise<void>;
}

/**
 * Renews the scan's lease a third of a lease apart while this instance scans, for at most
 * {@link SCAN_HOLD_MAX_MS}: a long scan keeps it, and one whose instance died frees it within a lease.
 */
function holdWhileScanning(s: SharedTaskView, clock: Clock): Timer {
  const until = clock.now().getTime() + SCAN_HOLD_MAX_MS;
  const timer = clock
    .every(s.leaseMs / 3, () => {
      if (clock.now().getTime() > until) return timer.cancel();
      // A failed renewal only shortens the hold: at worst another instance scans too.
      s.renewScan().catch(() => false);
    })
    .unref();
  return timer;
}

export function createTaskView(
  api: Pick<WorkApiClient, 'tasks' | 'projects' | 'capabilities'> &
    Partial<Pick<WorkApiClient, 'doneChoice'>>,
  options: TaskViewOptions = {},
): TaskView {
  const clock = options.clock ?? systemClock;
  const now = () => clock.now().getTime();
  const sleep = (ms: number) => clock.sleep(ms);
  const perMinute = Math.max(1, options.requestsPerMinute ?? 30);
  const maxAge = options.maxAgeMs ?? 5 * 60_000;
  let tasks = new TaskIndex();
  let asOf: number | null = null;
  let complete = false;
  let skipped = 0;
  let requests = 0;
  let running: Promise<void> | null = null;
  const sharing = options.shared ?? sharings.get(api);
  const shared = sharing ? new SharedTaskView(sharing) : undefined;
  const sharedPollMs = options.sharedPollMs ?? 2_000;
  /**
   * When a list was read, a change made or a scan finished, on the app's clock (the poller's too),
   * so they compare with the freshness bounds; the scan's pacing stays on `now`.
   */
  const stampClock = sharing?.clock ?? options.clock;
  const stampNow = stampClock ? () => stampClock.now().getTime() : now;
  /** When this view's list of each project was read: a change older than that is already in it. */
  const projectAt = new Map<number, number>();
  /** When the scan's last requests were sent: a sliding minute, as the service counts. */
  const sent: number[] = [];

  const pace = async () => {
    while (sent.length >= perMinute) {
      const wait = sent[0]! + 60_000 - now();
      if (wait > 0) await sleep(wait);
      while (sent.length > 0 && sent[0]! + 60_000 <= now()) sent.shift();
    }
    sent.push(now());
    requests++;
  };

  const scan = async () => {
    const found = new TaskIndex();
    const byProject = new Map<number, TaskRecord[]>();
    const readAt = new Map<number, number>();
    let allComplete = true;
    let unread = 0;
    const projects: number[] = [];
    await pace();
    for await (const p of api.projects.list.all({ per_page: 100 }, { maxPages: 50 })) projects.push(p.id);
    for (const projectId of projects) {
      readAt.set(projectId, stampNow());
      const result = await collectTasks(
        api,
        { projectId },
        {
          maxRequests: options.maxRequestsPerProject ?? 500,
          beforeRequest: pace,
          call: { maxWaitMs: 600_000 },
          ...(options.isDone ? { isDone: options.isDone } : {}),
        },
      );
      for (const t of result.tasks) found.set(t);
      if (result.complete) byProject.set(projectId, result.tasks);
      allComplete &&= result.complete;
      unread += result.skipped;
    }
    tasks = found;
    const finished = stampNow();
    asOf = finished;
    complete = allComplete;
    skipped = unread;
    projectAt.clear();
    for (const projectId of byProject.keys()) projectAt.set(projectId, readAt.get(projectId)!);
    await shared?.saveScan(byProject, { asOf: finished, complete, skipped });
  };

  const replaceLocal = (projectId: number, list: TaskRecord[], at: number) => {
    for (const t of tasks.ofProject(projectId)) tasks.delete(t.id);
    for (const t of list) tasks.set(t);
    projectAt.set(projectId, at);
  };
  const applyLocal = (change: TaskViewChange) => {
    if (change.kind === 'delete') tasks.delete(change.taskId);
    else tasks.set(change.task);
  };
  const merge = (delta: SharedDelta) => {
    if (delta.scan && (asOf === null || delta.scan.asOf > asOf)) {
      ({ asOf, complete, skipped } = delta.scan);
    }
    for (const p of delta.projects) replaceLocal(p.projectId, p.tasks, p.at);
    for (const projectId of delta.removed) {
      for (const t of tasks.ofProject(projectId)) tasks.delete(t.id);
      projectAt.delete(projectId);
    }
    for (const { at, change } of delta.changes) {
      const projectId =
        change.kind === 'upsert' ? change.task.project_id : tasks.get(change.taskId)?.project_id;
      const base = projectId == null ? undefined : projectAt.get(projectId);
      // A list read after the change already holds it (or something newer).
      if (base !== undefined && at < base) continue;
      applyLocal(change);
    }
  };
  const sync = async () => {
    const delta = await shared?.load();
    if (delta) merge(delta);
  };
  const fresh = () => asOf !== null && stampNow() - asOf <= maxAge;
  const reading = new Map<number, Promise<void>>();
  const readProject = async (projectId: number) => {
    const at = stampNow();
    const result = await collectTasks(
      api,
      { projectId },
      {
        maxRequests: options.maxRequestsPerProject ?? 500,
        beforeRequest: pace,
        call: { maxWaitMs: 30_000 },
        ...(options.isDone ? { isDone: options.isDone } : {}),
      },
    );
    if (result.complete) return view.replaceProject(projectId, result.tasks, at);
    for (const task of result.tasks) applyLocal({ kind: 'upsert', task });
  };

  /** Shared: the result another instance saved, else this one scans under the lease, else waits. */
  const sharedRefresh = async (s: SharedTaskView, done: () => boolean) => {
    for (let waited = 0; waited <= SCAN_HOLD_MAX_MS + s.leaseMs; waited += sharedPollMs) {
      await sync();
      if (done()) return;
      if (await s.claimScan()) {
        const renewals = holdWhileScanning(s, clock);
        try {
          // The holder before may have saved and let go between the look above and the claim.
          await sync();
          if (!done()) await scan();
        } finally {
          renewals.cancel();
          await s.releaseScan();
        }
        return;
      }
      await sleep(sharedPollMs);
    }
  };

  const view: TaskView = {
    get warm() {
      return asOf !== null;
    },
    get requests() {
      return requests;
    },
    get refreshing() {
      return running !== null;
    },
    refresh(refreshOptions = {}) {
      const since = refreshOptions.readSince;
      const done = since === undefined ? fresh : () => asOf !== null && asOf >= since;
      // Scans run in the budget's lowest lane: people, digests and the poll go first.
      running ??= withLane('background', () => (shared ? sharedRefresh(shared, done) : scan())).finally(
        () => {
          running = null;
        },
      );
      return running;
    },
    readAt() {
      if (projectAt.size === 0) return asOf;
      let oldest = Number.POSITIVE_INFINITY;
      for (const at of projectAt.values()) oldest = Math.min(oldest, at);
      return oldest;
    },
    query(criteria) {
      const { projectId, ...rest } = criteria;
      // The narrowest index first: a person's tasks, else a project's, else all.
      const candidates =
        rest.assigneeId !== undefined
          ? tasks.ofAssignee(rest.assigneeId)
          : projectId !== undefined
            ? tasks.ofProject(projectId)
            : tasks.values();
      const isDone = options.isDone ?? doneFor(api);
      const matching: TaskRecord[] = [];
      for (const t of candidates) {
        if ((projectId === undefined || t.project_id === projectId) && matchesCriteria(t, rest, isDone))
          matching.push(t);
      }
      return { tasks: matching, asOf, complete, skipped };
    },
    peek(taskId) {
      return tasks.get(taskId);
    },
    all() {
      if (!fresh()) view.refresh().catch(() => {});
      return { tasks: [...tasks.values()], asOf, complete, skipped };
    },
    peekProject(projectId) {
      return tasks.ofProject(projectId);
    },
    apply(change) {
      applyLocal(change);
      // Other instances see it at their next sync; a failed write leaves them to their next scan.
      shared?.saveChange(change, stampNow()).catch(() => {});
    },
    sync,
    knows(projectId) {
      return projectAt.has(projectId);
    },
    async replaceProject(projectId, list, at) {
      replaceLocal(projectId, list, at);
      await shared?.saveProject(projectId, list, at);
    },
    readProject(projectId) {
      let read = reading.get(projectId);
      if (!read) {
        read = readProject(projectId).finally(() => reading.delete(projectId));
        reading.set(projectId, read);
      }
      return read;
    },
  };
  api.tasks.onChange((change) => view.apply(change));
  return view;
}

const views = new WeakMap<object, TaskView>();
const sharings = new WeakMap<object, TaskViewSharing>();

/**
 * Shares the client's view through the store (the registry calls it when it hands the client to a
 * workspace); it takes effect when the view is made, so it is called before the view's first use.
 */
export function shareTaskView(api: object, sharing: TaskViewSharing): void {
  if (!sharings.has(api)) sharings.set(api, sharing);
}

/** The connection's view (one per client, as the client is one per service token). */
export function taskViewOf(
  api: Pick<WorkApiClient, 'tasks' | 'projects' | 'capabilities'> &
    Partial<Pick<WorkApiClient, 'doneChoice'>>,
  options?: TaskViewOptions,
): TaskView {
  let view = views.get(api);
  if (!view) {
    view = createTaskView(api, options);
    views.set(api, view);
  }
  return view;
}
