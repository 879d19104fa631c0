/**
 * Reads of the embedded store answered from memory while no other connection has written the file.
 *
 * A command reads several small records (the person's link, the links' stamp, the connection, the
 * view's stamp, whether it is running already); each read is a SQLite statement, and in a request
 * the first costs some 45 µs and each later one 10-20 µs. This connection's own writes update the
 * copies as they are made; another connection's (another process sharing the file, or the file
 * changed by hand) moves SQLite's `PRAGMA data_version`, which is read on a request's first read
 * (read-session.ts) and empties every copy when it moved. So a request reads what SQLite held at
 * its first read, at the cost of one statement rather than one per record; outside a request every
 * read goes to SQLite.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { askInThisRequest } from './read-session.ts';

/** Values longer than this are read from SQLite each time: the copies stay small. */
const MAX_VALUE_CHARS = 4096;
/** Records kept, least recently read dropped first: with MAX_VALUE_CHARS, at most about 8 MB, typically far less. */
const MAX_RECORDS = 1000;

/** Whether another connection has written the file, asked once per request. */
export class OtherWriters {
  readonly #version: StatementSync;
  #seen: unknown;
  #generation = 0;

  constructor(db: DatabaseSync) {
    this.#version = db.prepare('PRAGMA data_version');
  }

  /**
   * A number that moves whenever another connection has committed since the last look, looked at
   * on a request's first read; undefined outside a request, where nothing kept is trusted.
   */
  generation(): number | undefined {
    const ask = askInThisRequest(this);
    if (ask === 'outside') return undefined;
    if (ask === 'first') {
      const version = (this.#version.get() as { data_version: unknown }).data_version;
      if (version !== this.#seen) {
        this.#seen = version;
        this.#generation += 1;
      }
    }
    return this.#generation;
  }
}

export class SqliteReadCache<Row> {
  readonly #others: OtherWriters;
  readonly #rows = new Map<string, Row | null>();
  readonly #size: (row: Row) => number;
  #generation = -1;

  /** @param size a row's length in characters, so that large rows are not kept. */
  constructor(others: OtherWriters, size: (row: Row) => number) {
    this.#others = others;
    this.#size = size;
  }

  /** The copy of key's row (null: known absent), or undefined when none is kept or trusted. */
  read(key: string): Row | null | undefined {
    const generation = this.#others.generation();
    if (generation === undefined) return undefined;
    if (generation !== this.#generation) {
      this.#generation = generation;
      this.#rows.clear();
      return undefined;
    }
    const row = this.#rows.get(key);
    if (row === undefined) return undefined;
    // Least recently read last, so the first key is the one to drop.
    this.#rows.delete(key);
    this.#rows.set(key, row);
    return row;
  }

  /**
   * What this connection just read or wrote for key (null: absent). Kept whatever the request: a
   * later request's first read empties every copy if another connection has written meanwhile.
   */
  keep(key: string, row: Row | null): void {
    this.#rows.delete(key);
    if (row !== null && this.#size(row) > MAX_VALUE_CHARS) return;
    this.#rows.set(key, row);
    if (this.#rows.size > MAX_RECORDS) this.#rows.delete(this.#rows.keys().next().value as string);
  }

  /** After a write whose outcome for key is not known here. */
  drop(key: string): void {
    this.#rows.delete(key);
  }

  /** After a write to many rows at once (a purge, a clear). */
  clear(): void {
    this.#rows.clear();
  }
}
