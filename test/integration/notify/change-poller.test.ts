/**
 * The polling fallback against the sandbox over real HTTP, on a fake clock: it sets a baseline,
 * then turns each change made on the service into one project event with an id that stays the same
 * however often the change is seen, reads watched projects only, skips workspaces with webhooks,
 * and stays within its share of the rate budget.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkApiClient, type WorkApiClient } from '../../../src/api/index.ts';
import { taskViewOf } from '../../../src/api/task-view.ts';
import { fixedClock } from '../../../src/lib/clock.ts';
import { createLogger } from '../../../src/lib/logger.ts';
import {
  type ChangePoller,
  createChangePoller,
  POLL_TICK_MS,
} from '../../../src/notify/events/change-poller.ts';
import { PollBudget } from '../../../src/notify/events/poll-budget.ts';
import type { ProjectEvent } from '../../../src/notify/events/project-event.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { openStore } from '../../../src/store/open-store.ts';
import type { Store } from '../../../src/store/types.ts';
import { startTestSandbox } from '../../support/sandbox-profile.ts';

const TEAM = 'T0POLL';
let sandbox: Sandbox | undefined;
let store: Store | undefined;

afterEach(async () => {
  await sandbox?.close();
  await store?.close();
  sandbox = undefined;
  store = undefined;
});

async function setUp(opts: { projects: number[]; budget?: PollBudget; webhooks?: boolean }) {
  sandbox = await startTestSandbox();
  store = await openStore('sqlite::memory:');
  const clock = fixedClock('2026-11-26T10:00:00.000Z');
  const client: WorkApiClient = createWorkApiClient({
    baseUrl: sandbox.url,
    token: sandbox.token,
    cache: false,
  });
  const events: ProjectEvent[] = [];
  const poller: ChangePoller = createChangePoller({
    store,
    watched: () => ({ teams: async () => [TEAM], projectsOf: async () => opts.projects }),
    clientFor: async () => client,
    hasWebhooks: async () => opts.webhooks ?? false,
    sink: () => ({ deliver: async (event) => void events.push(event) }),
    clock,
    logger: createLogger({ level: 'silent' }),
    ...(opts.budget ? { budget: opts.budget } : {}),
  });
  /** A tick, then the clock moves on to the next. */
  const step = async () => {
    await poller.tick();
    clock.advance(POLL_TICK_MS);
  };
  return { clock, client, events, poller, step, sandbox };
}

async function service(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox!.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${sandbox!.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  return json?.data ?? json;
}

describe('the polling fallback', () => {
  it('sets a baseline first, then tells each change once with a deterministic id', async () => {
    const { events, step, poller, client } = await setUp({ projects: [1] });
    await step();
    expect(events).toEqual([]);
    // One poll's requests: a page or two, by the profile's page size.
    const perPoll = poller.requests;
    const tasks = taskViewOf(client).peekProject(1);
    expect(tasks.length).toBeGreaterThan(0);

    const made = await service('POST', '/tasks', { project_id: 1, title: 'Polled into being' });
    const victim = tasks[0]!;
    const other = tasks[1]!;
    const done = sandbox!.db
      .prepare('SELECT id FROM project_statuses WHERE project_id = 1 AND is_done = 1')
      .get() as { id: number };
    await service('PUT', `/tasks/${other.id}`, { status_id: done.id, due_date: '2026-12-24' });
    await service('DELETE', `/tasks/${victim.id}`);
    await step();

    const byKind = Object.fromEntries(events.map((e) => [e.kind, e]));
    expect(Object.keys(byKind).sort()).toEqual([
      'task.created',
      'task.deleted',
      'task.done',
      'task.due_changed',
    ]);
    expect(byKind['task.created']).toMatchObject({
      id: `poll:${TEAM}:${made.id}:created`,
      projectId: 1,
      source: 'poll',
    });
    expect(byKind['task.done']!.id).toBe(`poll:${TEAM}:${other.id}:status-${done.id}`);
    expect(byKind['task.due_changed']!.id).toMatch(new RegExp(`^poll:${TEAM}:${other.id}:due-2026-12-24`));
    expect(byKind['task.deleted']).toMatchObject({
      id: `poll:${TEAM}:${victim.id}:deleted`,
      taskId: victim.id,
    });

    // Nothing changed since: nothing more is told.
    const told = events.length;
    await step();
    await step();
    expect(events).toHaveLength(told);
    expect(poller.requests).toBe(4 * perPoll);
  });

  it('tells a task made after the subscription even when the first read finds it', async () => {
    const clock = fixedClock('2026-11-26T10:00:00.000Z');
    sandbox = await startTestSandbox({ now: () => clock.now() });
    store = await openStore('sqlite::memory:');
    const client = createWorkApiClient({ baseUrl: sandbox.url, token: sandbox.token, cache: false });
    const events: ProjectEvent[] = [];
    const subscribedAt = clock.now().getTime();
    const poller = createChangePoller({
      store,
      watched: () => ({
        teams: async () => [TEAM],
        projectsOf: async () => [1],
        watchedSince: async () => subscribedAt,
      }),
      clientFor: async () => client,
      hasWebhooks: async () => false,
      sink: () => ({ deliver: async (event) => void events.push(event) }),
      clock,
      logger: createLogger({ level: 'silent' }),
    });
    // Made a second after `/task subscribe`, before the poller's first look at the project.
    clock.advance(1_000);
    const made = await service('POST', '/tasks', { project_id: 1, title: 'Made right after subscribing' });
    await poller.tick();
    expect(events.map((e) => [e.kind, e.taskId])).toEqual([['task.created', made.id]]);
  });

  it('tells an assignment, and says how fresh the watched projects are', async () => {
    const { events, step, poller, clock, client } = await setUp({ projects: [1, 2] });
    expect((await poller.freshness(TEAM)).checkedAt).toBeNull();
    await step();
    const firstChecked = new Date(clock.now().getTime() - POLL_TICK_MS);
    await step();
    expect(await poller.freshness(TEAM)).toEqual({ checkedAt: firstChecked, projects: 2 });
    const task = taskViewOf(client).peekProject(2)[0]!;
    await service('PUT', `/tasks/${task.id}`, { assignee_ids: [3] });
    // Project 1 is checked next (longest ago), then project 2.
    await step();
    expect(events).toEqual([]);
    await step();
    expect(events.map((e) => [e.kind, e.id])).toEqual([
      ['task.assigned', `poll:${TEAM}:${task.id}:assignees-3`],
    ]);
  });

  it('reads nothing for a workspace whose service sends webhooks, or that watches nothing', async () => {
    const withHooks = await setUp({ projects: [1, 2], webhooks: true });
    for (let i = 0; i < 5; i++) await withHooks.step();
    expect(withHooks.poller.requests).toBe(0);
    await sandbox!.close();
    await store!.close();
    const none = await setUp({ projects: [] });
    for (let i = 0; i < 5; i++) await none.step();
    expect(none.poller.requests).toBe(0);
  });

  it('stays within its budget whatever the number of watched projects', async () => {
    const { poller, step, clock } = await setUp({ projects: [1, 2, 3], budget: new PollBudget(2) });
    const start = clock.now().getTime();
    const sentAt: number[] = [];
    let seen = 0;
    for (let i = 0; i < 36; i++) {
      await step();
      for (; seen < poller.requests; seen++) sentAt.push(clock.now().getTime() - POLL_TICK_MS - start);
    }
    // Three minutes of ticks: at most two requests in any minute.
    for (const t of sentAt)
      expect(sentAt.filter((u) => u > t - 60_000 && u <= t).length).toBeLessThanOrEqual(2);
    expect(poller.requests).toBeGreaterThanOrEqual(4);
  });

  it('polls once per tick across instances sharing a store', async () => {
    const a = await setUp({ projects: [1, 2] });
    const b = createChangePoller({
      store: store!,
      watched: () => ({ teams: async () => [TEAM], projectsOf: async () => [1, 2] }),
      clientFor: async () => a.client,
      hasWebhooks: async () => false,
      sink: () => ({ deliver: async () => {} }),
      clock: a.clock,
      logger: createLogger({ level: 'silent' }),
    });
    await Promise.all([a.poller.tick(), b.tick()]);
    // One of the two polled; the other found the tick claimed.
    expect(Math.min(a.poller.requests, b.requests)).toBe(0);
    expect(Math.max(a.poller.requests, b.requests)).toBeGreaterThan(0);
    // The next tick goes to the other project whichever instance wins it, and both say the same freshness.
    a.clock.advance(POLL_TICK_MS);
    await Promise.all([a.poller.tick(), b.tick()]);
    expect(await b.freshness(TEAM)).toEqual(await a.poller.freshness(TEAM));
    expect((await b.freshness(TEAM)).checkedAt).not.toBeNull();
  });

  it('keeps to one share of the budget across instances, whichever polls each tick', async () => {
    const a = await setUp({ projects: [1, 2, 3], budget: new PollBudget(2) });
    const b = createChangePoller({
      store: store!,
      watched: () => ({ teams: async () => [TEAM], projectsOf: async () => [1, 2, 3] }),
      clientFor: async () => a.client,
      hasWebhooks: async () => false,
      sink: () => ({ deliver: async () => {} }),
      clock: a.clock,
      logger: createLogger({ level: 'silent' }),
      budget: new PollBudget(2),
    });
    const start = a.clock.now().getTime();
    const sentAt: number[] = [];
    const total = () => a.poller.requests + b.requests;
    for (let i = 0; i < 36; i++) {
      const seen = total();
      // The instances take the ticks in turn, each with its own budget object.
      await (i % 2 === 0 ? a.poller : b).tick();
      for (let n = seen; n < total(); n++) sentAt.push(a.clock.now().getTime() - start);
      a.clock.advance(POLL_TICK_MS);
    }
    expect(a.poller.requests).toBeGreaterThan(0);
    expect(b.requests).toBeGreaterThan(0);
    for (const t of sentAt)
      expect(sentAt.filter((u) => u > t - 60_000 && u <= t).length).toBeLessThanOrEqual(2);
  });
});
