/**
 * One list pass per project however many digests need it: a request for a project already being
 * fetched (for a horizon at least as far) shares that fetch instead of starting another. The
 * service allows 60 requests a minute, so 1,000 digests over 100 projects cost 100 requests.
 */
import type { DigestTask } from './select.ts';
import type { DigestTaskSource } from './task-source.ts';

export class ProjectFetches {
  readonly #pending = new Map<string, { dueBefore: number; promise: Promise<DigestTask[]> }>();
  #started = 0;

  /** Fetches started since this was created (shared ones count once). */
  get started(): number {
    return this.#started;
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
  ): Promise<DigestTask[]> {
    const key = `${scope}:${projectId}`;
    const pending = this.#pending.get(key);
    if (!fresh && pending && pending.dueBefore >= dueBefore.getTime()) return pending.promise;
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
