/**
 * Everything instances of the app share, opened from one STORE_URL: the store, and with Redis the
 * service client's rate limiter, whose windows then live in Redis so that every instance using a
 * token draws on one budget (60 general requests a minute, all instances together). With SQLite
 * (one instance) the limiter stays in memory.
 */
import { createRateLimiter, type RateLimiter, RedisRateLimitState } from '../api/index.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { openStore, parseStoreUrl } from '../store/open-store.ts';
import type { Store } from '../store/types.ts';

interface SharedState {
  store: Store;
  /** The limiter every service client of the process uses; undefined: the client's own in-memory one. */
  limiter: RateLimiter | undefined;
  /** Resolves when the store answers a round trip (readiness); rejects when it cannot be reached. */
  ping(): Promise<void>;
  engine: 'sqlite' | 'redis';
}

const PROBE_KEY = 'ops:readiness-probe';

/** `clock`: the limiter's time (its windows' stamps and its waits). Default: the system clock. */
export async function openSharedState(
  url: string,
  { clock = systemClock }: { clock?: Clock } = {},
): Promise<SharedState> {
  if (parseStoreUrl(url).kind === 'sqlite') {
    const store = await openStore(url);
    return {
      store,
      limiter: undefined,
      engine: 'sqlite',
      ping: async () => {
        await store.get(PROBE_KEY);
      },
    };
  }
  const { openRedisStore } = await import('../store/redis-store.ts');
  const store = await openRedisStore(url);
  const state = new RedisRateLimitState({
    redis: { eval: (script, keys, args) => store.evalScript(script, keys, args) },
  });
  return { store, limiter: createRateLimiter({ state, clock }), engine: 'redis', ping: () => store.ping() };
}
