import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/manual-clock.ts';
import { boundedStore } from '../../../src/store/bounded-store.ts';
import { openSqliteStore } from '../../../src/store/sqlite-store.ts';
import { StoreUnavailableError } from '../../../src/store/store-unavailable.ts';
import type { Store } from '../../../src/store/types.ts';

describe('a store bounded in time', () => {
  it('fails a call the store has not answered within the bound as the store being down', async () => {
    const hung = new Proxy({} as Store, { get: () => () => new Promise(() => {}) });
    const clock = new ManualClock(0);
    const store = boundedStore(hung, { clock, withinMs: 1_000 });
    const read = store.get('team:T1:x');
    const failed = expect(read).rejects.toBeInstanceOf(StoreUnavailableError);
    await clock.advance(1_000);
    await failed;
  });

  it('answers as the store does within the bound, and passes on a bad call as it is', async () => {
    const inner = await openSqliteStore(':memory:');
    const clock = new ManualClock(0);
    const store = boundedStore(inner, { clock, withinMs: 1_000 });
    await store.set('team:T1:x', { a: 1 });
    expect(await store.get('team:T1:x')).toEqual({ a: 1 });
    expect(await store.claim('team:T1:c', 5_000)).toBe(true);
    const listed: string[] = [];
    for await (const [key] of store.entries('team:T1:')) listed.push(key);
    expect(listed).toEqual(['team:T1:x']);
    await expect(store.set('', 1)).rejects.not.toBeInstanceOf(StoreUnavailableError);
    await store.close();
  });
});
