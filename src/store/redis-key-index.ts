/**
 * Prefix listing on Redis without SCAN: every record's key is also kept in a sorted set per bucket
 * (the key up to its second ':', e.g. `team:T1:` or `digest:sub:`), all members at score 0 so that
 * ZRANGEBYLEX reads a prefix in key order, O(log n + m) however large the keyspace. Each write or
 * delete updates record and index in one Lua script, so the two never disagree across instances.
 *
 * Expiry: a record written with a TTL is also scored by its expiry (server time) in the bucket's
 * expiry set; each write into the bucket drops up to EXPIRED_PER_WRITE expired names, and a listing
 * drops any name it finds without a record. An index thus holds live keys plus at most the ones that
 * expired since the bucket's last write or listing.
 */
import { createHash } from 'node:crypto';
import type { RedisClientType as RedisClient } from '@keyv/redis';

/** Names of the index's own keys; none can start with a record's `<namespace>::`. */
interface KeyIndexNames {
  /** Prepended to a logical key to name its record (`taskbridge::`). */
  recordPrefix: string;
  /** Prepended to a bucket to name its sorted sets (`taskbridge:index:`, `taskbridge:expiry:`). */
  indexPrefix: string;
  expiryPrefix: string;
  /** The set of buckets in use, read only for prefixes shorter than a bucket. */
  buckets: string;
  /** Set once every record written before the index existed has been indexed. */
  built: string;
}

const EXPIRED_PER_WRITE = 100;
const PAGE = 200;
/** Bumped if the index's layout changes, so that it is built again from the records. */
const INDEX_VERSION = '1';

/** Server time in ms, inside a script (effects replication makes TIME safe there). */
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Drops expired names; forgets the bucket when its index is empty. KEYS: index, expiry, buckets. */
const DROP_EXPIRED = `local gone = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', '(' .. now, 'LIMIT', 0, ${EXPIRED_PER_WRITE})
if #gone > 0 then
  redis.call('ZREM', KEYS[2], unpack(gone))
  redis.call('ZREM', KEYS[3], unpack(gone))
end`;

/** KEYS: record, index, expiry, buckets. ARGV: raw value, ttl ms ('' for none), logical key, bucket. */
const SET_SCRIPT = `${NOW}
if ARGV[2] == '' then
  redis.call('SET', KEYS[1], ARGV[1])
  redis.call('ZREM', KEYS[3], ARGV[3])
else
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  redis.call('ZADD', KEYS[3], now + tonumber(ARGV[2]), ARGV[3])
end
redis.call('ZADD', KEYS[2], 0, ARGV[3])
redis.call('SADD', KEYS[4], ARGV[4])
${DROP_EXPIRED}
return 1`;

/** KEYS: record, index, expiry, buckets. ARGV: logical key, bucket. Answers how many records went. */
const DELETE_SCRIPT = `local deleted = redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
if redis.call('ZCARD', KEYS[2]) == 0 then redis.call('SREM', KEYS[4], ARGV[2]) end
return deleted`;

/**
 * Forgets names a listing found without a record, checking again here: a write since the listing's
 * read has indexed its key anew and keeps it. KEYS: index, expiry, buckets, records…; ARGV: bucket, names….
 */
const DROP_STALE_SCRIPT = `for i = 4, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 0 then
    redis.call('ZREM', KEYS[1], ARGV[i - 2])
    redis.call('ZREM', KEYS[2], ARGV[i - 2])
  end
end
if redis.call('ZCARD', KEYS[1]) == 0 then redis.call('SREM', KEYS[3], ARGV[1]) end
return 1`;

/** Indexes one record written before the index. KEYS: record, index, expiry, buckets. ARGV: logical key, bucket. */
const ADD_EXISTING_SCRIPT = `${NOW}
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -2 then return 0 end
redis.call('ZADD', KEYS[2], 0, ARGV[1])
redis.call('SADD', KEYS[4], ARGV[2])
if ttl >= 0 then redis.call('ZADD', KEYS[3], now + ttl, ARGV[1]) end
return 1`;

/** The bucket of a key: up to and including its second ':', else its first, else '' (the root). */
export function bucketOf(key: string): string {
  const first = key.indexOf(':');
  if (first < 0) return '';
  const second = key.indexOf(':', first + 1);
  return key.slice(0, (second < 0 ? first : second) + 1);
}

/** Whether every key starting with `prefix` is in `bucketOf(prefix)` (the prefix holds two ':'). */
function bucketIsFixed(prefix: string): boolean {
  const first = prefix.indexOf(':');
  return first >= 0 && prefix.indexOf(':', first + 1) >= 0;
}

export interface RedisKeyIndex {
  set(key: string, raw: string, ttlMs: number | undefined): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** Every `[logical key, raw value]` whose key starts with prefix, in key order within each bucket. */
  list(prefix: string): AsyncIterable<[key: string, raw: string]>;
  /** Indexes records written before the index existed, once per Redis (a no-op once done). */
  build(): Promise<void>;
}

export function createRedisKeyIndex(client: RedisClient, names: KeyIndexNames): RedisKeyIndex {
  const run = scriptRunner(client);
  const keysOf = (key: string, bucket: string) => [
    names.recordPrefix + key,
    names.indexPrefix + bucket,
    names.expiryPrefix + bucket,
    names.buckets,
  ];

  async function* listBucket(bucket: string, prefix: string): AsyncIterable<[string, string]> {
    const index = names.indexPrefix + bucket;
    // 0xff never occurs in UTF-8, so `[prefix\xff` is above every key that starts with prefix.
    const max = Buffer.concat([Buffer.from(`[${prefix}`), Buffer.from([0xff])]);
    let min: string = `[${prefix}`;
    for (;;) {
      const page = await client.zRangeByLex(index, min, max, { LIMIT: { offset: 0, count: PAGE } });
      if (page.length === 0) return;
      const values = await client.mGet(page.map((key) => names.recordPrefix + key));
      const stale: string[] = [];
      for (const [i, key] of page.entries()) {
        const raw = values[i];
        if (typeof raw === 'string') yield [key, raw];
        else stale.push(key);
      }
      if (stale.length > 0) {
        await run(
          DROP_STALE_SCRIPT,
          [
            index,
            names.expiryPrefix + bucket,
            names.buckets,
            ...stale.map((key) => names.recordPrefix + key),
          ],
          [bucket, ...stale],
        );
      }
      if (page.length < PAGE) return;
      // Resume after the last name read: names dropped meanwhile cannot shift the page.
      min = `(${page.at(-1)}`;
    }
  }

  async function bucketsFor(prefix: string): Promise<string[]> {
    if (bucketIsFixed(prefix)) return [bucketOf(prefix)];
    // A short prefix (or none): any bucket it starts, or that starts it, may hold its keys.
    const found: string[] = [];
    for await (const batch of client.sScanIterator(names.buckets, { COUNT: 1000 })) {
      for (const bucket of batch) {
        if (bucket.startsWith(prefix) || prefix.startsWith(bucket)) found.push(bucket);
      }
    }
    return found.sort();
  }

  return {
    async set(key, raw, ttlMs) {
      const bucket = bucketOf(key);
      const ttl = ttlMs === undefined ? '' : String(Math.max(1, Math.ceil(ttlMs)));
      await run(SET_SCRIPT, keysOf(key, bucket), [raw, ttl, key, bucket]);
    },
    async delete(key) {
      const bucket = bucketOf(key);
      return Number(await run(DELETE_SCRIPT, keysOf(key, bucket), [key, bucket])) > 0;
    },
    async *list(prefix) {
      for (const bucket of await bucketsFor(prefix)) yield* listBucket(bucket, prefix);
    },
    async build() {
      if ((await client.get(names.built)) === INDEX_VERSION) return;
      // Idempotent: instances starting together may each run it; writes meanwhile index themselves.
      for await (const batch of client.scanIterator({
        MATCH: `${escapeGlob(names.recordPrefix)}*`,
        COUNT: 1000,
        TYPE: 'string',
      })) {
        for (const record of batch) {
          const key = record.slice(names.recordPrefix.length);
          const bucket = bucketOf(key);
          await run(ADD_EXISTING_SCRIPT, keysOf(key, bucket), [key, bucket]);
        }
      }
      await client.set(names.built, INDEX_VERSION);
    },
  };
}

/** Runs a script by its SHA1, sending its text only when the server does not know it (first use, or after a restart). */
function scriptRunner(client: RedisClient) {
  const shas = new Map<string, string>();
  return async (script: string, keys: string[], args: string[]): Promise<unknown> => {
    let sha = shas.get(script);
    if (!sha) {
      sha = createHash('sha1').update(script).digest('hex');
      shas.set(script, sha);
    }
    try {
      return await client.evalSha(sha, { keys, arguments: args });
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.eval(script, { keys, arguments: args });
    }
  };
}

/** SCAN's MATCH is a glob: a prefix holding `*`, `?`, `[`, `]` or `\` must match itself only. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (char) => `\\${char}`);
}
