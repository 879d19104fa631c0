import type { SandboxDb } from './sandbox-db.ts';

/** Bytes of row JSON kept at most; past it the cache starts over. Counted in the RSS bound (http/response-cache.ts). */
export const ROW_JSON_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Each task's record as JSON text, built once (by SQLite) and reused until the database next
 * changes (`SandboxDb.generation`), like the list totals of CountCache: a record depends only on
 * rows of the database (the task, its status, its assignees' and creator's names), so it is never
 * stale. A list page then costs a query for its ids; its records are built only the first time.
 */
export class RowJsonCache {
  readonly #db: SandboxDb;
  readonly #maxBytes: number;
  #generation = '';
  #bytes = 0;
  readonly #rows = new Map<number, string>();

  constructor(db: SandboxDb, maxBytes = ROW_JSON_CACHE_MAX_BYTES) {
    this.#db = db;
    this.#maxBytes = maxBytes;
  }

  /** Characters of row JSON held now (never above the cap). */
  get bytes(): number {
    return this.#bytes;
  }

  /** The JSON of each id, in order; `build` serialises the ids not yet known (in any order, with their id). */
  rows(ids: readonly number[], build: (ids: number[]) => Array<[id: number, json: string]>): string[] {
    const generation = this.#db.generation();
    if (generation !== this.#generation) this.#clear(generation);
    const missing = ids.filter((id) => !this.#rows.has(id));
    if (missing.length > 0) {
      const built = build(missing);
      if (this.#bytes + built.reduce((n, [, json]) => n + json.length, 0) > this.#maxBytes) {
        this.#clear(generation);
      }
      for (const [id, json] of built) {
        this.#rows.set(id, json);
        this.#bytes += json.length;
      }
    }
    // An id that no longer names a task (not possible within one generation) is left out.
    return ids.flatMap((id) => {
      const json = this.#rows.get(id);
      return json === undefined ? [] : [json];
    });
  }

  #clear(generation: string): void {
    this.#rows.clear();
    this.#bytes = 0;
    this.#generation = generation;
  }
}
