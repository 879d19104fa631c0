import { EventEmitter } from 'node:events';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { inReadSession } from '../../../src/store/read-session.ts';
import { OtherWriters, SqliteReadCache } from '../../../src/store/sqlite-read-cache.ts';

/** Runs `work` as one request, whose response is then sent. */
function asRequest<T>(work: () => T): T {
  const res = new EventEmitter();
  const result = inReadSession(res, work);
  res.emit('finish');
  return result;
}

describe('SqliteReadCache', () => {
  const cache = () =>
    new SqliteReadCache<string>(new OtherWriters(new DatabaseSync(':memory:')), (v) => v.length);

  it('keeps values and known absences within requests, not values too long to keep', () => {
    const c = cache();
    asRequest(() => {
      expect(c.read('a')).toBeUndefined();
      c.keep('a', 'x');
      c.keep('gone', null);
      c.keep('big', 'y'.repeat(5000));
    });
    asRequest(() => {
      expect(c.read('a')).toBe('x');
      expect(c.read('gone')).toBeNull();
      expect(c.read('big')).toBeUndefined();
      c.drop('a');
      expect(c.read('a')).toBeUndefined();
    });
  });

  it('trusts nothing kept outside a request', () => {
    const c = cache();
    asRequest(() => c.read('a'));
    c.keep('a', 'x');
    expect(c.read('a')).toBeUndefined();
    expect(asRequest(() => c.read('a'))).toBe('x');
  });

  it('drops the least recently read record past a thousand', () => {
    const c = cache();
    asRequest(() => {
      c.read('k0');
      for (let i = 0; i < 1000; i++) c.keep(`k${i}`, 'v');
      expect(c.read('k0')).toBe('v');
      c.keep('k1000', 'v');
      expect(c.read('k0')).toBe('v');
      expect(c.read('k1')).toBeUndefined();
      expect(c.read('k1000')).toBe('v');
    });
  });

  it('empties when another connection has committed, seen on a request’s first read', () => {
    const file = `/tmp/read-cache-${process.pid}-${Date.now()}.db`;
    const mine = new DatabaseSync(file);
    const other = new DatabaseSync(file);
    try {
      const c = new SqliteReadCache<string>(new OtherWriters(mine), (v) => v.length);
      asRequest(() => {
        c.read('a');
        c.keep('a', 'x');
        mine.exec('CREATE TABLE t (x)');
      });
      // This connection's own commit leaves what it keeps.
      asRequest(() => {
        expect(c.read('a')).toBe('x');
        other.exec('INSERT INTO t VALUES (1)');
        // Within the request the version is not read again: it reads as of its first read.
        expect(c.read('a')).toBe('x');
      });
      asRequest(() => expect(c.read('a')).toBeUndefined());
    } finally {
      mine.close();
      other.close();
    }
  });
});
