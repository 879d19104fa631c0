import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, createWorkApiClient } from '../../../src/api/index.ts';
import { nodeRedisScriptRunner, RedisRateLimitState } from '../../../src/api/limiter-redis-state.ts';
import { createSandbox } from '../../../src/sandbox/index.ts';
import { FakeClock } from '../../unit/api/support/fake-clock.ts';
import { describeRateLimitState } from '../../unit/api/support/rate-limit-state-contract.ts';
import { startFaultProxy } from './support/fault-proxy.ts';
import { type RedisServer, redisServerAvailable, startRedisServer } from './support/redis-server.ts';
import { trackingDispatcher } from './support/tracking-dispatcher.ts';

const available = redisServerAvailable();
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

describe.skipIf(!available)('Redis state (real redis-server)', () => {
  describeRateLimitState('redis', state);

  it('gives two processes sharing a token one budget', async () => {
    const clock = new FakeClock();
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
    await b.block(key, 'general', clock.now() + 90_000);
    expect(await a.estimateWait(key, 'general')).toBe(90_000);
  });

  it('keeps two clients on separate limiters, sharing Redis, within the sandbox limit', async () => {
    const tracking = trackingDispatcher();
    const clock = new FakeClock(Date.now(), { auto: true, idle: () => tracking.inFlight() === 0 });
    const sb = await createSandbox({
      port: 0,
      seed: 'demo',
      rateLimits: { general: 4, search: 4, upload: 4 },
      now: () => new Date(clock.now()),
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
      expect(proxy.requests.map((r) => r.status)).toEqual(Array(10).fill(200));
    } finally {
      await tracking.close();
      await proxy.close();
      await sb.close();
    }
  });
});
