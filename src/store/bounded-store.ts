/**
 * A store whose every call answers within a bound: a store that has not answered by then is
 * treated as down (StoreUnavailableError), so a person hears within Slack's 3 s rather than a
 * request hanging on a connection that is gone or a server that has stopped.
 */
import type { Clock } from '../lib/clock.ts';
import { StoreUnavailableError } from './store-unavailable.ts';
import type { Store } from './types.ts';

/** Long enough for any healthy store call; short enough to leave time to tell the person. */
export const STORE_ANSWER_MS = 1_000;

interface AnswerBound {
  clock: Clock;
  withinMs?: number;
  /** Whether a failure means the store is down (say so) rather than a bad call (pass it on). */
  isDown?: (error: unknown) => boolean;
}

/** `work`'s answer, or StoreUnavailableError once `withinMs` has passed without one. */
export function withinBound<T>(work: Promise<T>, what: string, bound: AnswerBound): Promise<T> {
  const timeout = new AbortController();
  const late = bound.clock.sleep(bound.withinMs ?? STORE_ANSWER_MS, timeout.signal).then(
    () => {
      throw new StoreUnavailableError(what);
    },
    () => undefined as never,
  );
  const answered = work.then(
    (value) => {
      timeout.abort();
      return value;
    },
    (error: unknown) => {
      timeout.abort();
      if (bound.isDown?.(error)) throw new StoreUnavailableError(what, { cause: error });
      throw error;
    },
  );
  return Promise.race([answered, late]);
}

export function boundedStore(store: Store, bound: AnswerBound): Store {
  const within = <T>(work: Promise<T>, what: string) => withinBound(work, what, bound);
  return {
    get: (key) => within(store.get(key), 'get'),
    set: (key, value, ttlMs) => within(store.set(key, value, ttlMs), 'set'),
    delete: (key) => within(store.delete(key), 'delete'),
    entries<T>(prefix: string): AsyncIterable<[string, T]> {
      return {
        [Symbol.asyncIterator]() {
          const inner = store.entries<T>(prefix)[Symbol.asyncIterator]();
          return {
            next: () => within(inner.next(), 'entries'),
            return: async (value?: unknown) => (await inner.return?.(value)) ?? { done: true, value },
          } as AsyncIterator<[string, T]>;
        },
      };
    },
    claim: (key, ttlMs) => within(store.claim(key, ttlMs), 'claim'),
    release: (key) => within(store.release(key), 'release'),
    claimed: (key) => within(store.claimed(key), 'claimed'),
    extend: (key, ttlMs) => within(store.extend(key, ttlMs), 'extend'),
    close: () => store.close(),
  };
}
