import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RowJsonCache } from '../../../src/sandbox/db/row-json-cache.ts';
import { SandboxDb } from '../../../src/sandbox/db/sandbox-db.ts';

let db: SandboxDb;
beforeEach(() => {
  db = new SandboxDb(':memory:');
});
afterEach(() => db.close());

/** A builder that says what it was asked for and serialises an id as `{"id":N,"v":version}`. */
function builder(version: { v: number }) {
  const asked: number[][] = [];
  const build = (ids: number[]) => {
    asked.push(ids);
    return ids.map((id): [number, string] => [id, `{"id":${id},"v":${version.v}}`]);
  };
  return { asked, build };
}

describe('RowJsonCache', () => {
  it('builds each row once, keeps the order asked for, and builds only what it lacks', () => {
    const cache = new RowJsonCache(db);
    const { asked, build } = builder({ v: 1 });
    expect(cache.rows([3, 1], build)).toEqual(['{"id":3,"v":1}', '{"id":1,"v":1}']);
    expect(cache.rows([1, 2, 3], build)).toEqual(['{"id":1,"v":1}', '{"id":2,"v":1}', '{"id":3,"v":1}']);
    expect(asked).toEqual([[3, 1], [2]]);
  });

  it('builds again after any write to the database, so a row is never stale', () => {
    const cache = new RowJsonCache(db);
    const version = { v: 1 };
    const { build } = builder(version);
    cache.rows([1], build);
    version.v = 2;
    expect(cache.rows([1], build)).toEqual(['{"id":1,"v":1}']);
    db.run("INSERT INTO members (name, email) VALUES ('X', 'x@example.com')");
    expect(cache.rows([1], build)).toEqual(['{"id":1,"v":2}']);
  });

  it('starts over rather than hold more than its cap', () => {
    const cache = new RowJsonCache(db, 40);
    const { asked, build } = builder({ v: 1 });
    cache.rows([1, 2], build);
    cache.rows([3, 4], build);
    cache.rows([1], build);
    expect(asked).toEqual([[1, 2], [3, 4], [1]]);
  });
});
