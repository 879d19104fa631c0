/**
 * Two instances share one token's budget through Redis (each its own client, limiter and Redis
 * connection; nothing shared but Redis), against the sandbox enforcing the spec's 60 a minute. One
 * instance polls without pause; the other then gets a morning's burst of clicks. The poll holds only
 * what the plan leaves it (the slots beyond every reserve above it), so every click goes through at
 * once, and the service never answers 429.
 */
import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRateLimiter,
  createWorkApiClient,
  nodeRedisScriptRunner,
  RedisRateLimitState,
  type WorkApiClient,
  withLane,
} from '../../../src/api/index.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { type RedisServer, redisTool, startRedisServer } from '../../support/redis-server.ts';
import { startTestSandbox } from '../../support/sandbox-profile.ts';
import { startFaultProxy } from '../api/support/fault-proxy.ts';

const LIMIT = 60;
/** What the poll may hold of 60 with the default plan: 60 less writes' 15, reads' 9, digests' 6. */
const POLL_CAN_HOLD = 30;

describe.runIf(redisTool.mustRun)('the poll on one instance cannot starve clicks on another', () => {
  let redis: RedisServer;
  let sandbox: Sandbox;
  const clients: { quit(): Promise<unknown> }[] = [];

  beforeAll(async () => {
    redis = await startRedisServer(redisTool.require());
    sandbox = await startTestSandbox({
      seed: 'demo',
      rateLimits: { general: LIMIT, search: 30, upload: 10 },
    });
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) await c.quit();
    await sandbox?.close();
    await redis?.stop();
  });

  const instance = async (baseUrl: string): Promise<WorkApiClient> => {
    const connection = createClient({ url: redis.url });
    await connection.connect();
    clients.push(connection);
    const state = new RedisRateLimitState({ redis: nodeRedisScriptRunner(connection) });
    return createWorkApiClient({
      baseUrl,
      token: sandbox.token,
      cache: false,
      limiter: createRateLimiter({ state }),
    });
  };

  it('lets 30 people click at once while the poll waits for its share', async () => {
    const proxy = await startFaultProxy(sandbox.url);
    const stopPoll = new AbortController();
    try {
      const poller = await instance(proxy.url);
      const clicker = await instance(proxy.url);
      // The poll asks for far more than a minute holds, and keeps asking.
      let polled = 0;
      const poll = withLane('poll', () =>
        Promise.allSettled(
          Array.from({ length: 100 }, () =>
            poller.tasks.get(1, { maxWaitMs: 120_000, signal: stopPoll.signal }).then(() => polled++),
          ),
        ),
      );
      await expect.poll(() => polled, { timeout: 10_000 }).toBe(POLL_CAN_HOLD);

      // The morning: 20 Done clicks (writes) and 10 reads that missed the view, all at once, each
      // willing to wait no more than a person would hear about (1.5 s).
      const started = performance.now();
      const clicks = await Promise.all([
        ...Array.from({ length: 20 }, (_, i) =>
          clicker.tasks.update(1 + (i % 5), { title: `Morning click ${i}` }, { maxWaitMs: 1_500 }),
        ),
        ...Array.from({ length: 10 }, (_, i) => clicker.tasks.get(1 + (i % 5), { maxWaitMs: 1_500 })),
      ]);
      const tookMs = performance.now() - started;
      expect(clicks).toHaveLength(30);
      expect(tookMs).toBeLessThan(5_000);
      // The poll is still waiting: it got no slot the clicks left, as the window is full.
      expect(polled).toBe(POLL_CAN_HOLD);
      expect(await poller.limiter.estimateWait('general', 'poll')).toBeGreaterThan(30_000);

      stopPoll.abort(new Error('test over'));
      await poll;
      const statuses = proxy.requests.map((r) => r.status);
      expect(statuses.filter((s) => s === 429)).toEqual([]);
      expect(proxy.requests).toHaveLength(LIMIT);
    } finally {
      stopPoll.abort(new Error('test over'));
      await proxy.close();
    }
  }, 60_000);
});
