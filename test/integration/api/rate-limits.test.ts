import { describe, expect, it } from 'vitest';
import { createRateLimiter, createWorkApiClient, RateLimitedError } from '../../../src/api/index.ts';
import { ManualClock, settle } from '../../../src/lib/manual-clock.ts';
import { startTestSandbox } from '../../support/sandbox-profile.ts';
import { startFaultProxy } from './support/fault-proxy.ts';
import { type ScriptedAnswer, startScriptedServer } from './support/scripted-server.ts';
import { trackingDispatcher } from './support/tracking-dispatcher.ts';

const START = Date.parse('2026-11-20T09:00:00.000Z');

const project = {
  id: 1,
  workspace_id: 1,
  name: 'Website',
  description: null,
  color: null,
  status: 'active',
  archived_at: null,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
};

/** Answers one 429 with `headers`, then the project; reports how long the client waited (virtual ms). */
async function waitAfter429(headers: Record<string, string>) {
  const answers: ScriptedAnswer[] = [
    { status: 429, headers, body: { message: 'Too Many Attempts.' } },
    { status: 200, body: { data: project } },
  ];
  const server = await startScriptedServer(answers);
  try {
    const clock = new ManualClock(START, { auto: true });
    const api = createWorkApiClient({ baseUrl: server.url, token: 'tb_test_token', clock, cache: false });
    const got = await api.projects.get(1);
    expect(got.name).toBe('Website');
    expect(server.requests).toHaveLength(2);
    return clock.nowMs() - START;
  } finally {
    await server.close();
  }
}

describe('429s: every header form', () => {
  it('Retry-After in seconds', async () => {
    expect(await waitAfter429({ 'retry-after': '7' })).toBe(7_000);
  });

  it('Retry-After as an HTTP date', async () => {
    expect(await waitAfter429({ 'retry-after': new Date(START + 30_000).toUTCString() })).toBe(30_000);
  });

  it('X-RateLimit-Reset in epoch seconds', async () => {
    expect(await waitAfter429({ 'x-ratelimit-reset': String(START / 1000 + 45) })).toBe(45_000);
  });

  it('X-RateLimit-Reset in epoch milliseconds', async () => {
    expect(await waitAfter429({ 'x-ratelimit-reset': String(START + 12_345) })).toBe(12_345);
  });

  it('X-RateLimit-Reset as an ISO date-time', async () => {
    expect(await waitAfter429({ 'x-ratelimit-reset': new Date(START + 20_000).toISOString() })).toBe(20_000);
  });

  it('no header at all: waits a whole window', async () => {
    expect(await waitAfter429({})).toBe(60_000);
  });

  it('a wait longer than maxWaitMs fails at once with the wait, without sleeping', async () => {
    const server = await startScriptedServer([{ status: 429, headers: { 'retry-after': '30' } }]);
    try {
      const clock = new ManualClock(START, { auto: true });
      const api = createWorkApiClient({
        baseUrl: server.url,
        token: 'tb_test_token',
        clock,
        maxWaitMs: 2_000,
      });
      const error = await api.projects.get(1).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitedError);
      expect((error as RateLimitedError).retryAfterMs).toBe(30_000);
      expect(clock.nowMs()).toBe(START);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

/**
 * One request per read in every profile (a task read may also look up its project where the
 * service does not name it): reads project `1 + (n - 1) % 3` and answers `n`.
 */
function probeOf(api: ReturnType<typeof createWorkApiClient>) {
  return async (n: number) => {
    await api.projects.get(1 + ((n - 1) % 3));
    return { id: n };
  };
}

describe("against the sandbox's limits, on one virtual clock", () => {
  it('a 429 holds back every later request of the token until the window the server named', async () => {
    const clock = new ManualClock(START);
    const sb = await startTestSandbox({
      port: 0,
      seed: 'demo',
      rateLimits: { general: 2, search: 2, upload: 2 },
      now: () => clock.now(),
    });
    const proxy = await startFaultProxy(sb.url);
    try {
      // The client believes in a bigger budget than the server's, so it meets the server's 429.
      const limiter = createRateLimiter({ limits: { general: 100 }, clock });
      const api = createWorkApiClient({ baseUrl: proxy.url, token: sb.token, clock, limiter, cache: false });
      const read = probeOf(api);
      await read(1);
      await read(2);
      const third = read(3);
      for (let i = 0; i < 200 && clock.pending === 0; i++) await settle(1);
      expect(proxy.requests.map((r) => r.status)).toEqual([200, 200, 429]);
      const fourth = read(4);
      await settle();
      expect(proxy.requests).toHaveLength(3); // held by the limiter, not sent
      await clock.advance(60_000);
      expect((await third).id).toBe(3);
      expect((await fourth).id).toBe(4);
      expect(proxy.requests.map((r) => r.status)).toEqual([200, 200, 429, 200, 200]);
    } finally {
      await proxy.close();
      await sb.close();
    }
  });

  it('told the same budget as the server, it never meets a 429', async () => {
    const tracking = trackingDispatcher();
    const clock = new ManualClock(START, { auto: true, idle: () => tracking.inFlight() === 0 });
    const sb = await startTestSandbox({
      port: 0,
      seed: 'demo',
      rateLimits: { general: 5, search: 5, upload: 5 },
      now: () => clock.now(),
    });
    const proxy = await startFaultProxy(sb.url);
    try {
      const limiter = createRateLimiter({ limits: { general: 5 }, clock });
      const api = createWorkApiClient({
        baseUrl: proxy.url,
        token: sb.token,
        clock,
        limiter,
        cache: false,
        maxWaitMs: 600_000,
        dispatcher: tracking.dispatcher,
      });
      const ids = Array.from({ length: 12 }, (_, i) => (i % 20) + 1);
      const read = probeOf(api);
      const tasks = await Promise.all(ids.map((id) => read(id)));
      expect(tasks.map((t) => t.id)).toEqual(ids);
      expect(proxy.requests.every((r) => r.status === 200)).toBe(true);
      // 12 requests at 5 a minute need a third window.
      expect(clock.nowMs() - START).toBeGreaterThanOrEqual(120_000);
      expect(clock.nowMs() - START).toBeLessThan(121_000);
    } finally {
      await tracking.close();
      await proxy.close();
      await sb.close();
    }
  });

  it('estimates the wait so a Slack handler can answer within 3 s instead of waiting', async () => {
    const clock = new ManualClock(START);
    const sb = await startTestSandbox({ port: 0, seed: 'demo', rateLimits: false });
    try {
      const limiter = createRateLimiter({ limits: { general: 2 }, clock });
      const api = createWorkApiClient({ baseUrl: sb.url, token: sb.token, clock, limiter, maxWaitMs: 2_000 });
      const read = probeOf(api);
      expect(await api.limiter.estimateWait()).toBe(0);
      await read(1);
      await read(2);
      expect(await api.limiter.estimateWait()).toBe(60_000);
      const error = await read(3).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitedError);
      expect((error as RateLimitedError).retryAfterMs).toBe(60_000);
      expect((error as RateLimitedError).userMessage).toMatch(/Try again in 60 seconds/);
    } finally {
      await sb.close();
    }
  });
});
