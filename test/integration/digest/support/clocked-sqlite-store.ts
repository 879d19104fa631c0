/**
 * The app's SQLite store, assembled from its real parts, with claim and record expiry read from a
 * test clock: `openSqliteStore` reads the wall clock, and a claim left behind by a crashed runner
 * must expire without the test sleeping for its TTL.
 */
import { DatabaseSync } from 'node:sqlite';
import { Keyv } from 'keyv';
import { createKeyvStore } from '../../../../src/store/keyv-store.ts';
import { SqliteClaims } from '../../../../src/store/sqlite-claims.ts';
import { SqliteKeyvAdapter } from '../../../../src/store/sqlite-keyv-adapter.ts';
import { RECORD_NAMESPACE } from '../../../../src/store/sqlite-store.ts';
import type { Store } from '../../../../src/store/types.ts';

/** Opens the store at `path` (a file shared by several "processes", or ':memory:'). */
export function openClockedSqliteStore(path: string, now: () => number): Store {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;');
  const adapter = new SqliteKeyvAdapter(db, { url: `sqlite:${path}`, now });
  const claims = new SqliteClaims(db, now);
  const keyv = new Keyv({ store: adapter, namespace: RECORD_NAMESPACE, throwOnErrors: true });
  keyv.on('error', () => {});
  const prefix = `${RECORD_NAMESPACE}:`;
  return createKeyvStore(keyv, {
    async *scan(logicalPrefix) {
      for await (const [key, raw] of adapter.scan(prefix + logicalPrefix))
        yield [key.slice(prefix.length), raw];
    },
    async claim(key, ttlMs) {
      return claims.claim(key, ttlMs);
    },
    async release(key) {
      claims.release(key);
    },
    async close() {
      db.close();
    },
  });
}
