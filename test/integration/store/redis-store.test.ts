import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/store/open-store.ts';
import { type RedisServer, redisTool, startRedisServer } from '../../support/redis-server.ts';
import { describeStoreContract } from './support/store-contract.ts';

describe.skipIf(!redisTool.mustRun)('Redis store (real redis-server)', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  let db = 0;
  // Each contract test gets a fresh logical database so leftovers never leak between tests.
  describeStoreContract('redis', () => openStore(server.url.replace(/\/0$/, `/${db++ % 16}`)).then(flush), {
    clock: 'server',
  });

  it('shares claims and records between two instances of the app', async () => {
    const first = await openStore(server.url);
    const second = await openStore(server.url);
    try {
      await first.set('team:T9:connection', { baseUrl: 'http://x' });
      expect(await second.get('team:T9:connection')).toEqual({ baseUrl: 'http://x' });
      const wins = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? first : second).claim('shared-claim', 60_000)),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('fails to open with a clear error when no server answers, without leaking the password', async () => {
    const dead = server.url.replace(/:(\d+)\//, ':1/').replace('redis://', 'redis://user:s3cret@');
    const error = await openStore(dead).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /Cannot connect to the Redis store at redis:\/\/user:\*\*\*@127\.0\.0\.1:1/,
    );
    expect((error as Error).message).not.toContain('s3cret');
  });
});

async function flush(store: Awaited<ReturnType<typeof openStore>>) {
  const keys: string[] = [];
  for await (const [key] of store.entries('')) keys.push(key);
  for (const key of keys) await store.delete(key);
  return store;
}
