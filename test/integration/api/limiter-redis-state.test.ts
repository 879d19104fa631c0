import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, createWorkApiClient } from '../../../src/api/index.ts';
import { nodeRedisScriptRunner, RedisRateLimitState } from '../../../src/api/limiter-redis-state.ts';
import { MemoryRateLimitState, type RateLimitState } from '../../../src/api/limiter-state.ts';
import { ManualClock } from '../../../src/lib/manual-clock.ts';
import { type RedisServer, redisTool, startRedisServer } from '../../support/redis-server.ts';
import { startTestSandbox } from '../../support/sandbox-profile.ts';
import { describeRateLimitState } from '../../unit/api/support/rate-limit-state-contract.ts';
import { startFaultProxy } from './support/fault-proxy.ts';
import { stallingScriptRunner } from './support/stalling-script-runner.ts';
import { trackingDispatcher } from './support/tracking-dispatcher.ts';

const available = redisTool.mustRun;
let server: RedisServer;
let client: ReturnType<typeof createClient>;

beforeAll(async () => {
  if (!available) return;
  server = await startRedisServer();
  client = createClient({ url: server.url });
  await client.connect();
});

afterAll(async () => {
  await client?.quit();
  await server?.stop();
});

const state = () => new RedisRateLimitState({ redis: nodeRedisScriptRunner(client) });
const W = 60_000;

/** `extend`, for every state: a slot still in the window moves later; one that has left it is gone. */
function describeSlotExtension(name: string, makeState: () => RateLimitState) {
  describe(`${name}: extending a slot`, () => {
    const T0 = Date.parse('2026-11-20T09:00:00.000Z');
    let n = 0;
    const fresh = () => ({ s: makeState(), key: `extend-${Date.now()}-${n++}` });

    it('moves a live slot later, never earlier', async () => {
      const { s, key } = fresh();
      await s.take(key, 'a', 1, W, T0, T0 + 10_000);
      expect(await s.extend(key, 'a', T0 + 40_000, W, T0 + 30_000)).toBe(true);
      expect(await s.extend(key, 'a', T0 + 35_000, W, T0 + 30_000)).toBe(true);
      expect((await s.snapshot(key, W, T0 + 30_000)).stamps).toEqual([T0 + 40_000]);
      expect(await s.take(key, 'b', 1, W, T0 + 10_000 + W, T0 + 10_000 + W)).toEqual({
        granted: false,
        retryAt: T0 + 40_000 + W,
        provisional: false,
      });
    });

    it('answers false, and drops the slot, once it has left the window', async () => {
      const { s, key } = fresh();
      await s.take(key, 'a', 2, W, T0, T0 + 10_000);
      expect(await s.extend(key, 'a', T0 + 10_000 + W + 10_000, W, T0 + 10_000 + W)).toBe(false);
      expect((await s.snapshot(key, W, T0)).stamps).toEqual([]);
    });

    it('answers false for a slot another take has already pruned', async () => {
      const { s, key } = fresh();
      await s.take(key, 'a', 1, W, T0, T0 + 10_000);
      expect(await s.take(key, 'b', 1, W, T0 + 10_000 + W, T0 + 20_000 + W)).toEqual({ granted: true });
      expect(await s.extend(key, 'a', T0 + 20_000 + W, W, T0 + 10_000 + W)).toBe(false);
      expect((await s.snapshot(key, W, T0 + 10_000 + W)).stamps).toEqual([T0 + 20_000 + W]);
    });
  });
}

describe.skipIf(!available)('Redis state (real redis-server)', () => {
  describeRateLimitState('redis', state);
  describeSlotExtension('redis', state);
  describeSlotExtension('in memory', () => new MemoryRateLimitState());

  it('keeps the expiry of a window key beyond an extended stamp', async () => {
    const key = `ttl-${Date.now()}`;
    const s = state();
    const now = Date.now();
    await s.take(key, 'a', 1, W, now, now + 10_000);
    expect(await s.extend(key, 'a', now + 100_000, W, now)).toBe(true);
    expect(await client.pTTL(`taskbridge:ratelimit:{${key}}:slots`)).toBeGreaterThan(100_000 + W - 5_000);
  });

  it('bounds a slot from when its grant arrives, not from when it was asked for', async () => {
    const clock = new ManualClock();
    const runner = stallingScriptRunner(nodeRedisScriptRunner(client));
    const a = createRateLimiter({
      clock,
      limits: { general: 1 },
      state: new RedisRateLimitState({ redis: runner }),
    });
    const b = createRateLimiter({ clock, limits: { general: 1 }, state: state() });
    const key = `late-grant-${Date.now()}`;
    const start = clock.nowMs();
    // Granted at `start`, but the answer takes 30 s to come back: the request leaves then.
    runner.stallNext(() => clock.advance(30_000));
    const r = await a.acquire(key, 'general', { inFlightMs: 10_000 });
    expect(r.granted).toBe(true);
    expect(clock.nowMs()).toBe(start + 30_000);
    expect((await state().snapshot(`${key}:general`, W, clock.nowMs())).stamps).toEqual([start + 40_000]);
    // Its answer can reach the server as late as start + 40 s: the slot counts until then + W.
    await clock.advance(10_000 + W - 30_000);
    expect(await b.acquire(key, 'general', { inFlightMs: 10_000, maxWaitMs: 1_000 })).toEqual({
      granted: false,
      waitMs: 30_000,
    });
  });

  it('takes a slot anew when it left the window, and another took its place, before the grant arrived', async () => {
    const clock = new ManualClock();
    const runner = stallingScriptRunner(nodeRedisScriptRunner(client));
    const a = createRateLimiter({
      clock,
      limits: { general: 1 },
      state: new RedisRateLimitState({ redis: runner }),
    });
    const b = createRateLimiter({ clock, limits: { general: 1 }, state: state() });
    const key = `lost-grant-${Date.now()}`;
    let taken: Awaited<ReturnType<typeof b.acquire>> | undefined;
    runner.stallNext(async () => {
      await clock.advance(10_000 + W);
      taken = await b.acquire(key, 'general', { inFlightMs: 10_000 });
    });
    const r = await a.acquire(key, 'general', { inFlightMs: 10_000, maxWaitMs: 1_000 });
    expect(taken?.granted).toBe(true);
    // b holds the only slot; a's grant is void and it must wait for b's answer.
    expect(r).toEqual({ granted: false, waitMs: 10_000 + W });
  });

  it('gives two processes sharing a token one budget', async () => {
    const clock = new ManualClock();
    const shared = { clock, limits: { general: 3 } };
    const a = createRateLimiter({ ...shared, state: state() });
    const b = createRateLimiter({ ...shared, state: state() });
    const key = `token-${Date.now()}`;
    for (const limiter of [a, a, b]) {
      const r = await limiter.acquire(key, 'general', { inFlightMs: 10_000 });
      expect(r.granted).toBe(true);
      if (r.granted) await r.slot.release();
    }
    expect(await b.estimateWait(key, 'general')).toBe(60_000);
    expect(await a.acquire(key, 'general', { inFlightMs: 10_000, maxWaitMs: 1_000 })).toEqual({
      granted: false,
      waitMs: 60_000,
    });
    await b.block(key, 'general', clock.nowMs() + 90_000);
    expect(await a.estimateWait(key, 'general')).toBe(90_000);
  });

  it('keeps two clients on separate limiters, sharing Redis, within the sandbox limit', async () => {
    const tracking = trackingDispatcher();
    // The clock holds still under HTTP requests only: it may jump while a Redis script is on its way,
    // as a stall would. A grant that arrives late must still keep its request within the limit.
    const clock = new ManualClock(Date.now(), { auto: true, idle: () => tracking.inFlight() === 0 });
    const sb = await startTestSandbox({
      port: 0,
      seed: 'demo',
      rateLimits: { general: 4, search: 4, upload: 4 },
      now: () => clock.now(),
    });
    const proxy = await startFaultProxy(sb.url);
    try {
      const make = () =>
        createWorkApiClient({
          baseUrl: proxy.url,
          token: sb.token,
          clock,
          dispatcher: tracking.dispatcher,
          cache: false,
          maxWaitMs: 600_000,
          limiter: createRateLimiter({ limits: { general: 4 }, clock, state: state() }),
        });
      const [one, two] = [make(), make()];
      const got = await Promise.all([1, 2, 3, 4, 5].flatMap((id) => [one.tasks.get(id), two.tasks.get(id)]));
      expect(got).toHaveLength(10);
      // Ten reads (a service that does not name a task's project adds the look-ups that find it),
      // every one within the limit: no 429.
      expect(proxy.requests.filter((r) => /^\/tasks\/\d+/.test(r.path))).toHaveLength(10);
      expect(proxy.requests.every((r) => r.status === 200)).toBe(true);
    } finally {
      await tracking.close();
      await proxy.close();
      await sb.close();
    }
  });
});
