/**
 * The Redis store's prefix index (src/store/redis-key-index.ts) against a real redis-server: listing
 * sends no SCAN, the index follows writes, deletes and TTL expiry, short prefixes span buckets, two
 * instances writing at once leave index and records agreeing, and records written before the index
 * existed are indexed when a store opens.
 */
import { createClient, type RedisClientType } from '@keyv/redis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bucketOf } from '../../../src/store/redis-key-index.ts';
import { openRedisStore, type RedisStore } from '../../../src/store/redis-store.ts';
import { type RedisServer, redisTool, startRedisServer } from '../../support/redis-server.ts';

const RECORD = 'taskbridge::';
const INDEX = 'taskbridge:index:';
const EXPIRY = 'taskbridge:expiry:';
const BUCKETS = 'taskbridge:index-buckets';

describe('bucketOf', () => {
  it('cuts a key after its second separator, else its first, else to the root', () => {
    expect(bucketOf('team:T1:user-link:U1')).toBe('team:T1:');
    expect(bucketOf('digest:sub:T1:abc')).toBe('digest:sub:');
    expect(bucketOf('digest:revision')).toBe('digest:');
    expect(bucketOf('plain')).toBe('');
  });
});

describe.runIf(redisTool.mustRun)('Redis key index (real redis-server)', () => {
  let server: RedisServer;
  let raw: RedisClientType;
  let store: RedisStore;

  beforeAll(async () => {
    server = await startRedisServer(redisTool.require());
    raw = createClient({ url: server.url });
    await raw.connect();
  });
  afterAll(async () => {
    await store?.close();
    await raw?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    await store?.close();
    await raw.flushAll();
    store = await openRedisStore(server.url);
  });

  const list = async (prefix: string, on: RedisStore = store) => {
    const keys: string[] = [];
    for await (const [key] of on.entries(prefix)) keys.push(key);
    return keys;
  };
  const indexed = (bucket: string) => raw.zRange(INDEX + bucket, 0, -1);
  const calls = async (command: string) => {
    const line = (await raw.info('commandstats'))
      .split('\r\n')
      .find((l) => l.startsWith(`cmdstat_${command}:`));
    return Number(/calls=(\d+)/.exec(line ?? '')?.[1] ?? 0);
  };

  it('lists a prefix without SCAN, whatever else the keyspace holds', async () => {
    for (let t = 0; t < 50; t++) {
      for (let u = 0; u < 10; u++) await store.set(`team:T${t}:user-link:U${u}`, { u });
      await store.set(`team:T${t}:connection`, { t });
    }
    const scansBefore = await calls('scan');
    expect(await list('team:T7:user-link:')).toEqual(
      Array.from({ length: 10 }, (_, u) => `team:T7:user-link:U${u}`),
    );
    expect(await list('team:T7:')).toHaveLength(11);
    expect(await calls('scan')).toBe(scansBefore);
    expect(await calls('zrangebylex')).toBeGreaterThan(0);
  });

  it('reads a long listing in pages, in key order, with nothing twice', async () => {
    const keys = Array.from({ length: 450 }, (_, i) => `digest:sub:T1:${String(i).padStart(4, '0')}`);
    await Promise.all(keys.map((key) => store.set(key, { key })));
    await store.set('digest:sub:T2:other', {});
    expect(await list('digest:sub:T1:')).toEqual(keys);
    expect(await list('digest:sub:')).toHaveLength(451);
  });

  it('forgets a deleted key, and the bucket once it is empty', async () => {
    await store.set('team:T1:channel-default:C1', { p: 1 });
    await store.set('team:T1:channel-default:C2', { p: 2 });
    expect(await store.delete('team:T1:channel-default:C1')).toBe(true);
    expect(await indexed('team:T1:')).toEqual(['team:T1:channel-default:C2']);
    expect(await store.delete('team:T1:channel-default:C2')).toBe(true);
    expect(await raw.exists(`${INDEX}team:T1:`)).toBe(0);
    expect(await raw.sIsMember(BUCKETS, 'team:T1:')).toBe(0);
    expect(await store.delete('team:T1:channel-default:C2')).toBe(false);
  });

  it('drops expired keys from the index: at the next write into the bucket, or the next listing', async () => {
    await store.set('team:T1:draft:a', { a: 1 }, 20);
    await store.set('team:T1:draft:b', { b: 1 }, 20);
    await store.set('team:T1:draft:kept', { kept: true });
    expect(await raw.zCard(`${EXPIRY}team:T1:`)).toBe(2);
    await until(
      async () => (await raw.exists([`${RECORD}team:T1:draft:a`, `${RECORD}team:T1:draft:b`])) === 0,
    );
    // Redis has expired the records; the index still names them until the bucket is touched.
    expect(await indexed('team:T1:')).toHaveLength(3);
    await store.set('team:T1:draft:new', { n: 1 });
    expect(await indexed('team:T1:')).toEqual(['team:T1:draft:kept', 'team:T1:draft:new']);
    expect(await raw.zCard(`${EXPIRY}team:T1:`)).toBe(0);

    await store.set('team:T2:draft:a', { a: 1 }, 20);
    await until(async () => (await raw.exists(`${RECORD}team:T2:draft:a`)) === 0);
    expect(await list('team:T2:')).toEqual([]);
    expect(await raw.exists(`${INDEX}team:T2:`)).toBe(0);
  });

  it('keeps a key rewritten without a TTL past its first expiry', async () => {
    // A TTL long enough that no stall between the two writes lets the first expire on its own.
    await store.set('team:T1:link-request:U1', { v: 1 }, 1_000);
    await store.set('team:T1:link-request:U1', { v: 2 });
    expect(await raw.zCard(`${EXPIRY}team:T1:`)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await store.set('team:T1:other', {});
    expect(await list('team:T1:link-request:')).toEqual(['team:T1:link-request:U1']);
    expect(await store.get('team:T1:link-request:U1')).toEqual({ v: 2 });
  });

  it('lists short prefixes (none at all, `team:`, `digest:rev`) across every bucket that may hold them', async () => {
    for (const key of [
      'plain',
      'digest:revision',
      'digest:sub:T1:a',
      'team:T1:connection',
      'team:T2:connection',
    ]) {
      await store.set(key, { key });
    }
    expect((await list('')).sort()).toEqual(
      ['digest:revision', 'digest:sub:T1:a', 'plain', 'team:T1:connection', 'team:T2:connection'].sort(),
    );
    expect((await list('team:')).sort()).toEqual(['team:T1:connection', 'team:T2:connection']);
    expect(await list('digest:rev')).toEqual(['digest:revision']);
    expect(await list('pla')).toEqual(['plain']);
  });

  it('stays in step with the records when two instances write and delete the same keys at once', async () => {
    const other = await openRedisStore(server.url);
    try {
      const keys = Array.from({ length: 40 }, (_, i) => `team:T1:user-link:U${i}`);
      await Promise.all(
        keys.flatMap((key, i) => [
          (i % 2 ? store : other).set(key, { i }),
          (i % 2 ? other : store).set(key, { i, again: true }, i % 3 === 0 ? 60_000 : undefined),
          ...(i % 4 === 0 ? [(i % 8 ? store : other).delete(key)] : []),
        ]),
      );
      const records: string[] = [];
      for await (const batch of raw.scanIterator({ MATCH: `${RECORD}*`, COUNT: 1000 })) {
        records.push(...batch.map((key) => key.slice(RECORD.length)));
      }
      expect((await indexed('team:T1:')).sort()).toEqual(records.sort());
      expect((await list('team:T1:', other)).sort()).toEqual(records.sort());
    } finally {
      await other.close();
    }
  });

  it('indexes, on opening, records written before the index existed', async () => {
    await store.close();
    await raw.flushAll();
    // What an earlier release left: keyv's records, no index.
    const record = (value: unknown, expires?: number) => JSON.stringify({ value, expires });
    await raw.set(`${RECORD}team:T1:user-link:U1`, record({ memberId: 1 }));
    await raw.set(`${RECORD}team:T1:user-link:U2`, record({ memberId: 2 }), { PX: 60_000 });
    await raw.set(`${RECORD}digest:sub:T1:s1`, record({ id: 's1' }));
    store = await openRedisStore(server.url);
    expect(await list('team:T1:user-link:')).toEqual(['team:T1:user-link:U1', 'team:T1:user-link:U2']);
    expect(await list('digest:sub:')).toEqual(['digest:sub:T1:s1']);
    expect(await raw.zCard(`${EXPIRY}team:T1:`)).toBe(1);
    // Once built, opening again does not walk the keyspace.
    const scans = await calls('scan');
    const again = await openRedisStore(server.url);
    await again.close();
    expect(await calls('scan')).toBe(scans);
  });
});

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not met within 5 s');
}
