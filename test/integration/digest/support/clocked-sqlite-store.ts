/**
 * The app's SQLite store with claim and record expiry read from a test clock, so a claim left behind
 * by a crashed runner expires without the test sleeping for its TTL.
 */
import type { Clock } from '../../../../src/lib/clock.ts';
import { openSqliteStore } from '../../../../src/store/sqlite-store.ts';
import type { Store } from '../../../../src/store/types.ts';

/** Opens the store at `path` (a file shared by several "processes", or ':memory:'). */
export function openClockedSqliteStore(path: string, clock: Clock): Store {
  return openSqliteStore(path, { clock, purgeIntervalMs: 0 });
}
