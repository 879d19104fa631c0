import type { Keyv } from 'keyv';
import { systemClock } from '../lib/clock.ts';
import type { Store } from './types.ts';

/** What a backend adds to keyv: prefix listing and atomic claims, which keyv itself cannot do. */
interface StoreBackend {
  /** Every stored `[logical key, raw serialized value]` whose logical key starts with prefix. */
  scan(prefix: string): AsyncIterable<[key: string, raw: string]>;
  claim(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
  claimed(key: string): Promise<boolean>;
  extend(key: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Longest key accepted; keys are built from Slack ids and short names, so anything longer is a bug. */
const MAX_KEY_LENGTH = 1024;

/** A {@link Store} whose records go through keyv and whose listing and claims go to the backend. */
export function createKeyvStore(keyv: Keyv, backend: StoreBackend): Store {
  let closed = false;
  const open = (): void => {
    if (closed) throw new Error('The store is closed');
  };
  return {
    async get<T>(key: string): Promise<T | undefined> {
      open();
      checkKey(key);
      return (await keyv.get<T>(key)) ?? undefined;
    },
    async set<T>(key: string, value: T, ttlMs?: number): Promise<void> {
      open();
      checkKey(key);
      if (ttlMs !== undefined) checkTtl(ttlMs);
      if (value === undefined)
        throw new TypeError(`Store value for "${key}" is undefined; use delete() instead`);
      await keyv.set(key, value, ttlMs);
    },
    async delete(key: string): Promise<boolean> {
      open();
      checkKey(key);
      return keyv.delete(key);
    },
    async *entries<T>(prefix: string): AsyncIterable<[key: string, value: T]> {
      open();
      if (typeof prefix !== 'string') throw new TypeError('Store prefix must be a string');
      for await (const [key, raw] of backend.scan(prefix)) {
        const data = await keyv.deserializeData<T>(raw);
        // Expiry is checked here as well as in the backend: keyv's own `expires` is the source of truth,
        // and keyv stamps it by the system clock, so it is read by that clock too.
        const expired = typeof data?.expires === 'number' && data.expires <= systemClock.now().getTime();
        if (data === undefined || expired) continue;
        yield [key, data.value as T];
      }
    },
    async claim(key: string, ttlMs: number): Promise<boolean> {
      open();
      checkKey(key);
      checkTtl(ttlMs);
      return backend.claim(key, ttlMs);
    },
    async release(key: string): Promise<void> {
      open();
      checkKey(key);
      await backend.release(key);
    },
    async claimed(key: string): Promise<boolean> {
      open();
      checkKey(key);
      return backend.claimed(key);
    },
    async extend(key: string, ttlMs: number): Promise<boolean> {
      open();
      checkKey(key);
      checkTtl(ttlMs);
      return backend.extend(key, ttlMs);
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await backend.close();
    },
  };
}

function checkKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0)
    throw new TypeError('Store key must be a non-empty string');
  if (key.length > MAX_KEY_LENGTH) {
    throw new RangeError(`Store key is ${key.length} characters long; the limit is ${MAX_KEY_LENGTH}`);
  }
}

function checkTtl(ttlMs: number): void {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new RangeError(`Store TTL must be a positive number of milliseconds (got ${String(ttlMs)})`);
  }
}
