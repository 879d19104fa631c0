import { DatabaseSync } from 'node:sqlite';
import { Keyv } from 'keyv';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SqliteKeyvAdapter } from '../../../src/store/sqlite-keyv-adapter.ts';

// Checks in the spirit of @keyv/test-suite: the adapter must behave like any keyv storage adapter.
describe('SqliteKeyvAdapter under keyv', () => {
  let db: DatabaseSync;
  let keyv: Keyv;
  let adapter: SqliteKeyvAdapter;
  const makeKeyv = (namespace: string) => {
    const instance = new Keyv({ store: new SqliteKeyvAdapter(db), namespace, throwOnErrors: true });
    instance.on('error', () => {});
    return instance;
  };

  beforeEach(() => {
    db = new DatabaseSync(':memory:');
    adapter = new SqliteKeyvAdapter(db);
    keyv = new Keyv({ store: adapter, namespace: 'ns', throwOnErrors: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    db.close();
  });

  it('is recognised by keyv as an iterable adapter', () => {
    expect(typeof keyv.iterator).toBe('function');
  });

  it('sets, gets, overwrites and deletes', async () => {
    expect(await keyv.get('missing')).toBeUndefined();
    expect(await keyv.set('foo', 'bar')).toBe(true);
    expect(await keyv.get('foo')).toBe('bar');
    await keyv.set('foo', { deep: [1, 2] });
    expect(await keyv.get('foo')).toEqual({ deep: [1, 2] });
    expect(await keyv.delete('foo')).toBe(true);
    expect(await keyv.delete('foo')).toBe(false);
  });

  it('round-trips values keyv serialises specially', async () => {
    await keyv.set('buffer', Buffer.from('héllo'));
    expect(Buffer.from((await keyv.get('buffer')) as Buffer).toString()).toBe('héllo');
    await keyv.set('empty', '');
    expect(await keyv.get('empty')).toBe('');
  });

  it('answers has, getMany (in key order, holes for misses) and deleteMany', async () => {
    await keyv.set('a', 1);
    await keyv.set('c', 3);
    expect(await keyv.has('a')).toBe(true);
    expect(await keyv.has('b')).toBe(false);
    expect(await keyv.getMany(['c', 'b', 'a'])).toEqual([3, undefined, 1]);
    expect(await keyv.deleteMany(['a', 'c'])).toBe(true);
    expect(await keyv.getMany(['a', 'c'])).toEqual([undefined, undefined]);
    expect(await keyv.deleteMany(['a'])).toBe(false);
  });

  it('handles getMany beyond one query chunk', async () => {
    const keys = Array.from({ length: 1200 }, (_, i) => `k${i}`);
    await keyv.setMany(keys.map((key, i) => ({ key, value: i })));
    const values = await keyv.getMany(keys);
    expect(values).toEqual(keys.map((_, i) => i));
  });

  it('expires values by TTL through keyv and through the adapter', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T00:00:00Z') });
    await keyv.set('ttl', 'v', 1000);
    vi.setSystemTime(Date.now() + 999);
    expect(await keyv.get('ttl')).toBe('v');
    vi.setSystemTime(Date.now() + 2);
    expect(await adapter.get('ns:ttl')).toBeUndefined();
    expect(await keyv.has('ttl')).toBe(false);
  });

  it('purges expired rows in SQL', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T00:00:00Z') });
    await keyv.set('old', 1, 10);
    await keyv.set('kept', 2);
    vi.setSystemTime(Date.now() + 20);
    expect(adapter.purgeExpired()).toBe(1);
    expect((db.prepare('SELECT count(*) AS n FROM keyv').get() as { n: number }).n).toBe(1);
  });

  it('clears its own namespace only', async () => {
    const other = makeKeyv('other');
    await keyv.set('a', 1);
    await other.set('a', 2);
    await keyv.clear();
    expect(await keyv.get('a')).toBeUndefined();
    expect(await other.get('a')).toBe(2);
  });

  it("iterates its namespace's live entries, unprefixed", async () => {
    const other = makeKeyv('other');
    await keyv.set('x', 1);
    await keyv.set('y:z', 2);
    await other.set('x', 'not mine');
    const seen: Array<[string, unknown]> = [];
    for await (const entry of keyv.iterator!(undefined)) seen.push(entry as [string, unknown]);
    expect(seen.sort()).toEqual([
      ['x', 1],
      ['y:z', 2],
    ]);
  });

  it('keeps the table layout other tools can read', () => {
    const columns = db.prepare('PRAGMA table_info(keyv)').all() as Array<{ name: string; type: string }>;
    expect(columns.map((column) => `${column.name} ${column.type}`)).toEqual([
      'key TEXT',
      'value TEXT',
      'expires INTEGER',
    ]);
  });
});
