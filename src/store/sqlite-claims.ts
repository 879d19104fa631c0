import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * Once-only claims in their own table. A claim is one `INSERT ... ON CONFLICT DO UPDATE ... WHERE
 * expired` statement: SQLite runs it atomically under its write lock, so two processes sharing the
 * file can never both win the same live claim.
 */
export class SqliteClaims {
  readonly #now: () => number;
  readonly #claim: StatementSync;
  readonly #release: StatementSync;
  readonly #purge: StatementSync;
  readonly #held: StatementSync;
  readonly #extend: StatementSync;

  /** @param now milliseconds since the epoch. Default: `Date.now`. */
  constructor(db: DatabaseSync, now: () => number) {
    this.#now = now;
    db.exec('CREATE TABLE IF NOT EXISTS claims (key TEXT PRIMARY KEY, expires INTEGER NOT NULL)');
    this.#claim = db.prepare(
      `INSERT INTO claims (key, expires) VALUES (?, ?)
       ON CONFLICT (key) DO UPDATE SET expires = excluded.expires WHERE claims.expires <= ?`,
    );
    this.#release = db.prepare('DELETE FROM claims WHERE key = ?');
    this.#purge = db.prepare('DELETE FROM claims WHERE expires <= ?');
    this.#held = db.prepare('SELECT 1 AS held FROM claims WHERE key = ? AND expires > ?');
    this.#extend = db.prepare('UPDATE claims SET expires = ? WHERE key = ? AND expires > ?');
  }

  claim(key: string, ttlMs: number): boolean {
    const now = this.#now();
    return Number(this.#claim.run(key, now + ttlMs, now).changes) === 1;
  }

  release(key: string): void {
    this.#release.run(key);
  }

  /** Whether a live claim holds key: a read, so no write lock and nothing written. */
  held(key: string): boolean {
    return this.#held.get(key, this.#now()) !== undefined;
  }

  /** Moves a live claim's expiry to ttlMs from now; false when none is live (one statement, atomic). */
  extend(key: string, ttlMs: number): boolean {
    const now = this.#now();
    return Number(this.#extend.run(now + ttlMs, key, now).changes) === 1;
  }

  purgeExpired(): number {
    return Number(this.#purge.run(this.#now()).changes);
  }
}
