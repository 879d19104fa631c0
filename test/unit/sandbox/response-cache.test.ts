import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SandboxDb } from '../../../src/sandbox/db/sandbox-db.ts';
import { ResponseCache } from '../../../src/sandbox/http/response-cache.ts';

let db: SandboxDb;
beforeEach(() => {
  db = new SandboxDb(':memory:');
});
afterEach(() => db.close());

describe('ResponseCache', () => {
  it('answers what it was given until the database changes', () => {
    const cache = new ResponseCache(db);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', Buffer.from('one'));
    expect(cache.get('a')?.toString()).toBe('one');
    expect(cache.get('b')).toBeUndefined();
    db.run("INSERT INTO members (name, email) VALUES ('X', 'x@example.com')");
    expect(cache.get('a')).toBeUndefined();
  });

  it('treats a rolled-back write as a change (a recomputation, never a stale answer)', () => {
    const cache = new ResponseCache(db);
    cache.get('a');
    cache.set('a', Buffer.from('one'));
    expect(() =>
      db.transaction(() => {
        db.run("INSERT INTO members (name, email) VALUES ('X', 'x@example.com')");
        throw new Error('abort');
      }),
    ).toThrow('abort');
    expect(cache.get('a')).toBeUndefined();
  });

  it('starts over when full', () => {
    const cache = new ResponseCache(db, 10);
    cache.get('a');
    cache.set('a', Buffer.alloc(6));
    cache.set('b', Buffer.alloc(6));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.length).toBe(6);
  });
});
