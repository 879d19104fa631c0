import { EventEmitter } from 'node:events';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { KeyvStoreAdapter, StoredData } from 'keyv';
import { type Clock, systemClock } from '../lib/clock.ts';
import { type OtherWriters, SqliteReadCache } from './sqlite-read-cache.ts';

/** Rows read per query when listing, so a listing never holds a cursor open across awaits. */
const PAGE_SIZE = 200;
/** SQLite's default cap on bound parameters is 32766; stay far below it. */
const MAX_KEYS_PER_QUERY = 500;
/** Sorts after any character a key can hold, so `[prefix, prefix + HIGHEST)` covers every key with that prefix. */
const HIGHEST = '\u{10FFFF}';

type Row = { key: string; value: string; expires: number | null };

/** Options for {@link SqliteKeyvAdapter}. */
interface SqliteKeyvAdapterOptions {
  /** Name shown in `opts.url` for diagnostics. Default: `'sqlite::memory:'`. */
  url?: string;
  /** The clock that expiry is read by (tests move it). Default: the system clock. */
  clock?: Clock;
  /** Keeps read rows in memory while no other connection writes the file (sqlite-read-cache.ts). Default: none kept. */
  others?: OtherWriters;
}

/**
 * A keyv storage adapter over Node's built-in `node:sqlite`, so the embedded store needs no native
 * build. Rows live in `keyv(key TEXT PRIMARY KEY, value TEXT, expires INTEGER)`; `expires` mirrors
 * the TTL keyv puts inside the value so expired rows can be skipped and purged in SQL.
 */
export class SqliteKeyvAdapter extends EventEmitter implements KeyvStoreAdapter {
  /** `dialect: 'sqlite'` is how keyv recognises an adapter whose `iterator` it may use. */
  readonly opts: { dialect: 'sqlite'; url: string };
  namespace?: string | undefined;
  readonly #db: DatabaseSync;
  readonly #now: () => number;
  readonly #cache: SqliteReadCache<Row> | undefined;
  readonly #statements: {
    get: StatementSync;
    set: StatementSync;
    delete: StatementSync;
    firstPage: StatementSync;
    nextPage: StatementSync;
    purge: StatementSync;
    clearAll: StatementSync;
    clearRange: StatementSync;
  };

  constructor(db: DatabaseSync, options: SqliteKeyvAdapterOptions = {}) {
    super();
    this.#db = db;
    const clock = options.clock ?? systemClock;
    this.#now = () => clock.now().getTime();
    this.opts = { dialect: 'sqlite', url: options.url ?? 'sqlite::memory:' };
    this.#cache = options.others && new SqliteReadCache<Row>(options.others, (row) => row.value.length);
    db.exec(`CREATE TABLE IF NOT EXISTS keyv (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires INTEGER);
      CREATE INDEX IF NOT EXISTS keyv_expires ON keyv (expires) WHERE expires IS NOT NULL;`);
    this.#statements = {
      get: db.prepare('SELECT key, value, expires FROM keyv WHERE key = ?'),
      set: db.prepare(
        `INSERT INTO keyv (key, value, expires) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires = excluded.expires`,
      ),
      delete: db.prepare('DELETE FROM keyv WHERE key = ?'),
      firstPage: db.prepare(
        `SELECT key, value, expires FROM keyv
         WHERE key >= ? AND key < ? AND substr(key, 1, length(?)) = ? AND (expires IS NULL OR expires > ?)
         ORDER BY key LIMIT ${PAGE_SIZE}`,
      ),
      nextPage: db.prepare(
        `SELECT key, value, expires FROM keyv
         WHERE key > ? AND key < ? AND substr(key, 1, length(?)) = ? AND (expires IS NULL OR expires > ?)
         ORDER BY key LIMIT ${PAGE_SIZE}`,
      ),
      purge: db.prepare('DELETE FROM keyv WHERE expires IS NOT NULL AND expires <= ?'),
      clearAll: db.prepare('DELETE FROM keyv'),
      clearRange: db.prepare('DELETE FROM keyv WHERE key >= ? AND key < ? AND substr(key, 1, length(?)) = ?'),
    };
  }

  async get<Value>(key: string): Promise<StoredData<Value> | undefined> {
    const row = this.#read(key);
    if (row === undefined) return undefined;
    if (this.#expired(row)) {
      this.#statements.delete.run(key);
      this.#cache?.keep(key, null);
      return undefined;
    }
    return row.value as StoredData<Value>;
  }

  async set(key: string, value: unknown, ttl?: number): Promise<boolean> {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const expires = typeof ttl === 'number' && ttl > 0 ? this.#now() + ttl : null;
    this.#statements.set.run(key, text, expires);
    this.#cache?.keep(key, { key, value: text, expires });
    return true;
  }

  async delete(key: string): Promise<boolean> {
    const changes = Number(this.#statements.delete.run(key).changes);
    this.#cache?.keep(key, null);
    return changes > 0;
  }

  /** Clears this adapter's namespace only (or everything when it has none), as keyv adapters do. */
  async clear(): Promise<void> {
    this.#cache?.clear();
    if (this.namespace === undefined || this.namespace === '') {
      this.#statements.clearAll.run();
      return;
    }
    const prefix = `${this.namespace}:`;
    this.#statements.clearRange.run(prefix, prefix + HIGHEST, prefix, prefix);
  }

  async has(key: string): Promise<boolean> {
    return (await this.get(key)) !== undefined;
  }

  async getMany<Value>(keys: string[]): Promise<Array<StoredData<Value | undefined>>> {
    const found = new Map<string, string>();
    for (const chunk of chunks(keys, MAX_KEYS_PER_QUERY)) {
      const placeholders = chunk.map(() => '?').join(', ');
      const rows = this.#db
        .prepare(`SELECT key, value, expires FROM keyv WHERE key IN (${placeholders})`)
        .all(...chunk) as Row[];
      for (const row of rows) if (!this.#expired(row)) found.set(row.key, row.value);
    }
    return keys.map((key) => found.get(key) as StoredData<Value | undefined>);
  }

  async deleteMany(keys: string[]): Promise<boolean> {
    this.#cache?.clear();
    let changes = 0;
    for (const chunk of chunks(keys, MAX_KEYS_PER_QUERY)) {
      const placeholders = chunk.map(() => '?').join(', ');
      changes += Number(
        this.#db.prepare(`DELETE FROM keyv WHERE key IN (${placeholders})`).run(...chunk).changes,
      );
    }
    return changes > 0;
  }

  /** keyv's listing hook: every live `[key, raw value]` in the namespace, keys still prefixed. */
  async *iterator<Value>(
    namespace?: string,
  ): AsyncGenerator<Array<string | Awaited<Value> | undefined>, void> {
    const prefix = namespace ? `${namespace}:` : '';
    for await (const [key, value] of this.scan(prefix)) yield [key, value as Awaited<Value>];
  }

  /**
   * Every live `[key, raw value]` whose stored key starts with prefix, in key order. Reads in pages
   * keyed on the last key seen, so entries may be deleted while the caller walks the listing.
   */
  async *scan(prefix: string): AsyncGenerator<[key: string, value: string], void> {
    const end = prefix + HIGHEST;
    let rows = this.#statements.firstPage.all(prefix, end, prefix, prefix, this.#now()) as Row[];
    for (;;) {
      for (const row of rows) yield [row.key, row.value];
      if (rows.length < PAGE_SIZE) return;
      const last = rows[rows.length - 1]!.key;
      rows = this.#statements.nextPage.all(last, end, prefix, prefix, this.#now()) as Row[];
    }
  }

  /** Deletes every expired row; returns how many went. */
  purgeExpired(): number {
    this.#cache?.clear();
    return Number(this.#statements.purge.run(this.#now()).changes);
  }

  async disconnect(): Promise<void> {
    // The database belongs to whoever opened it; the adapter only stops using it.
  }

  /** key's row from the copies kept, else from SQLite (and kept). */
  #read(key: string): Row | undefined {
    const kept = this.#cache?.read(key);
    if (kept !== undefined) return kept ?? undefined;
    const row = this.#statements.get.get(key) as Row | undefined;
    this.#cache?.keep(key, row ?? null);
    return row;
  }

  #expired(row: Row): boolean {
    return row.expires !== null && row.expires <= this.#now();
  }
}

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
