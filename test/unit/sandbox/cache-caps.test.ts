import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RowJsonCache } from '../../../src/sandbox/db/row-json-cache.ts';
import { SandboxDb } from '../../../src/sandbox/db/sandbox-db.ts';
import { ResponseCache } from '../../../src/sandbox/http/response-cache.ts';

let db: SandboxDb;
beforeEach(() => {
  db = new SandboxDb(':memory:');
});
afterEach(() => db.close());

// Distinct list pages, as bench/sandbox-throughput.ts `distinct` sends them: every key is new.
describe('the sandbox caches under many distinct keys', () => {
  it('keeps the answer cache within its byte cap and still answers the latest page', () => {
    const cap = 64 * 1024;
    const cache = new ResponseCache(db, cap);
    let peak = 0;
    for (let page = 1; page <= 5_000; page++) {
      const key = `1 /api/projects/1/tasks?per_page=100&page=${page}`;
      expect(cache.get(key)).toBeUndefined();
      cache.set(key, Buffer.alloc(1_000 + (page % 7) * 100, page % 256));
      peak = Math.max(peak, cache.bytes);
      expect(cache.get(key)?.[0]).toBe(page % 256);
    }
    expect(peak).toBeLessThanOrEqual(cap);
    expect(peak).toBeGreaterThan(cap / 2);
  });

  it('keeps the row JSON cache within its cap over pages of new ids', () => {
    const cap = 32 * 1024;
    const cache = new RowJsonCache(db, cap);
    let peak = 0;
    for (let page = 0; page < 2_000; page++) {
      const ids = Array.from({ length: 100 }, (_, i) => page * 100 + i + 1);
      const rows = cache.rows(ids, (missing) =>
        missing.map((id) => [id, JSON.stringify({ id, title: `Task ${id}` })]),
      );
      expect(rows).toHaveLength(100);
      expect(JSON.parse(rows[99] ?? '').id).toBe(ids[99]);
      peak = Math.max(peak, cache.bytes);
    }
    expect(peak).toBeLessThanOrEqual(cap);
    expect(peak).toBeGreaterThan(cap / 2);
  });
});
