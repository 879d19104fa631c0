/**
 * The polling fallback for workspaces whose service sends no webhooks: it reads the task lists of
 * watched projects only (`WatchedProjects`: a project nobody listens to costs nothing), compares
 * each with the connection's task view, hands the differences to the sink as project events and
 * applies them to the view, so lists stay as fresh as the notifications. One project per workspace
 * per tick (5 s), within {@link PollBudget}'s share, and one instance per tick across instances
 * (a store claim), so running several instances does not multiply the requests. A project longer
 * than the share is read over several ticks, each going on where the last stopped (in the store,
 * so any instance may take the next), and compared once read to its end.
 */
import type { WorkApiClient } from '../../api/client.ts';
import type { NextPageQuery } from '../../api/envelopes.ts';
import { NotFoundError } from '../../api/errors.ts';
import { withLane } from '../../api/limiter-lanes.ts';
import type { TaskRecord } from '../../api/schemas/records.ts';
import { collectTasks } from '../../api/task-lists.ts';
import { taskViewOf } from '../../api/task-view.ts';
import type { Clock, Timer } from '../../lib/clock.ts';
import type { Logger } from '../../lib/logger.ts';
import { storeKeys } from '../../store/keys.ts';
import type { Store } from '../../store/types.ts';
import { PollBudget } from './poll-budget.ts';
import type { ProjectEvent, ProjectEventSink, WatchedProjects } from './project-event.ts';
import { diffTask } from './task-diff.ts';

export const POLL_TICK_MS = 5_000;

interface ChangePollerDeps {
  store: Store;
  watched(): WatchedProjects;
  clientFor(teamId: string): Promise<WorkApiClient | undefined>;
  /** Workspaces whose service sends webhooks are not polled. */
  hasWebhooks(teamId: string): Promise<boolean>;
  sink(): ProjectEventSink;
  clock: Clock;
  logger: Logger;
  budget?: PollBudget;
}

interface Freshness {
  /**
   * For the least recently checked watched project, when the read of its newest complete
   * comparison began (a read spanning minutes saw the service no later than that); null before
   * every project was compared in full once.
   */
  checkedAt: Date | null;
  projects: number;
}

export interface ChangePoller {
  /** One round: for each workspace without webhooks, its next watched project. */
  tick(): Promise<void>;
  /** How fresh a workspace's watched projects are, for App Home. */
  freshness(teamId: string): Promise<Freshness>;
  /** Requests made so far (the bench). */
  readonly requests: number;
  start(): void;
  stop(): Promise<void>;
}

class BudgetSpent extends Error {}

/** A poll that stopped on the budget: where the next tick goes on, and when the read began. */
interface PollProgress {
  next: NextPageQuery;
  parts: number;
  startedAt: number;
}

/** A stopped poll not taken up again within this is read afresh (its parts may be stale). */
const PROGRESS_TTL_MS = 30 * 60_000;

export function createChangePoller(deps: ChangePollerDeps): ChangePoller {
  const log = deps.logger.child({ component: 'change-poller' });
  const budget = deps.budget ?? new PollBudget();
  /**
   * When each watched project's newest complete comparison began (ms), per workspace, in the
   * store: every instance picks the same next project and App Home says the same freshness.
   */
  const checkedOf = async (teamId: string) =>
    (await deps.store.get<Record<string, number>>(storeKeys.pollChecked(teamId))) ?? {};
  /** Projects of a service that does not page, whose first read only set the baseline. */
  const primed = new Set<string>();
  let requests = 0;
  let timer: Timer | undefined;
  let running: Promise<void> | undefined;

  /**
   * Reads as much of the project's list as the minute's share allows, going on from where the last
   * tick stopped; compares only once the whole list is read (a part of a list cannot show a
   * deletion, and comparing parts read minutes apart would be neither honest nor cheaper).
   */
  const pollProject = async (teamId: string, projectId: number, api: WorkApiClient) => {
    const now = () => deps.clock.now().getTime();
    const room = budget.room(api, now());
    if (room <= 0) return;
    const progressKey = storeKeys.pollProgress(teamId, projectId);
    const progress = await deps.store.get<PollProgress>(progressKey);
    const startedAt = progress?.startedAt ?? now();
    let result: Awaited<ReturnType<typeof collectTasks>>;
    try {
      result = await collectTasks(
        api,
        { projectId },
        {
          maxRequests: room,
          beforeRequest: async () => {
            if (!budget.take(api, now())) throw new BudgetSpent();
            requests++;
          },
          call: { maxWaitMs: 10_000 },
          ...(progress ? { from: progress.next } : {}),
        },
      );
    } catch (error) {
      if (error instanceof BudgetSpent) return;
      throw error;
    }
    const parts = progress?.parts ?? 0;
    if (result.incompleteBecause === 'budget' && result.next) {
      await deps.store.set(storeKeys.pollPart(teamId, projectId, parts), result.tasks, PROGRESS_TTL_MS);
      await deps.store.set<PollProgress>(
        progressKey,
        { next: result.next, parts: parts + 1, startedAt },
        PROGRESS_TTL_MS,
      );
      return;
    }
    const read = new Map<number, TaskRecord>();
    for (let part = 0; part < parts; part++) {
      const tasks = await deps.store.get<TaskRecord[]>(storeKeys.pollPart(teamId, projectId, part));
      if (!tasks) {
        // A part expired: the list is read again from its start.
        await deps.store.delete(progressKey);
        return;
      }
      for (const t of tasks) read.set(t.id, t);
    }
    for (const t of result.tasks) read.set(t.id, t);
    if (progress) {
      await deps.store.delete(progressKey);
      for (let part = 0; part < parts; part++)
        await deps.store.delete(storeKeys.pollPart(teamId, projectId, part));
    }
    await compare(teamId, projectId, api, [...read.values()], result.complete, startedAt, parts > 0);
  };

  /**
   * Whether a task missing from a list read over several ticks is really gone: a deletion on an
   * earlier page between two ticks shifts the later pages by one, so one task is never seen. One
   * `GET` per missing task says; without room in the minute's share, the task is kept and the
   * next complete read decides (never a deletion told that did not happen).
   */
  const reallyGone = async (api: WorkApiClient, taskId: number): Promise<TaskRecord | 'gone' | 'unknown'> => {
    if (!budget.take(api, deps.clock.now().getTime())) return 'unknown';
    requests++;
    try {
      return await api.tasks.get(taskId, { maxWaitMs: 10_000 });
    } catch (error) {
      if (error instanceof NotFoundError) return 'gone';
      throw error;
    }
  };

  const compare = async (
    teamId: string,
    projectId: number,
    api: WorkApiClient,
    tasks: TaskRecord[],
    complete: boolean,
    startedAt: number,
    spanned: boolean,
  ) => {
    const view = taskViewOf(api);
    await view.sync();
    // The first complete read of a project only sets the baseline (on any instance: the view is shared).
    const key = `${teamId} ${projectId}`;
    const baseline = view.knows(projectId) || primed.has(key);
    primed.add(key);
    // Without a baseline, a task made after someone began listening is still news.
    const since = baseline ? undefined : await deps.watched().watchedSince?.(teamId, projectId);
    const madeSince = (task: TaskRecord) =>
      since !== undefined && task.created_at !== undefined && Date.parse(task.created_at) >= since;
    const before = new Map(view.peekProject(projectId).map((t) => [t.id, t]));
    const events: ProjectEvent[] = [];
    const occurred = (task: TaskRecord | undefined) =>
      task?.updated_at ? new Date(task.updated_at).toISOString() : deps.clock.now().toISOString();
    /** The events of one task's change since the view's copy. */
    const tell = (previous: TaskRecord | undefined, task: TaskRecord) => {
      for (const d of diffTask(previous, task)) {
        events.push({
          id: `poll:${teamId}:${task.id}:${d.value}`,
          teamId,
          kind: d.kind,
          projectId,
          task,
          taskId: task.id,
          ...(d.changes ? { changes: d.changes } : {}),
          occurredAt: occurred(task),
          source: 'poll',
        });
      }
    };
    for (const task of tasks) {
      const previous = before.get(task.id);
      before.delete(task.id);
      if (baseline) tell(previous, task);
      else if (madeSince(task)) tell(undefined, task);
      // Only what differs is applied: with a shared view each change is a store write.
      if (!complete && JSON.stringify(previous) !== JSON.stringify(task))
        view.apply({ kind: 'upsert', task });
    }
    // Only a complete list shows that a task is gone.
    if (complete) {
      for (const gone of before.values()) {
        if (!baseline) continue;
        if (spanned) {
          const found = await reallyGone(api, gone.id);
          if (found === 'unknown') {
            // Not asked within the share: kept, and the next complete read decides.
            tasks.push(gone);
            continue;
          }
          if (found !== 'gone' && found.project_id === projectId) {
            // Still there: a page shifted under the read. Compared like the rest.
            tell(gone, found);
            tasks.push(found);
            continue;
          }
        }
        events.push({
          id: `poll:${teamId}:${gone.id}:deleted`,
          teamId,
          kind: 'task.deleted',
          projectId,
          task: gone,
          taskId: gone.id,
          occurredAt: deps.clock.now().toISOString(),
          source: 'poll',
        });
      }
      await view.replaceProject(projectId, tasks, startedAt);
      const checked = await checkedOf(teamId);
      checked[String(projectId)] = startedAt;
      await deps.store.set(storeKeys.pollChecked(teamId), checked);
    }
    for (const event of events) {
      try {
        await deps.sink().deliver(event);
      } catch (error) {
        log.error({ teamId, eventId: event.id, err: error }, 'project event not delivered');
      }
    }
  };

  const pollTeam = async (teamId: string) => {
    if (await deps.hasWebhooks(teamId)) return;
    const projects = await deps.watched().projectsOf(teamId);
    if (projects.length === 0) return;
    // One instance per tick and workspace: the claim lasts a tick.
    const slot = Math.floor(deps.clock.now().getTime() / POLL_TICK_MS);
    if (!(await deps.store.claim(`${storeKeys.team(teamId)}poll-slot:${slot}`, POLL_TICK_MS * 2))) return;
    const api = await deps.clientFor(teamId);
    if (!api) return;
    // The minute's share is counted across instances: the requests other instances sent count too.
    const sentKey = storeKeys.pollSent(teamId);
    budget.merge(api, (await deps.store.get<number[]>(sentKey)) ?? []);
    // The project checked longest ago (never checked first); a poll under way keeps its place, as
    // its project's check time only moves when its list is read to the end.
    const checked = await checkedOf(teamId);
    const next = [...projects].sort((a, b) => (checked[String(a)] ?? -1) - (checked[String(b)] ?? -1))[0]!;
    try {
      await pollProject(teamId, next, api);
    } finally {
      await deps.store.set(sentKey, budget.sent(api, deps.clock.now().getTime()), 60_000);
    }
  };

  const tick = async () => {
    const teams = await deps.watched().teams();
    for (const teamId of teams) {
      try {
        await pollTeam(teamId);
      } catch (error) {
        log.warn({ teamId, err: error }, 'polling for changes failed; next tick tries again');
      }
    }
  };

  // Ticks never overlap: a slow service delays the next one instead of doubling the load.
  const once = () => {
    running ??= withLane('poll', tick).finally(() => {
      running = undefined;
    });
    return running;
  };
  return {
    get requests() {
      return requests;
    },
    tick: once,
    async freshness(teamId) {
      const projects = await deps.watched().projectsOf(teamId);
      const checked = await checkedOf(teamId);
      let oldest: number | null = null;
      for (const projectId of projects) {
        const at = checked[String(projectId)];
        if (at === undefined) return { checkedAt: null, projects: projects.length };
        oldest = oldest === null ? at : Math.min(oldest, at);
      }
      return { checkedAt: oldest === null ? null : new Date(oldest), projects: projects.length };
    },
    start() {
      if (timer) return;
      timer = deps.clock.every(POLL_TICK_MS, () => void once()).unref();
    },
    async stop() {
      timer?.cancel();
      timer = undefined;
      await running;
    },
  };
}
