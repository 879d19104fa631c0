/**
 * A small cache of reads that change rarely and are asked often (projects, their statuses,
 * members), to spare the rate budget. Entries carry tags; a write drops every entry tagged with
 * what it changed. Values are copied in and out, so a caller that edits a record cannot change
 * what the next caller reads.
 */
import type { Clock } from '../lib/clock.ts';

export interface ReadCache {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttlMs: number, tags: readonly string[]): Promise<void>;
  /** Drops every entry carrying any of the tags. */
  invalidate(tags: readonly string[]): Promise<void>;
}

/**
 * How long reads stay fresh, in ms. The service tells no project or member changes, so these are
 * kept by the app's own writes (which drop what they change) and by a fresh read wherever a name
 * is not found (`src/slack/services/resolve-project.ts`, `resolve-people.ts`): a new project or
 * member is seen at once, a rename or removal within this.
 */
export const CACHE_TTL_MS = {
  projects: 10 * 60_000,
  statuses: 10 * 60_000,
  members: 10 * 60_000,
} as const;

export interface MemoryReadCacheOptions {
  clock: Pick<Clock, 'now'>;
  /** Entries kept at most; the oldest go first. Default 1 000. */
  maxEntries?: number;
}

interface Entry {
  value: unknown;
  expiresAt: number;
  tags: readonly string[];
}

export function createMemoryReadCache(options: MemoryReadCacheOptions): ReadCache {
  const { clock } = options;
  const maxEntries = options.maxEntries ?? 1_000;
  const entries = new Map<string, Entry>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= clock.now().getTime()) {
        entries.delete(key);
        return undefined;
      }
      return structuredClone(entry.value);
    },
    async set(key, value, ttlMs, tags) {
      entries.delete(key); // re-insert so Map order stays oldest-first
      entries.set(key, { value: structuredClone(value), expiresAt: clock.now().getTime() + ttlMs, tags });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    async invalidate(tags) {
      for (const [key, entry] of entries) if (entry.tags.some((t) => tags.includes(t))) entries.delete(key);
    },
  };
}

interface CachedReads {
  /** The cached value, or `load()`'s, stored for `ttlMs` under `tags`; `fresh` loads past it and stores. */
  read<T>(
    name: string,
    ttlMs: number,
    tags: readonly string[],
    load: () => Promise<T>,
    options?: { fresh?: boolean },
  ): Promise<T>;
  invalidate(tags: readonly string[]): Promise<void>;
}

/**
 * A client's view of a cache: keys carry the token's hash (two tokens may see different things),
 * concurrent identical reads share one request, and a read that was loading while a write
 * invalidated is answered but not stored, so it cannot bring back what the write changed.
 */
export function createCachedReads(cache: ReadCache, tokenKey: string): CachedReads {
  const loading = new Map<string, Promise<unknown>>();
  let writes = 0;
  return {
    async read<T>(
      name: string,
      ttlMs: number,
      tags: readonly string[],
      load: () => Promise<T>,
      options: { fresh?: boolean } = {},
    ): Promise<T> {
      const key = `${tokenKey}:${name}`;
      const hit = options.fresh ? undefined : await cache.get(key);
      if (hit !== undefined) return hit as T;
      const pending = options.fresh ? undefined : loading.get(key);
      if (pending) return structuredClone(await pending) as T;
      const startedAfter = writes;
      const promise = load().then(async (value) => {
        if (writes === startedAfter) await cache.set(key, value, ttlMs, tags);
        return value;
      });
      loading.set(key, promise);
      try {
        return await promise;
      } finally {
        loading.delete(key);
      }
    },
    async invalidate(tags) {
      writes++;
      await cache.invalidate(tags);
    },
  };
}
