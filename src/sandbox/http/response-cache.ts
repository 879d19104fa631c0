import type { SandboxDb } from '../db/sandbox-db.ts';

/** Bytes of answers kept at most; past it the cache starts over. */
export const RESPONSE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The sandbox's resident memory without its answer cache (the row JSON cache's 16 MiB included),
 * with 10,000 tasks and after load (see bench/sandbox-throughput.ts): RSS stays within this plus
 * RESPONSE_CACHE_MAX_BYTES.
 */
export const RSS_BASE_BYTES = 176 * 1024 * 1024;

/**
 * Serialised answers of read endpoints, kept until the database next changes
 * (`SandboxDb.generation`). Everything such an answer depends on (records, memberships, roles)
 * lives in the database, so an answer is reused only while nothing it could depend on has been
 * written: it is never stale. The key holds the caller, so one member never receives another's
 * view; authentication, rate limits and faults run before a cached answer is sent, as before a
 * computed one. It exists because a page of 100 tasks costs far more to read and serialise than
 * to send, and lists are polled far more often than written.
 */
export class ResponseCache {
  readonly #db: SandboxDb;
  readonly #maxBytes: number;
  #generation = '';
  #bytes = 0;
  readonly #entries = new Map<string, Buffer>();

  /** @param maxBytes the most bytes kept (default 64 MiB). */
  constructor(db: SandboxDb, maxBytes = RESPONSE_CACHE_MAX_BYTES) {
    this.#db = db;
    this.#maxBytes = maxBytes;
  }

  /** Bytes of answers held now (never above the cap). */
  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): Buffer | undefined {
    const generation = this.#db.generation();
    if (generation !== this.#generation) {
      this.#entries.clear();
      this.#bytes = 0;
      this.#generation = generation;
      return undefined;
    }
    return this.#entries.get(key);
  }

  /** Keeps an answer computed in the current generation (a read, right after `get` missed). */
  set(key: string, body: Buffer): void {
    if (this.#bytes + body.length > this.#maxBytes) {
      this.#entries.clear();
      this.#bytes = 0;
    }
    this.#entries.set(key, body);
    this.#bytes += body.length;
  }
}
