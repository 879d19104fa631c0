import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Keyv } from 'keyv';
import { type Clock, systemClock } from '../lib/clock.ts';
import { useFastDeserialize } from './keyv-deserialize.ts';
import { createKeyvStore } from './keyv-store.ts';
import { SqliteClaims } from './sqlite-claims.ts';
import { SqliteKeyvAdapter } from './sqlite-keyv-adapter.ts';
import { OtherWriters } from './sqlite-read-cache.ts';
import type { Store } from './types.ts';

/** keyv prefixes every record key with `<namespace>:`. */
export const RECORD_NAMESPACE = 'taskbridge';

/** Options for {@link openSqliteStore}. */
interface SqliteStoreOptions {
  /** How often expired rows are purged, in ms; 0 turns it off. Default: 10 minutes. */
  purgeIntervalMs?: number;
  /** How long a write waits for another process's lock before failing, in ms. Default: 5000. */
  busyTimeoutMs?: number;
  /** The clock that expires records and claims and runs the purge (tests move it). Default: the system clock. */
  clock?: Clock;
}

/** Opens (creating if needed) the embedded store at `path`, or an in-memory one for `':memory:'`. */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): Store {
  const { purgeIntervalMs = 600_000, busyTimeoutMs = 5000, clock = systemClock } = options;
  const now = () => clock.now().getTime();
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  // busy_timeout first, so even switching to WAL waits for another process's lock instead of failing.
  // WAL lets readers go on while another process writes.
  db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;`);
  // Small records read again and again (a command's link, connection, stamps) come from memory
  // while no other connection writes the file: sqlite-read-cache.ts.
  const others = new OtherWriters(db);
  const adapter = new SqliteKeyvAdapter(db, { url: `sqlite:${path}`, clock, others });
  const claims = new SqliteClaims(db, now, others);
  const keyv = new Keyv({ store: adapter, namespace: RECORD_NAMESPACE, throwOnErrors: true });
  // Failures are thrown to the caller (throwOnErrors); the listener only keeps keyv's emitter quiet.
  keyv.on('error', () => {});
  useFastDeserialize(keyv);
  const purge = (): void => {
    adapter.purgeExpired();
    claims.purgeExpired();
  };
  purge();
  const timer = purgeIntervalMs > 0 ? clock.every(purgeIntervalMs, purge).unref() : undefined;
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
    async claimed(key) {
      return claims.held(key);
    },
    async extend(key, ttlMs) {
      return claims.extend(key, ttlMs);
    },
    async close() {
      timer?.cancel();
      db.close();
    },
  });
}
