import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { CountCache } from './count-cache.ts';
import { RowJsonCache } from './row-json-cache.ts';
import { SCHEMA_SQL, TABLES } from './schema.ts';

export type SqlParams = Record<string, SQLInputValue> | readonly SQLInputValue[];

/**
 * The sandbox's SQLite database: one connection, prepared statements cached by their text (the
 * handlers' SQL is a small fixed set, so preparing it once per process is what keeps a list request
 * cheap), and transactions that roll back on any throw so a rejected write leaves no trace.
 */
export class SandboxDb {
  readonly raw: DatabaseSync;
  /** Totals for list envelopes, valid until the next write. */
  readonly counts: CountCache;
  /** Task records as JSON text, valid until the next write. */
  readonly rowJson: RowJsonCache;
  readonly #statements = new Map<string, StatementSync>();

  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.raw = new DatabaseSync(path);
    // WAL lets readers (another CLI process minting a token) work beside the server; NORMAL is safe
    // with WAL and avoids an fsync per write.
    this.raw.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL;
      PRAGMA foreign_keys = ON;
      PRAGMA busy_timeout = 5000;
      PRAGMA temp_store = MEMORY;
    `);
    this.raw.exec(SCHEMA_SQL);
    this.counts = new CountCache(this);
    this.rowJson = new RowJsonCache(this);
  }

  statement(sql: string): StatementSync {
    let stmt = this.#statements.get(sql);
    if (!stmt) {
      stmt = this.raw.prepare(sql);
      this.#statements.set(sql, stmt);
    }
    return stmt;
  }

  all<T>(sql: string, params: SqlParams = []): T[] {
    return this.#call(sql, params, 'all') as T[];
  }

  /**
   * Rows as arrays in column order: for the hot list queries, where building an object per row
   * costs more than the query itself.
   */
  allArrays<T extends readonly unknown[]>(sql: string, params: SqlParams = []): T[] {
    const key = `arrays:${sql}`;
    let stmt = this.#statements.get(key);
    if (!stmt) {
      stmt = this.raw.prepare(sql);
      stmt.setReturnArrays(true);
      this.#statements.set(key, stmt);
    }
    if (Array.isArray(params)) return stmt.all(...(params as SQLInputValue[])) as unknown as T[];
    return stmt.all(params as Record<string, SQLInputValue>) as unknown as T[];
  }

  get<T>(sql: string, params: SqlParams = []): T | undefined {
    return this.#call(sql, params, 'get') as T | undefined;
  }

  run(sql: string, params: SqlParams = []): { changes: number; lastInsertRowid: number } {
    const result = this.#call(sql, params, 'run') as {
      changes: number | bigint;
      lastInsertRowid: number | bigint;
    };
    return { changes: Number(result.changes), lastInsertRowid: Number(result.lastInsertRowid) };
  }

  /** Runs `fn` in a transaction; any throw rolls everything back and is rethrown. Nested calls join the outer one. */
  transaction<T>(fn: () => T): T {
    if (this.raw.isTransaction) return fn();
    this.raw.exec('BEGIN IMMEDIATE');
    try {
      const result = fn();
      this.raw.exec('COMMIT');
      return result;
    } catch (err) {
      this.raw.exec('ROLLBACK');
      throw err;
    }
  }

  /**
   * Changes whenever the data may have: SQLite's `total_changes()` moves on every insert, update or
   * delete through this connection (a rolled-back one too, which only costs a recomputation), and
   * `data_version` when another connection (the CLI minting a token) commits to the same file.
   * Caches of derived answers stay valid while it stays the same.
   */
  generation(): string {
    const row = this.get<{ c: number; v: number }>(
      'SELECT total_changes() AS c, data_version AS v FROM pragma_data_version',
    );
    return `${row?.c}:${row?.v}`;
  }

  /** Empties every table (ids restart at 1), for a re-seed. */
  clear(): void {
    this.transaction(() => {
      for (const table of TABLES) this.raw.exec(`DELETE FROM ${table}`);
      // Ids are AUTOINCREMENT (never reused after a delete, as a real service); restart them too.
      this.raw.exec('DELETE FROM sqlite_sequence');
    });
  }

  isEmpty(): boolean {
    return this.get<{ n: number }>('SELECT count(*) AS n FROM members')?.n === 0;
  }

  close(): void {
    this.#statements.clear();
    if (this.raw.isOpen) this.raw.close();
  }

  #call(sql: string, params: SqlParams, method: 'all' | 'get' | 'run'): unknown {
    const stmt = this.statement(sql);
    if (Array.isArray(params)) return stmt[method](...(params as SQLInputValue[]));
    return stmt[method](params as Record<string, SQLInputValue>);
  }
}
