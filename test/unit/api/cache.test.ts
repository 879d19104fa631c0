import { describe, expect, it } from 'vitest';
import { createCachedReads, createMemoryReadCache } from '../../../src/api/cache.ts';
import { ManualClock } from '../../../src/lib/manual-clock.ts';

describe('memory read cache', () => {
  it('answers until the TTL runs out', async () => {
    const clock = new ManualClock();
    const cache = createMemoryReadCache({ clock });
    await cache.set('k', { a: 1 }, 30_000, []);
    await clock.advance(29_999);
    expect(await cache.get('k')).toEqual({ a: 1 });
    await clock.advance(1);
    expect(await cache.get('k')).toBeUndefined();
  });

  it('drops entries by tag', async () => {
    const cache = createMemoryReadCache({ clock: new ManualClock() });
    await cache.set('a', 1, 60_000, ['projects']);
    await cache.set('b', 2, 60_000, ['project-members:1']);
    await cache.invalidate(['projects']);
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('b')).toBe(2);
  });

  it('hands out copies, so a caller that edits a record changes nothing for the next', async () => {
    const cache = createMemoryReadCache({ clock: new ManualClock() });
    const value = { name: 'Website' };
    await cache.set('k', value, 60_000, []);
    value.name = 'edited before';
    const got = (await cache.get('k')) as { name: string };
    got.name = 'edited after';
    expect(await cache.get('k')).toEqual({ name: 'Website' });
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = createMemoryReadCache({ clock: new ManualClock(), maxEntries: 2 });
    for (const k of ['a', 'b', 'c']) await cache.set(k, k, 60_000, []);
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('c')).toBe('c');
  });
});

describe("a client's cached reads", () => {
  it('shares one load among concurrent identical reads', async () => {
    const reads = createCachedReads(createMemoryReadCache({ clock: new ManualClock() }), 'tok');
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setImmediate(r));
      return { n: loads };
    };
    const got = await Promise.all([1, 2, 3].map(() => reads.read('k', 60_000, [], load)));
    expect(got).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    expect(loads).toBe(1);
  });

  it('does not store a read that was loading while a write invalidated', async () => {
    const reads = createCachedReads(createMemoryReadCache({ clock: new ManualClock() }), 'tok');
    let release!: () => void;
    const slow = reads.read('k', 60_000, ['projects'], async () => {
      await new Promise<void>((r) => {
        release = r;
      });
      return 'before the write';
    });
    await new Promise((r) => setImmediate(r));
    await reads.invalidate(['projects']);
    release();
    expect(await slow).toBe('before the write');
    expect(await reads.read('k', 60_000, ['projects'], async () => 'after the write')).toBe(
      'after the write',
    );
  });

  it('keys entries by token', async () => {
    const cache = createMemoryReadCache({ clock: new ManualClock() });
    await createCachedReads(cache, 'ana').read('k', 60_000, [], async () => 'ana');
    expect(await createCachedReads(cache, 'eve').read('k', 60_000, [], async () => 'eve')).toBe('eve');
  });
});
