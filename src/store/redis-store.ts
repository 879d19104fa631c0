import KeyvRedis, { createClient, type RedisClientType } from '@keyv/redis';
import { Keyv } from 'keyv';
import { type Clock, systemClock } from '../lib/clock.ts';
import { boundedStore, STORE_ANSWER_MS, withinBound } from './bounded-store.ts';
import { useFastDeserialize } from './keyv-deserialize.ts';
import { createKeyvStore } from './keyv-store.ts';
import { createRedisKeyIndex, type RedisKeyIndex } from './redis-key-index.ts';
import type { Store } from './types.ts';

const RECORD_NAMESPACE = 'taskbridge';
/** @keyv/redis joins namespace and key with '::'. */
const RECORD_PREFIX = `${RECORD_NAMESPACE}::`;
/** Claims live beside records, never inside their key space: `taskbridge:claim:` cannot start with `taskbridge::`. */
const CLAIM_PREFIX = `${RECORD_NAMESPACE}:claim:`;
/** The prefix listing's index (redis-key-index.ts), beside records and claims too. */
const INDEX_NAMES = {
  recordPrefix: RECORD_PREFIX,
  indexPrefix: `${RECORD_NAMESPACE}:index:`,
  expiryPrefix: `${RECORD_NAMESPACE}:expiry:`,
  buckets: `${RECORD_NAMESPACE}:index-buckets`,
  built: `${RECORD_NAMESPACE}:index-built`,
};

/** @keyv/redis for reads; writes and deletes go through the key index, which updates record and index together. */
class IndexedKeyvRedis extends KeyvRedis<string> {
  readonly #index: RedisKeyIndex;
  constructor(client: RedisClientType, index: RedisKeyIndex) {
    super(client, { namespace: RECORD_NAMESPACE, throwOnErrors: true });
    this.#index = index;
  }
  override async set(key: string, value: string, ttl?: number): Promise<void> {
    await this.#index.set(key, value, ttl);
  }
  override async delete(key: string): Promise<boolean> {
    return this.#index.delete(key);
  }
}

/** The store on Redis, with the one further thing other shared state needs: running a Lua script on its connection. */
export interface RedisStore extends Store {
  /** Runs a script atomically on the server (the client's shared rate-limit windows use it). */
  evalScript(script: string, keys: string[], args: string[]): Promise<unknown>;
  /** Round trip to the server: resolves when Redis answers PING (readiness). */
  ping(): Promise<void>;
}

/** Options for {@link openRedisStore}. */
interface RedisStoreOptions {
  /** How long the first connection may take before opening fails, in ms. Default: 5000. */
  connectTimeoutMs?: number;
  /** A call not answered within this many ms fails as the store being down. Default: STORE_ANSWER_MS. */
  answerWithinMs?: number;
  /** Times that bound. Default: the system clock. */
  clock?: Clock;
}

/**
 * Opens the shared store on Redis: records through @keyv/redis, claims as `SET key 1 NX PX ttl`
 * (atomic on the server, so it holds across every instance of the app).
 */
export async function openRedisStore(url: string, options: RedisStoreOptions = {}): Promise<RedisStore> {
  const { connectTimeoutMs = 5000, answerWithinMs = STORE_ANSWER_MS, clock = systemClock } = options;
  let ready = false;
  const client = createClient({
    url,
    // While the connection is down a call fails at once rather than queueing until it is back: the
    // person waiting is told now, not when Redis returns.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: connectTimeoutMs,
      // Fail fast while opening (a wrong STORE_URL should stop the start); once up, keep reconnecting.
      reconnectStrategy: (retries, cause) => (ready ? Math.min(100 * 2 ** retries, 5000) : cause),
    },
  });
  client.on('error', () => {
    // Errors reach callers through rejected commands; an unhandled 'error' event would crash the process.
  });
  try {
    await client.connect();
    ready = true;
  } catch (error) {
    // A refused first connection already closed the client; destroying it again would throw.
    if (client.isOpen) client.destroy();
    throw new Error(`Cannot connect to the Redis store at ${redactUrl(url)}: ${describe(error)}`, {
      cause: error,
    });
  }
  const index = createRedisKeyIndex(client, INDEX_NAMES);
  try {
    await index.build();
  } catch (error) {
    client.destroy();
    throw new Error(`Cannot index the Redis store at ${redactUrl(url)}: ${describe(error)}`, {
      cause: error,
    });
  }
  const adapter = new IndexedKeyvRedis(client, index);
  const keyv = new Keyv({
    store: adapter,
    namespace: RECORD_NAMESPACE,
    useKeyPrefix: false,
    throwOnErrors: true,
  });
  keyv.on('error', () => {});
  useFastDeserialize(keyv);
  let closed = false;
  const store = createKeyvStore(keyv, {
    scan: (prefix) => index.list(prefix),
    async claim(key, ttlMs) {
      const answer = await client.set(CLAIM_PREFIX + key, '1', {
        condition: 'NX',
        expiration: { type: 'PX', value: Math.ceil(ttlMs) },
      });
      return answer === 'OK';
    },
    async release(key) {
      await client.del(CLAIM_PREFIX + key);
    },
    async claimed(key) {
      // Redis drops a claim when its PX lapses: one that is there is live.
      return (await client.exists(CLAIM_PREFIX + key)) === 1;
    },
    async extend(key, ttlMs) {
      // PEXPIRE acts only on a key that is there, and a claim that is there is live.
      return (await client.pExpire(CLAIM_PREFIX + key, Math.ceil(ttlMs))) === 1;
    },
    async close() {
      closed = true;
      await client.close();
    },
  });
  // A store closed on purpose is not down: its calls say it is closed.
  const bound = { clock, withinMs: answerWithinMs, isDown: () => !closed && !client.isReady };
  return Object.assign(boundedStore(store, bound), {
    evalScript: (script: string, keys: string[], args: string[]) =>
      withinBound(client.eval(script, { keys, arguments: args }), 'eval', bound),
    async ping() {
      await client.ping();
    },
  });
}

export { escapeGlob } from './redis-key-index.ts';

/** The URL without its password, fit for an error message. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    if (parsed.username && parsed.password === '') parsed.username = '***';
    return parsed.toString();
  } catch {
    return 'the configured STORE_URL';
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
