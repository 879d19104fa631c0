/**
 * The app's persistence port: records with optional expiry, prefix listing and atomic claims.
 * One implementation per backend (embedded SQLite, Redis); repositories build on this alone.
 */
export interface Store {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** Every live entry whose key starts with prefix (for listing subscriptions, defaults, ...). */
  entries<T>(prefix: string): AsyncIterable<[key: string, value: T]>;
  /** Atomic once-only claim: true for exactly one caller until ttlMs passes, across processes. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
  /** Whether a live claim holds key now (a read: it claims nothing). */
  claimed(key: string): Promise<boolean>;
  /**
   * Gives a live claim ttlMs more from now (its holder's heartbeat); false when none is live, for
   * then it lapsed and may be another's: the caller no longer holds it.
   */
  extend(key: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
}
