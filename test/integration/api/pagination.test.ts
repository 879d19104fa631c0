import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, createWorkApiClient, paginate } from '../../../src/api/index.ts';
import { ManualClock } from '../../../src/lib/manual-clock.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { startTestSandbox, testSandboxProfile } from '../../support/sandbox-profile.ts';
import { type FaultProxy, startFaultProxy } from './support/fault-proxy.ts';
import { startScriptedServer } from './support/scripted-server.ts';
import { trackingDispatcher } from './support/tracking-dispatcher.ts';

let sb: Sandbox;
let proxy: FaultProxy;
const MADE = 110;
/** The largest page the service gives: the full profile clamps at 100, spec-minimal at 10. */
const CAP = testSandboxProfile() === 'full' ? 100 : 10;

beforeAll(async () => {
  sb = await startTestSandbox({ port: 0, seed: 'demo', rateLimits: false });
  proxy = await startFaultProxy(sb.url);
  const api = createWorkApiClient({
    baseUrl: sb.url,
    token: sb.token,
    limiter: createRateLimiter({ limits: { general: 1_000 } }),
  });
  for (let i = 0; i < MADE; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, j) =>
        api.tasks.create({ project_id: 3, title: `Bulk task ${i + j + 1}` }),
      ),
    );
  }
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await sb?.close();
});

describe('paging over real HTTP', () => {
  it('pages by meta when the sandbox clamps per_page, asking the clamped size after', async () => {
    const api = createWorkApiClient({
      baseUrl: proxy.url,
      token: sb.token,
      limiter: createRateLimiter({ limits: { general: 1_000 } }),
    });
    const mark = proxy.requests.length;
    const first = await api.tasks.listByProject(3, { per_page: 500 });
    expect(first.meta.per_page).toBe(CAP);
    const titles: string[] = [];
    for await (const t of api.tasks.listByProject.all(3, { per_page: 500 })) titles.push(t.title);
    expect(titles).toHaveLength(first.meta.total!);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.filter((t) => t.startsWith('Bulk task'))).toHaveLength(MADE);
    const asked = proxy.requests.slice(mark + 1).map((r) => r.path);
    const pages = Math.ceil(first.meta.total! / CAP);
    expect(asked).toEqual([
      '/projects/3/tasks?per_page=500',
      ...Array.from({ length: pages - 1 }, (_, i) => `/projects/3/tasks?per_page=${CAP}&page=${i + 2}`),
    ]);
  });

  it('pages a service that clamps lower than asked and gives no last_page', async () => {
    const records = Array.from({ length: 8 }, (_, i) => ({
      id: i + 1,
      workspace_id: 1,
      name: `P${i + 1}`,
      description: null,
      color: null,
      status: 'active',
      archived_at: null,
      created_at: '2026-11-01T08:00:00Z',
      updated_at: '2026-11-01T08:00:00Z',
    }));
    const server = await startScriptedServer((req) => {
      const page = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? 1);
      const data = records.slice((page - 1) * 3, page * 3);
      return { status: 200, body: { data, meta: { total: 8, per_page: 3, current_page: page } } };
    });
    try {
      const api = createWorkApiClient({ baseUrl: server.url, token: 'tb_test_token', cache: false });
      const names: string[] = [];
      for await (const p of api.projects.list.all({ per_page: 50 })) names.push(p.name);
      expect(names).toEqual(records.map((r) => r.name));
      expect(server.requests.map((r) => r.url)).toEqual([
        '/api/projects?per_page=50',
        '/api/projects?per_page=3&page=2',
        '/api/projects?per_page=3&page=3',
      ]);
    } finally {
      await server.close();
    }
  });

  it('fetches the remaining pages concurrently, within the limiter, without a 429', async () => {
    const tracking = trackingDispatcher();
    const clock = new ManualClock(Date.now(), { auto: true, idle: () => tracking.inFlight() === 0 });
    const limited = await startTestSandbox({
      port: 0,
      seed: 'demo',
      rateLimits: { general: 4, search: 4, upload: 4 },
      now: () => clock.now(),
    });
    const limitedProxy = await startFaultProxy(limited.url);
    try {
      const api = createWorkApiClient({
        baseUrl: limitedProxy.url,
        token: limited.token,
        clock,
        limiter: createRateLimiter({ limits: { general: 4 }, clock }),
        dispatcher: tracking.dispatcher,
      });
      const start = clock.nowMs();
      const ids: number[] = [];
      // spec-minimal pages only a project's list (the spec shows no paging of GET /tasks).
      const minimal = testSandboxProfile() === 'spec-minimal';
      const list = minimal
        ? (q: { page?: number; per_page: number }, o?: object) => api.tasks.listByProject(1, q, o)
        : (q: { page?: number; per_page: number }, o?: object) => api.tasks.list(q, o);
      const size = minimal ? 2 : 3;
      for await (const t of paginate(list, { per_page: size }, { concurrency: 3 })) ids.push(t.id);
      const total = minimal
        ? (
            (await limited.db.prepare('SELECT count(*) AS n FROM tasks WHERE project_id = 1').get()) as {
              n: number;
            }
          ).n
        : 22;
      expect(new Set(ids).size).toBe(total);
      if (!minimal) expect(ids).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
      expect(limitedProxy.requests).toHaveLength(Math.ceil(total / size));
      expect(limitedProxy.requests.length).toBeGreaterThan(4);
      expect(limitedProxy.requests.every((r) => r.status === 200)).toBe(true);
      // 8 pages at 4 a minute: the second four wait for the window.
      expect(clock.nowMs() - start).toBeGreaterThanOrEqual(60_000);
    } finally {
      await tracking.close();
      await limitedProxy.close();
      await limited.close();
    }
  });
});
