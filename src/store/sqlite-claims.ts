import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { type OtherWriters, SqliteReadCache } from './sqlite-read-cache.ts';

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
  /** Each claim's expiry (null: none) as last read or written, while no other connection writes. */
  readonly #cache: SqliteReadCache<number> | undefined;

  /**
   * @param now milliseconds since the epoch. Default: `Date.now`.
   * @param others keeps what `held` reads in memory while no other connection writes the file.
   */
  constructor(db: DatabaseSync, now: () => number, others?: OtherWriters) {
    this.#now = now;
    this.#cache = others && new SqliteReadCache<number>(others, () => 0);
    db.exec('CREATE TABLE IF NOT EXISTS claims (key TEXT PRIMARY KEY, expires INTEGER NOT NULL)');
    this.#claim = db.prepare(
      `INSERT INTO claims (key, expires) VALUES (?, ?)
       ON CONFLICT (key) DO UPDATE SET expires = excluded.expires WHERE claims.expires <= ?`,
    );
    this.#release = db.prepare('DELETE FROM claims WHERE key = ?');
    this.#purge = db.prepare('DELETE FROM claims WHERE expires <= ?');
    this.#held = db.prepare('SELECT expires FROM claims WHERE key = ?');
    this.#extend = db.prepare('UPDATE claims SET expires = ? WHERE key = ? AND expires > ?');
  }

  claim(key: string, ttlMs: number): boolean {
    const now = this.#now();
    const won = Number(this.#claim.run(key, now + ttlMs, now).changes) === 1;
    // Lost: another's live claim, whose expiry is not known here.
    if (won) this.#cache?.keep(key, now + ttlMs);
    else this.#cache?.drop(key);
    return won;
  }

  release(key: string): void {
    this.#release.run(key);
    this.#cache?.keep(key, null);
  }

  /** Whether a live claim holds key: a read, so no write lock and nothing written. */
  held(key: string): boolean {
    let expires = this.#cache?.read(key);
    if (expires === undefined) {
      expires = (this.#held.get(key) as { expires: number } | undefined)?.expires ?? null;
      this.#cache?.keep(key, expires);
    }
    return expires !== null && expires > this.#now();
  }

  /** Moves a live claim's expiry to ttlMs from now; false when none is live (one statement, atomic). */
  extend(key: string, ttlMs: number): boolean {
    const now = this.#now();
    const extended = Number(this.#extend.run(now + ttlMs, key, now).changes) === 1;
    // Not extended: no live claim, so none is held.
    this.#cache?.keep(key, extended ? now + ttlMs : null);
    return extended;
  }

  purgeExpired(): number {
    this.#cache?.clear();
    return Number(this.#purge.run(this.#now()).changes);
  }
}
