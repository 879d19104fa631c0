/**
 * The lease on a shared task view's scan, on the embedded store shared by two instances: a scan
 * that outlasts the lease keeps it by renewing it (the other instance waits and makes no request),
 * and a lease whose holder died is taken over once it lapses, not after the longest hold. The
 * service answers every request 400 ms late, so a scan of a few requests outlasts a 1 s lease.
 * The service's latency, the store's expiry, the lease's renewals and the scan all run on one
 * clock the test moves, so the lease lasts exactly its time whatever the machine's load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkApiClient } from '../../../src/api/index.ts';
import { createTaskView, type TaskView } from '../../../src/api/task-view.ts';
import { ManualClock } from '../../../src/lib/manual-clock.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { storeKeys } from '../../../src/store/keys.ts';
import { openSqliteStore } from '../../../src/store/sqlite-store.ts';
import type { Store } from '../../../src/store/types.ts';
import { movingUntilDone } from '../../support/move-time.ts';
import { type RecordingProxy, startRecordingProxy } from '../../support/recording-proxy.ts';
import { startTestSandbox } from '../../support/sandbox-profile.ts';
import { until } from '../../support/until.ts';

/** Renewed a third of it apart. */
const LEASE_MS = 1_000;

describe('the lease on a shared task view’s scan', () => {
  let dir: string;
  let sandbox: Sandbox;
  let proxy: RecordingProxy;
  const stores: Store[] = [];
  let team = 0;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'taskbridge-scan-lease-'));
    sandbox = await startTestSandbox({ faults: { latencyMs: 400 }, latencyWait: (ms) => clock.sleep(ms) });
    proxy = await startRecordingProxy(sandbox.url);
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await proxy?.close();
    await sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** One instance of a workspace: its own connection to the shared store file, its own client. */
  const instance = async (teamId: string): Promise<{ view: TaskView; store: Store }> => {
    const store = openSqliteStore(join(dir, 'app.db'), { clock, purgeIntervalMs: 0 });
    stores.push(store);
    const client = createWorkApiClient({ baseUrl: proxy.url, token: sandbox.token, cache: false });
    const view = createTaskView(client, {
      requestsPerMinute: 1_000,
      sharedPollMs: 20,
      clock,
      shared: { store, prefix: storeKeys.taskView(teamId), leaseMs: LEASE_MS },
    });
    return { view, store };
  };

  it('is kept by a scan that outlasts it, so the other instance scans nothing', async () => {
    const teamId = `T0LEASE${++team}`;
    const a = await instance(teamId);
    const b = await instance(teamId);
    const started = clock.nowMs();
    const scanning = a.view.refresh();
    // B asks once A holds the lease; it must wait for A's result, however long A's scan takes.
    const lease = `${storeKeys.taskView(teamId)}lease`;
    await until('A holding the lease', async () => ((await a.store.claimed(lease)) ? true : undefined));
    await movingUntilDone(clock, 'both views', Promise.all([scanning, b.view.refresh()]));
    const took = clock.nowMs() - started;
    expect(took).toBeGreaterThan(LEASE_MS);
    expect(a.view.requests).toBeGreaterThan(1);
    expect(b.view.requests).toBe(0);
    expect(b.view.warm).toBe(true);
    expect(b.view.query({}).tasks.length).toBe(a.view.query({}).tasks.length);
  });

  it('is taken over once it lapses when its holder died', async () => {
    const teamId = `T0LEASE${++team}`;
    const b = await instance(teamId);
    // An instance took the lease and died: nothing renews it.
    expect(await b.store.claim(`${storeKeys.taskView(teamId)}lease`, LEASE_MS)).toBe(true);
    const started = clock.nowMs();
    await movingUntilDone(clock, "B's view", b.view.refresh());
    expect(clock.nowMs() - started).toBeGreaterThanOrEqual(LEASE_MS);
    expect(b.view.requests).toBeGreaterThan(1);
    expect(b.view.warm).toBe(true);
  });
});
