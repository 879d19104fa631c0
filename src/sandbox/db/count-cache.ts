import type { SandboxDb, SqlParams } from './sandbox-db.ts';

/** The most counts kept for one state of the database; a list request uses one or two. */
const MAX_ENTRIES = 1_000;

/**
 * Remembers `count(*)` answers until the database next changes (`SandboxDb.generation`). Counting
 * a large project's tasks walks its whole index, which costs more than reading a page of them;
 * lists are read far more often than written, so the total of the list envelope comes from here.
 */
export class CountCache {
  readonly #db: SandboxDb;
  #generation = '';
  readonly #counts = new Map<string, number>();

  constructor(db: SandboxDb) {
    this.#db = db;
  }

  count(sql: string, params: Record<string, string | number>): number {
    const generation = this.#db.generation();
    if (generation !== this.#generation) {
      this.#counts.clear();
      this.#generation = generation;
    }
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    let total = this.#counts.get(key);
    if (total === undefined) {
      total = this.#db.get<{ n: number }>(sql, params as SqlParams)?.n ?? 0;
      if (this.#counts.size >= MAX_ENTRIES) this.#counts.clear();
      this.#counts.set(key, total);
    }
    return total;
  }
}
