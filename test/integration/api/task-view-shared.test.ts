/**
 * Two instances of the app on one Redis, each with its own client of one token: their task views
 * scan the service once between them (a lease in the store), the other loads the result, and a
 * change applied on either (a webhook, the app's own write) reaches the other's view. Requests are
 * counted at the sandbox, by a recording proxy in front of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkApiClient } from '../../../src/api/index.ts';
import { createTaskView, type TaskView } from '../../../src/api/task-view.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { storeKeys } from '../../../src/store/keys.ts';
import { openStore } from '../../../src/store/open-store.ts';
import type { Store } from '../../../src/store/types.ts';
import { type RecordingProxy, startRecordingProxy } from '../../support/recording-proxy.ts';
import { type RedisServer, redisTool, startRedisServer } from '../../support/redis-server.ts';
import { startTestSandbox } from '../../support/sandbox-profile.ts';

const TEAM = 'T0SHARED';

describe.skipIf(!redisTool.mustRun)('the task view shared by two instances on one Redis', () => {
  let redis: RedisServer;
  let sandbox: Sandbox;
  let proxy: RecordingProxy;
  const stores: Store[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    sandbox = await startTestSandbox();
    proxy = await startRecordingProxy(sandbox.url);
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await proxy?.close();
    await sandbox?.close();
    await redis?.stop();
  });

  /** One instance: its own store connection and its own client of the one token. */
  const instance = async (): Promise<TaskView> => {
    const store = await openStore(redis.url);
    stores.push(store);
    const client = createWorkApiClient({ baseUrl: proxy.url, token: sandbox.token, cache: false });
    return createTaskView(client, {
      requestsPerMinute: 1_000,
      sharedPollMs: 20,
      shared: { store, prefix: storeKeys.taskView(TEAM) },
    });
  };

  /** Waits for the other instance's view to show something (a condition, not a time). */
  const until = async (view: TaskView, seen: () => boolean) => {
    for (let i = 0; i < 200 && !seen(); i++) {
      await view.sync();
      if (!seen()) await new Promise((r) => setTimeout(r, 10));
    }
    return seen();
  };

  it('scans once for both, and each sees the changes applied on the other', async () => {
    const a = await instance();
    const b = await instance();
    await Promise.all([a.refresh(), b.refresh()]);

    // One instance scanned, the other made no request; the sandbox saw one scan's requests.
    expect(Math.min(a.requests, b.requests)).toBe(0);
    expect(Math.max(a.requests, b.requests)).toBeGreaterThan(1);
    expect(proxy.requests).toHaveLength(a.requests + b.requests);
    expect(a.warm && b.warm).toBe(true);
    const all = a
      .query({})
      .tasks.map((t) => t.id)
      .sort();
    expect(all.length).toBeGreaterThan(0);
    expect(
      b
        .query({})
        .tasks.map((t) => t.id)
        .sort(),
    ).toEqual(all);

    // A change applied on one instance reaches the other.
    const task = a.query({ projectId: 1 }).tasks[0]!;
    a.apply({ kind: 'upsert', task: { ...task, title: 'Changed where the webhook landed' } });
    expect(await until(b, () => b.peek(task.id)?.title === 'Changed where the webhook landed')).toBe(true);
    b.apply({ kind: 'delete', taskId: task.id });
    expect(await until(a, () => a.peek(task.id) === undefined)).toBe(true);

    // A fresh result is not scanned again by either.
    const made = proxy.requests.length;
    await Promise.all([a.refresh(), b.refresh()]);
    expect(proxy.requests).toHaveLength(made);
    expect(b.query({}).tasks.map((t) => t.id)).not.toContain(task.id);
  });
});
