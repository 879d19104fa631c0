import { describe, expect, it } from 'vitest';
import { createMemoryReadCache } from '../../../src/api/cache.ts';
import { FakeClock } from './support/fake-clock.ts';

describe('memory read cache', () => {
  it('answers until the TTL runs out', async () => {
    const clock = new FakeClock();
    const cache = createMemoryReadCache({ clock });
    await cache.set('k', { a: 1 }, 30_000, []);
    await clock.advance(29_999);
    expect(await cache.get('k')).toEqual({ a: 1 });
    await clock.advance(1);
    expect(await cache.get('k')).toBeUndefined();
  });

  it('drops entries by tag', async () => {
    const cache = createMemoryReadCache({ clock: new FakeClock() });
    await cache.set('a', 1, 60_000, ['projects']);
    await cache.set('b', 2, 60_000, ['project-members:1']);
    await cache.invalidate(['projects']);
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('b')).toBe(2);
  });

  it('hands out copies, so a caller that edits a record changes nothing for the next', async () => {
    const cache = createMemoryReadCache({ clock: new FakeClock() });
    const value = { name: 'Website' };
    await cache.set('k', value, 60_000, []);
    value.name = 'edited before';
    const got = (await cache.get('k')) as { name: string };
    got.name = 'edited after';
    expect(await cache.get('k')).toEqual({ name: 'Website' });
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = createMemoryReadCache({ clock: new FakeClock(), maxEntries: 2 });
    for (const k of ['a', 'b', 'c']) await cache.set(k, k, 60_000, []);
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('c')).toBe('c');
  });
});
