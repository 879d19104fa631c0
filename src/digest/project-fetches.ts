/**
 * One list pass per project however many digests need it: a request for a project already being
 * fetched (for a horizon at least as far) shares that fetch instead of starting another. The
 * service allows 60 requests a minute, so 1,000 digests over 100 projects cost 100 requests.
 *
 * Lists read ahead of a firing (`prefetch`, minutes before it, in the digest lane of the token's
 * budget) are kept until `keepMs` after they were read, so the firing posts on time from them
 * without a request in the morning's busiest minute.
 */
import type { DigestTask } from './select.ts';
import type { DigestTaskSource } from './task-source.ts';

/** A list read ahead: kept here, and shared with other instances through the store (`shared-ahead.ts`). */
export interface Prefetched {
  dueBefore: number;
  keepUntil: number;
  /** When the read started (epoch ms): the list is as of then at the oldest. */
  readAt: number;
  tasks: DigestTask[];
}

export class ProjectFetches {
  readonly #pending = new Map<string, { dueBefore: number; promise: Promise<DigestTask[]>; ahead?: true }>();
  readonly #prefetched = new Map<string, Prefetched>();
  #started = 0;
  #prefetches = 0;

  /** Fetches started since this was created (shared ones count once), prefetches not included. */
  get started(): number {
    return this.#started;
  }

  /** Lists read ahead of their firings since this was created. */
  get prefetches(): number {
    return this.#prefetches;
  }

  /**
   * Reads the project's list now for a firing to come, and keeps it until `keepUntil` (epoch ms):
   * what it read, or undefined when a list kept already covers it (nothing read). A firing that
   * comes while it is being read shares the read rather than starting another.
   */
  async prefetch(
    scope: string,
    source: DigestTaskSource,
    projectId: number,
    dueBefore: Date,
    signal: AbortSignal,
    now: number,
    keepUntil: number,
  ): Promise<Prefetched | undefined> {
    this.#sweep(now);
    if (this.covers(scope, projectId, dueBefore.getTime(), keepUntil)) return undefined;
    const key = `${scope}:${projectId}`;
    this.#prefetches++;
    const entry = {
      dueBefore: dueBefore.getTime(),
      promise: source.listOpenTasks(projectId, dueBefore, signal),
      ahead: true as const,
    };
    this.#pending.set(key, entry);
    try {
      const tasks = await entry.promise;
      const read = { dueBefore: dueBefore.getTime(), keepUntil, readAt: now, tasks };
      this.#prefetched.set(key, read);
      return read;
    } finally {
      if (this.#pending.get(key) === entry) this.#pending.delete(key);
    }
  }

  /** Whether a list kept here reaches `dueBefore` and is kept until `keepUntil` (epoch ms). */
  covers(scope: string, projectId: number, dueBefore: number, keepUntil: number): boolean {
    const kept = this.#prefetched.get(`${scope}:${projectId}`);
    return kept !== undefined && kept.dueBefore >= dueBefore && kept.keepUntil >= keepUntil;
  }

  /** Keeps a list another instance read ahead, as if read here (it counts as no read of this one). */
  keep(scope: string, projectId: number, list: Prefetched): void {
    if (this.covers(scope, projectId, list.dueBefore, list.keepUntil)) return;
    this.#prefetched.set(`${scope}:${projectId}`, list);
  }

  /** When the list `get` answers from a read-ahead was read (epoch ms); undefined when it reads now. */
  readAt(scope: string, projectId: number, dueBefore: Date): number | undefined {
    const kept = this.#prefetched.get(`${scope}:${projectId}`);
    return kept && kept.dueBefore >= dueBefore.getTime() ? kept.readAt : undefined;
  }

  /** Drops what was read ahead and is past keeping. */
  #sweep(now: number): void {
    for (const [key, kept] of this.#prefetched) if (kept.keepUntil < now) this.#prefetched.delete(key);
  }

  /**
   * The project's open tasks due before `dueBefore`. `scope` keeps projects of different service
   * connections apart (the team id). `fresh` never shares a fetch already under way: an edit after
   * Done must not render from a list fetched before the task was done.
   */
  get(
    scope: string,
    source: DigestTaskSource,
    projectId: number,
    dueBefore: Date,
    signal: AbortSignal,
    fresh = false,
    now?: number,
  ): Promise<DigestTask[]> {
    const key = `${scope}:${projectId}`;
    if (!fresh && now !== undefined) {
      this.#sweep(now);
      const kept = this.#prefetched.get(key);
      // Read ahead for as far a horizon: the tasks due before this one's are among them.
      if (kept && kept.dueBefore >= dueBefore.getTime()) {
        const before = dueBefore.getTime();
        return Promise.resolve(kept.tasks.filter((t) => !t.due_date || Date.parse(t.due_date) < before));
      }
    }
    const pending = this.#pending.get(key);
    if (!fresh && pending && pending.dueBefore >= dueBefore.getTime()) {
      // A read-ahead that fails leaves the firing to read for itself.
      return pending.ahead
        ? pending.promise.catch(() => this.get(scope, source, projectId, dueBefore, signal, true))
        : pending.promise;
    }
    this.#started++;
    const entry = {
      dueBefore: dueBefore.getTime(),
      promise: source.listOpenTasks(projectId, dueBefore, signal),
    };
    this.#pending.set(key, entry);
    const forget = () => {
      if (this.#pending.get(key) === entry) this.#pending.delete(key);
    };
    entry.promise.then(forget, forget);
    return entry.promise;
  }
}
