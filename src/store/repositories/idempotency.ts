import { createHash } from 'node:crypto';
import { storeKeys } from '../keys.ts';
import type { Store } from '../types.ts';

/**
 * What `once` did:
 * - `ran`: this caller won the claim and ran fn;
 * - `replayed`: an earlier caller ran it; `value` is its stored result (a Slack retry gets the same answer);
 * - `pending`: an earlier caller holds the claim and has not finished yet.
 */
export type OnceOutcome<T> =
  | { state: 'ran'; value: T }
  | { state: 'replayed'; value: T }
  | { state: 'pending' };

export interface Idempotency {
  /**
   * Runs fn for the first caller with this key only (across processes), stores its result for ttlMs,
   * and hands that result to later callers. If fn throws, the claim is released so a retry can run it.
   * fn's result must survive JSON (it is stored).
   */
  once<T>(key: string, ttlMs: number, fn: () => Promise<T> | T): Promise<OnceOutcome<T>>;
  /**
   * What became of a key's work, without doing it: `done` with its stored result, `claimed` when a
   * caller took it and stored nothing (still running, or it died), `none` when nobody took it.
   */
  peek<T>(key: string): Promise<{ state: 'done'; value: T } | { state: 'claimed' } | { state: 'none' }>;
}

/** Keys longer than this are hashed, so any caller-built key (a view's hash, a long event id) fits the store. */
const MAX_RAW_KEY = 200;

interface StoredResult<T> {
  value: T;
}

function storeKeyOf(key: string): string {
  if (typeof key !== 'string' || key === '') throw new TypeError('once() needs a non-empty key');
  return storeKeys.once(
    key.length > MAX_RAW_KEY ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key,
  );
}

/** Dedupes Slack retries (`event_id`), double submits (a view submission's hash) and the like. */
export function createIdempotency(store: Store): Idempotency {
  return {
    async peek<T>(key: string) {
      const storeKey = storeKeyOf(key);
      const finished = await store.get<StoredResult<T>>(storeKey);
      if (finished) return { state: 'done' as const, value: finished.value };
      return { state: (await store.claimed(storeKey)) ? ('claimed' as const) : ('none' as const) };
    },
    async once<T>(key: string, ttlMs: number, fn: () => Promise<T> | T): Promise<OnceOutcome<T>> {
      const storeKey = storeKeyOf(key);
      // The result can outlive its claim by the time fn took, so look for it before claiming.
      const earlier = await store.get<StoredResult<T>>(storeKey);
      if (earlier) return { state: 'replayed', value: earlier.value };
      if (!(await store.claim(storeKey, ttlMs))) {
        const finished = await store.get<StoredResult<T>>(storeKey);
        return finished ? { state: 'replayed', value: finished.value } : { state: 'pending' };
      }
      let value: T;
      try {
        value = await fn();
      } catch (error) {
        await store.release(storeKey);
        throw error;
      }
      // The work is done: a store that fails now must not turn it into a failure for the caller (a
      // redelivery then finds the claim still held, and does not do it again).
      await store.set<StoredResult<T>>(storeKey, { value }, ttlMs).catch(() => {});
      return { state: 'ran', value };
    },
  };
}
