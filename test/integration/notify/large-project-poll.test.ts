/**
 * A watched project longer than one minute's poll share (12 requests): the poll goes on each tick
 * from where the last stopped, kept in the store so that either of two instances takes it up,
 * compares only once the whole list is read, finds a change made on the service, says as fresh
 * only what a complete comparison saw, and never sends more than the share in any minute. Against
 * the sandbox over real HTTP (every request counted there, by a recording proxy), on a fake clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRateLimiter, createWorkApiClient, type WorkApiClient } from '../../../src/api/index.ts';
import { shareTaskView } from '../../../src/api/task-view.ts';
import { fixedClock } from '../../../src/lib/clock.ts';
import { createLogger } from '../../../src/lib/logger.ts';
import {
  type ChangePoller,
  createChangePoller,
  POLL_TICK_MS,
} from '../../../src/notify/events/change-poller.ts';
import { POLL_REQUESTS_PER_MINUTE } from '../../../src/notify/events/poll-budget.ts';
import type { ProjectEvent } from '../../../src/notify/events/project-event.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { seedBulkTasks } from '../../../src/sandbox/seed/bulk-tasks.ts';
import { storeKeys } from '../../../src/store/keys.ts';
import { openStore } from '../../../src/store/open-store.ts';
import type { Store } from '../../../src/store/types.ts';
import { type RecordingProxy, startRecordingProxy } from '../../support/recording-proxy.ts';
import { startTestSandbox } from '../../support/sandbox-profile.ts';

const TEAM = 'T0LARGE';
const PROJECT = 1;
let sandbox: Sandbox | undefined;
let proxy: RecordingProxy | undefined;
let store: Store | undefined;

afterEach(async () => {
  await proxy?.close();
  await sandbox?.close();
  await store?.close();
  proxy = sandbox = store = undefined;
});

/** Two instances polling one large project through one store, on one fake clock. */
async function setUp() {
  sandbox = await startTestSandbox({ profile: 'full' });
  // 1,500 more tasks: at 100 a page, 16 pages or more, over one minute's 12.
  seedBulkTasks(sandbox.db, {
    projectId: PROJECT,
    count: 1_500,
    assigneeIds: [1, 2],
    creatorId: 1,
    now: new Date('2026-11-26T10:00:00.000Z'),
  });
  proxy = await startRecordingProxy(sandbox.url);
  store = await openStore('sqlite::memory:');
  const clock = fixedClock('2026-11-26T10:00:00.000Z');
  const events: ProjectEvent[] = [];
  // One token's budget on the test's clock, as the poll's own share counts on it: on the system's
  // clock a run of fake minutes in a real second would spend the poll's lane many times over.
  const limiter = createRateLimiter({ clock });
  const instance = () => {
    const client: WorkApiClient = createWorkApiClient({
      baseUrl: proxy!.url,
      token: sandbox!.token,
      cache: false,
      clock,
      limiter,
    });
    shareTaskView(client, {
      store: store!,
      prefix: storeKeys.taskView(TEAM),
      clock,
    });
    const poller: ChangePoller = createChangePoller({
      store: store!,
      watched: () => ({ teams: async () => [TEAM], projectsOf: async () => [PROJECT] }),
      clientFor: async () => client,
      hasWebhooks: async () => false,
      sink: () => ({ deliver: async (event) => void events.push(event) }),
      clock,
      logger: createLogger({ level: 'silent' }),
    });
    return poller;
  };
  const pollers = [instance(), instance()];
  const start = clock.now().getTime();
  /** When (fake ms since start) each request the sandbox saw was sent. */
  const sentAt: number[] = [];
  let ticks = 0;
  /** One tick: a minute's ticks on one instance, the next minute's on the other (the store carries the poll). */
  const step = async () => {
    const seen = proxy!.requests.length;
    await pollers[Math.floor(ticks++ / 12) % 2]!.tick();
    for (let i = seen; i < proxy!.requests.length; i++) sentAt.push(clock.now().getTime() - start);
    clock.advance(POLL_TICK_MS);
  };
  const checkedAt = async () => (await pollers[0]!.freshness(TEAM)).checkedAt;
  /** Ticks until a complete comparison newer than `than` (at most 10 minutes of ticks). */
  const untilChecked = async (than: number | null) => {
    for (let i = 0; i < 120; i++) {
      const at = await checkedAt();
      if (at !== null && (than === null || at.getTime() > than)) return at.getTime();
      await step();
    }
    throw new Error('no complete comparison in 10 minutes');
  };
  return { clock, events, pollers, start, sentAt, step, checkedAt, untilChecked, ticks: () => ticks };
}

async function service(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox!.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${sandbox!.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status).toBeLessThan(300);
}

describe('polling a project longer than one minute of budget', () => {
  it('resumes each tick on either instance, finds the change once the list is whole, within 12 a minute', async () => {
    const { clock, events, pollers, start, sentAt, step, checkedAt } = await setUp();
    const last = sandbox!.db.prepare('SELECT max(id) AS id FROM tasks WHERE project_id = ?').get(PROJECT) as {
      id: number;
    };

    // The baseline: the list is read over several minutes, and nothing is told.
    let ticks = 0;
    while ((await checkedAt()) === null) {
      await step();
      expect(++ticks).toBeLessThan(12 * 5);
    }
    expect(await checkedAt()).toEqual(new Date(start));
    expect(clock.now().getTime() - start).toBeGreaterThan(60_000);
    expect(events).toEqual([]);
    // Both instances polled: the poll went on from where the other stopped.
    expect(pollers[0]!.requests).toBeGreaterThan(0);
    expect(pollers[1]!.requests).toBeGreaterThan(0);
    expect(proxy!.requests.length).toBeGreaterThan(POLL_REQUESTS_PER_MINUTE);

    // A change to the last task (on the last page), made on the service.
    const changedAt = clock.now().getTime();
    await service('PUT', `/tasks/${last.id}`, { due_date: '2027-01-15' });

    // The next complete read finds it, once; until then the freshness stays the baseline's.
    while (events.length === 0) {
      await step();
      if (events.length === 0) expect(await checkedAt()).toEqual(new Date(start));
      expect(++ticks).toBeLessThan(12 * 15);
    }
    expect(events.map((e) => [e.kind, e.taskId])).toEqual([['task.due_changed', last.id]]);
    // Honest freshness: the complete comparison began after the change, and is no newer than its first page.
    const fresh = (await checkedAt())!.getTime();
    expect(fresh).toBeGreaterThanOrEqual(changedAt);
    expect(fresh).toBeLessThan(clock.now().getTime() - 60_000);

    // Every request the sandbox saw came from the pollers, at most 12 in any sliding minute.
    expect(proxy!.requests).toHaveLength(pollers[0]!.requests + pollers[1]!.requests);
    expect(sentAt).toHaveLength(proxy!.requests.length);
    for (const t of sentAt) {
      expect(sentAt.filter((u) => u > t - 60_000 && u <= t).length).toBeLessThanOrEqual(
        POLL_REQUESTS_PER_MINUTE,
      );
    }
    // Nothing left behind of the finished reads.
    expect(await store!.get(storeKeys.pollProgress(TEAM, PROJECT))).toBeUndefined();
  });

  it('tells a task deleted while its list was half read, and not the one its page shift hid', async () => {
    const { events, step, untilChecked } = await setUp();
    const baseline = await untilChecked(null);
    // A read under way: its first pages are read, the rest wait for the next minute.
    while ((await store!.get(storeKeys.pollProgress(TEAM, PROJECT))) === undefined) await step();
    const first = sandbox!.db
      .prepare('SELECT min(id) AS id FROM tasks WHERE project_id = ?')
      .get(PROJECT) as {
      id: number;
    };
    await service('DELETE', `/tasks/${first.id}`);
    // This read saw the task on its first page; every later page moved up by one, so it never saw
    // one other task: that one is asked about, not told as deleted.
    const halfRead = await untilChecked(baseline);
    expect(events).toEqual([]);
    // The next read tells the deletion, once.
    await untilChecked(halfRead);
    expect(events.map((e) => [e.kind, e.taskId])).toEqual([['task.deleted', first.id]]);
  });
});
