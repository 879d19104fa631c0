/**
 * The polling fallback for workspaces whose service sends no webhooks: it reads the task lists of
 * watched projects only (`WatchedProjects`: a project nobody listens to costs nothing), compares
 * each with the connection's task view, hands the differences to the sink as project events and
 * applies them to the view, so lists stay as fresh as the notifications. One project per workspace
 * per tick (5 s), within {@link PollBudget}'s share, and one instance per tick across instances
 * (a store claim), so running several instances does not multiply the requests.
 */
import type { WorkApiClient } from '../api/client.ts';
import type { TaskRecord } from '../api/schemas/records.ts';
import { collectTasks } from '../api/task-lists.ts';
import { taskViewOf } from '../api/task-view.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import { storeKeys } from '../store/keys.ts';
import type { Store } from '../store/types.ts';
import { PollBudget } from './poll-budget.ts';
import type { ProjectEvent, ProjectEventSink, WatchedProjects } from './project-event.ts';
import { diffTask } from './task-diff.ts';

export const POLL_TICK_MS = 5_000;

export interface ChangePollerDeps {
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

export interface Freshness {
  /** When the least recently checked watched project was checked; null before every one was. */
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

export function createChangePoller(deps: ChangePollerDeps): ChangePoller {
  const log = deps.logger.child({ component: 'change-poller' });
  const budget = deps.budget ?? new PollBudget();
  /**
   * When each watched project was last read in full (ms), per workspace, in the store: every
   * instance picks the same next project and App Home says the same freshness whichever answers.
   */
  const checkedKey = (teamId: string) => `${storeKeys.team(teamId)}poll-checked`;
  const checkedOf = async (teamId: string) =>
    (await deps.store.get<Record<string, number>>(checkedKey(teamId))) ?? {};
  /** Projects whose first read only set the baseline (the view was not warm yet). */
  const primed = new Set<string>();
  let requests = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const pollProject = async (teamId: string, projectId: number, api: WorkApiClient) => {
    const key = `${teamId} ${projectId}`;
    const view = taskViewOf(api);
    const now = () => deps.clock.now().getTime();
    const room = budget.room(api, now());
    if (room <= 0) return;
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
        },
      );
    } catch (error) {
      if (error instanceof BudgetSpent) return;
      throw error;
    }
    const baseline = view.warm || primed.has(key);
    const before = new Map(view.peekProject(projectId).map((t) => [t.id, t]));
    const events: ProjectEvent[] = [];
    const occurred = (task: TaskRecord | undefined) =>
      task?.updated_at ? new Date(task.updated_at).toISOString() : deps.clock.now().toISOString();
    for (const task of result.tasks) {
      const previous = before.get(task.id);
      before.delete(task.id);
      if (baseline) {
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
      }
      view.apply({ kind: 'upsert', task });
    }
    // Only a complete list shows that a task is gone.
    if (result.complete) {
      for (const gone of before.values()) {
        if (baseline) {
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
        view.apply({ kind: 'delete', taskId: gone.id });
      }
      const checked = await checkedOf(teamId);
      checked[String(projectId)] = now();
      await deps.store.set(checkedKey(teamId), checked);
    }
    primed.add(key);
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
    // The project checked longest ago (never checked first).
    const checked = await checkedOf(teamId);
    const next = [...projects].sort((a, b) => (checked[String(a)] ?? -1) - (checked[String(b)] ?? -1))[0]!;
    await pollProject(teamId, next, api);
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
    running ??= tick().finally(() => {
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
      timer = setInterval(() => void once(), POLL_TICK_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
