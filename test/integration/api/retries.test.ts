import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ConnectionError,
  createWorkApiClient,
  ServerError,
  type WorkApiClientOptions,
  type WorkApiLogger,
} from '../../../src/api/index.ts';
import { ManualClock } from '../../../src/lib/manual-clock.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { startTestSandbox, testSandboxProfile } from '../../support/sandbox-profile.ts';
import { type FaultProxy, startFaultProxy } from './support/fault-proxy.ts';
import { startScriptedServer } from './support/scripted-server.ts';

let sb: Sandbox;
let proxy: FaultProxy;

beforeAll(async () => {
  sb = await startTestSandbox({ port: 0, seed: 'demo', rateLimits: false });
  proxy = await startFaultProxy(sb.url);
});

afterEach(() => sb.faults.clear());

afterAll(async () => {
  await proxy?.close();
  await sb?.close();
});

/** A logger that runs `onRetry` each time the client decides to retry: the hook the tests use to lift a fault. */
function retryHook(onRetry: (n: number) => void): WorkApiLogger {
  let n = 0;
  const quiet = () => {};
  return {
    debug: quiet,
    info: quiet,
    error: quiet,
    warn: (_obj, msg) => {
      if (msg?.includes('retrying')) onRetry(++n);
    },
  };
}

function client(opts: Partial<WorkApiClientOptions> = {}) {
  const clock = new ManualClock(Date.now(), { auto: true });
  const api = createWorkApiClient({ baseUrl: proxy.url, token: sb.token, clock, cache: false, ...opts });
  return { api, clock };
}

const since = () => proxy.requests.length;
const seenSince = (mark: number) =>
  proxy.requests.slice(mark).map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status ?? '-'}`);

describe('retries', () => {
  it('retries a read on injected 500s with growing, jittered backoff, and succeeds', async () => {
    sb.faults.set({ errorRate: 1 });
    const mark = since();
    const { api, clock } = client({
      retry: { random: () => 0.5 },
      logger: retryHook((n) => n === 2 && sb.faults.clear()),
    });
    expect((await api.tasks.get(1)).id).toBe(1);
    const retried = ['GET /tasks/1 500', 'GET /tasks/1 500', 'GET /tasks/1 200'];
    // A task that does not name its project (spec-minimal) is then found in its project's list.
    expect(seenSince(mark)).toEqual(
      testSandboxProfile() === 'full'
        ? retried
        : [...retried, 'GET /projects 200', 'GET /projects/1/tasks 200'],
    );
    expect(clock.sleeps).toEqual([188, 375]); // 250 and 500, each three quarters with random 0.5
  });

  it('retries a read after a timeout', async () => {
    sb.faults.set({ latencyMs: 300 });
    const mark = since();
    const { api } = client({ timeoutMs: 100, logger: retryHook(() => sb.faults.clear()) });
    expect((await api.projects.get(2)).name).toBe('Mobile App');
    expect(proxy.requests.length - mark).toBe(2);
  });

  it('gives up after maxRetries with the last error', async () => {
    sb.faults.set({ errorRate: 1 });
    const mark = since();
    const error = await client({ retry: { maxRetries: 2 } })
      .api.tasks.get(1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(proxy.requests.length - mark).toBe(3);
  });

  it('never retries a create on a 500: the server might have acted', async () => {
    sb.faults.set({ errorRate: 1 });
    const mark = since();
    const error = await client()
      .api.goals.create({ workspace_id: 1, title: 'Not retried' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(seenSince(mark)).toEqual(['POST /goals 500']);
  });

  it('retries a create on a 429: the server did not act', async () => {
    sb.faults.set({ rateLimitRate: 1 });
    const mark = since();
    const { api } = client({ logger: retryHook(() => sb.faults.clear()) });
    const goal = await api.goals.create({ workspace_id: 1, title: 'Retried after 429' });
    expect(goal.title).toBe('Retried after 429');
    expect(seenSince(mark)).toEqual(['POST /goals 429', 'POST /goals 201']);
    const all = await api.goals.list({ workspace_id: 1, per_page: 100 });
    expect(all.data.filter((g) => g.title === 'Retried after 429')).toHaveLength(1);
  });

  it('retries a create on a 503 with Retry-After, waiting what it says', async () => {
    const created = {
      id: 5,
      workspace_id: 1,
      name: 'W',
      settings: {},
      created_at: '2026-11-01T08:00:00.000Z',
    };
    const server = await startScriptedServer([
      { status: 503, headers: { 'retry-after': '2' }, body: { message: 'Down for maintenance' } },
      { status: 201, body: { data: created } },
    ]);
    try {
      const { api, clock } = client({ baseUrl: server.url });
      expect(await api.workspaces.create({ name: 'W' })).toEqual(created);
      expect(server.requests).toHaveLength(2);
      expect(clock.sleeps).toEqual([2_000]);
    } finally {
      await server.close();
    }
  });

  it('retries a create whose connection was refused: it never reached the server', async () => {
    const server: Server = createHttpServer((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 8,
          workspace_id: 1,
          name: 'Late',
          settings: {},
          created_at: '2026-11-01T08:00:00Z',
        }),
      );
    });
    // Take a free port, then leave it closed until the client's first attempt has been refused.
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((r) => server.close(() => r()));
    let listening: Promise<void> = Promise.resolve();
    const { api } = client({
      baseUrl: `http://127.0.0.1:${port}/api`,
      logger: retryHook(() => {
        listening = new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
      }),
      retry: { baseDelayMs: 0 },
    });
    try {
      const workspace = await api.workspaces.create({ name: 'Late' });
      expect(workspace.name).toBe('Late');
    } finally {
      await listening;
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('never retries 400, 401, 403, 404, 409 or 422', async () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      const server = await startScriptedServer([{ status, body: { message: `answer ${status}` } }]);
      try {
        const error = await client({ baseUrl: server.url })
          .api.tasks.get(1)
          .catch((e: unknown) => e);
        expect((error as { status: number }).status).toBe(status);
        expect(server.requests, String(status)).toHaveLength(1);
      } finally {
        await server.close();
      }
    }
  });

  it('a connection that cannot be made is a ConnectionError after the retries', async () => {
    const { api, clock } = client({ baseUrl: 'http://127.0.0.1:9/api' });
    const error = await api.tasks.get(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(clock.sleeps).toHaveLength(3);
  });
});
