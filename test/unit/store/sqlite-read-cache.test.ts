import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { OtherWriters, SqliteReadCache } from '../../../src/store/sqlite-read-cache.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('SqliteReadCache', () => {
  const cache = () =>
    new SqliteReadCache<string>(new OtherWriters(new DatabaseSync(':memory:')), (v) => v.length);

  it('keeps values and known absences, not values too long to keep', () => {
    const c = cache();
    expect(c.read('a')).toBeUndefined();
    c.keep('a', 'x');
    c.keep('gone', null);
    c.keep('big', 'y'.repeat(5000));
    expect(c.read('a')).toBe('x');
    expect(c.read('gone')).toBeNull();
    expect(c.read('big')).toBeUndefined();
    c.drop('a');
    expect(c.read('a')).toBeUndefined();
  });

  it('drops the least recently read record past a thousand', () => {
    const c = cache();
    for (let i = 0; i < 1000; i++) c.keep(`k${i}`, 'v');
    expect(c.read('k0')).toBe('v');
    c.keep('k1000', 'v');
    expect(c.read('k0')).toBe('v');
    expect(c.read('k1')).toBeUndefined();
    expect(c.read('k1000')).toBe('v');
  });

  it('empties when another connection commits, seen from the next turn', async () => {
    const file = `/tmp/read-cache-${process.pid}-${Date.now()}.db`;
    const mine = new DatabaseSync(file);
    const other = new DatabaseSync(file);
    try {
      const c = new SqliteReadCache<string>(new OtherWriters(mine), (v) => v.length);
      c.read('a');
      c.keep('a', 'x');
      expect(c.read('a')).toBe('x');
      mine.exec('CREATE TABLE t (x)');
      await nextTurn();
      // This connection's own commit leaves what it keeps.
      expect(c.read('a')).toBe('x');
      other.exec('INSERT INTO t VALUES (1)');
      // Within the turn the version is not read again.
      expect(c.read('a')).toBe('x');
      await nextTurn();
      expect(c.read('a')).toBeUndefined();
    } finally {
      mine.close();
      other.close();
    }
  });
});
