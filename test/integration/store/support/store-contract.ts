import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '../../../../src/store/types.ts';

export interface ContractOptions {
  /** Whether expiry follows the process clock (SQLite) or the server's (Redis). */
  clock: 'process' | 'server';
}

/** The behaviour every Store backend must show; run once per backend. */
export function describeStoreContract(
  name: string,
  open: () => Promise<Store>,
  options: ContractOptions,
): void {
  describe(`${name}: Store contract`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      vi.useRealTimers();
      await store.close();
    });

    const expire = async (ms: number): Promise<void> => {
      if (options.clock === 'process') {
        vi.setSystemTime(Date.now() + ms);
        return;
      }
      // A Redis server keeps its own clock: only real time makes its TTL pass.
      await new Promise((resolve) => setTimeout(resolve, ms));
    };
    const useClock = (): void => {
      if (options.clock === 'process')
        vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T12:00:00Z') });
    };
    // On the server's clock the TTL is real time, and each test checks the record is still there a
    // few commands after it was written: 60 ms let a stall of a loaded machine expire it first.
    const ttl = options.clock === 'process' ? 60_000 : 1_000;

    it('stores, overwrites and deletes records of any JSON shape', async () => {
      expect(await store.get('a')).toBeUndefined();
      await store.set('a', { n: 1, list: [1, 'two', null], nested: { ok: true } });
      expect(await store.get('a')).toEqual({ n: 1, list: [1, 'two', null], nested: { ok: true } });
      await store.set('a', 'second');
      expect(await store.get('a')).toBe('second');
      await store.set('zero', 0);
      await store.set('false', false);
      expect(await store.get('zero')).toBe(0);
      expect(await store.get('false')).toBe(false);
      expect(await store.delete('a')).toBe(true);
      expect(await store.delete('a')).toBe(false);
      expect(await store.get('a')).toBeUndefined();
    });

    it('keeps keys with separators and glob or LIKE characters apart', async () => {
      const keys = ['x:1', 'x:1:y', 'x%', 'x_', 'x*', 'x?', 'x[1]', 'x\\', 'é:ü', 'x:'];
      for (const [index, key] of keys.entries()) await store.set(key, index);
      for (const [index, key] of keys.entries()) expect(await store.get(key)).toBe(index);
      const listed = async (prefix: string) => {
        const found: string[] = [];
        for await (const [key] of store.entries(prefix)) found.push(key);
        return found.sort();
      };
      expect(await listed('x:1')).toEqual(['x:1', 'x:1:y']);
      expect(await listed('x%')).toEqual(['x%']);
      expect(await listed('x_')).toEqual(['x_']);
      expect(await listed('x*')).toEqual(['x*']);
      expect(await listed('x[')).toEqual(['x[1]']);
      expect(await listed('x\\')).toEqual(['x\\']);
      expect(await listed('é')).toEqual(['é:ü']);
    });

    it('lists every entry under a prefix and nothing else, across many pages', async () => {
      for (let i = 0; i < 450; i++) await store.set(`team:T1:link:U${String(i).padStart(4, '0')}`, { i });
      await store.set('team:T12:link:U1', { other: true });
      await store.set('team:T1', 'exact key without the trailing colon');
      const seen = new Map<string, unknown>();
      for await (const [key, value] of store.entries<{ i: number }>('team:T1:')) seen.set(key, value);
      expect(seen.size).toBe(450);
      expect(seen.get('team:T1:link:U0449')).toEqual({ i: 449 });
      expect(seen.has('team:T12:link:U1')).toBe(false);
    });

    it('lets a caller delete entries while walking a listing', async () => {
      for (let i = 0; i < 300; i++) await store.set(`del:${i}`, i);
      let walked = 0;
      for await (const [key] of store.entries('del:')) {
        walked++;
        await store.delete(key);
      }
      expect(walked).toBe(300);
      const left: string[] = [];
      for await (const [key] of store.entries('del:')) left.push(key);
      expect(left).toEqual([]);
    });

    it('expires records after their TTL, in get and in listings', async () => {
      useClock();
      await store.set('short', 'v', ttl);
      await store.set('long', 'v');
      expect(await store.get('short')).toBe('v');
      await expire(ttl * 2);
      expect(await store.get('short')).toBeUndefined();
      expect(await store.get('long')).toBe('v');
      const keys: string[] = [];
      for await (const [key] of store.entries('')) keys.push(key);
      expect(keys).toEqual(['long']);
    });

    it('grants a claim to one caller until it expires or is released', async () => {
      useClock();
      expect(await store.claim('c', ttl)).toBe(true);
      expect(await store.claim('c', ttl)).toBe(false);
      expect(await store.claim('other', ttl)).toBe(true);
      await store.release('c');
      expect(await store.claim('c', ttl)).toBe(true);
      await expire(ttl * 2);
      expect(await store.claim('c', ttl)).toBe(true);
    });

    it('tells whether a live claim holds a key, without claiming it', async () => {
      useClock();
      expect(await store.claimed('q')).toBe(false);
      // Reading claims nothing: the first claim after it still wins.
      expect(await store.claim('q', ttl)).toBe(true);
      expect(await store.claimed('q')).toBe(true);
      expect(await store.claimed('other')).toBe(false);
      await store.release('q');
      expect(await store.claimed('q')).toBe(false);
      expect(await store.claim('q', ttl)).toBe(true);
      await expire(ttl * 2);
      expect(await store.claimed('q')).toBe(false);
      // A record under the same key is not a claim.
      await store.set('q', 'record');
      expect(await store.claimed('q')).toBe(false);
    });

    it('extends a live claim for its holder, and neither a lapsed nor a released one', async () => {
      useClock();
      // Longer on the server's clock: a stall of a loaded machine must not lapse it between steps.
      const beat = options.clock === 'process' ? ttl : 2_000;
      expect(await store.extend('beat', beat)).toBe(false);
      expect(await store.claim('beat', beat)).toBe(true);
      await expire(beat * 0.4);
      expect(await store.extend('beat', beat)).toBe(true);
      // Past the first ttl: only the extension keeps it held.
      await expire(beat * 0.7);
      expect(await store.claimed('beat')).toBe(true);
      expect(await store.claim('beat', beat)).toBe(false);
      await expire(beat * 1.5);
      expect(await store.extend('beat', beat)).toBe(false);
      expect(await store.claimed('beat')).toBe(false);
      expect(await store.claim('beat', beat)).toBe(true);
      await store.release('beat');
      expect(await store.extend('beat', beat)).toBe(false);
      await expect(store.extend('beat', 0)).rejects.toThrow(/TTL/);
    });

    it('grants a claim exactly once among many concurrent callers', async () => {
      const results = await Promise.all(Array.from({ length: 50 }, () => store.claim('race', 60_000)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('keeps claims and records in separate key spaces', async () => {
      expect(await store.claim('shared', 60_000)).toBe(true);
      expect(await store.get('shared')).toBeUndefined();
      await store.set('shared', 'record');
      expect(await store.claim('shared', 60_000)).toBe(false);
      await store.delete('shared');
      expect(await store.claim('shared', 60_000)).toBe(false);
    });

    it('refuses bad keys and TTLs with errors that name the problem', async () => {
      await expect(store.get('')).rejects.toThrow(/non-empty/);
      await expect(store.set('k', 1, -5)).rejects.toThrow(/TTL must be a positive number/);
      await expect(store.set('k', 1, Number.NaN)).rejects.toThrow(/TTL/);
      await expect(store.claim('k', 0)).rejects.toThrow(/TTL/);
      await expect(store.set('k', undefined)).rejects.toThrow(/undefined/);
      await expect(store.get('k'.repeat(2000))).rejects.toThrow(/limit is 1024/);
    });

    it('refuses use after close', async () => {
      await store.close();
      await expect(store.get('a')).rejects.toThrow(/closed/);
      store = await open();
    });
  });
}
