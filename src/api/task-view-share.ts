/**
 * The task view shared by every instance of the app through the store: one instance scans a
 * workspace at a time (a lease), saves each project's tasks and the scan's state there, and the
 * others load what changed instead of scanning again, so N instances spend the token's budget once.
 * Changes applied on one instance (the app's writes, webhooks, the poller) are saved one key per
 * task, so they reach every instance's view at its next `sync`.
 *
 * Keys, all under the workspace's prefix: `stamp` (renewed by every write: one read tells whether
 * anything changed), `scan` (asOf, complete, skipped), `project-at:<id>` (when that project's list
 * was read) beside `project:<id>` (its tasks), `change:<taskId>` (kept for {@link CHANGE_TTL_MS}),
 * and the scan's lease `lease`.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../lib/clock.ts';
import type { TaskRecord } from './schemas/records.ts';

/** The part of the app's store the shared view uses (the store port satisfies it). */
interface TaskViewStore {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<boolean>;
  entries<T>(prefix: string): AsyncIterable<[key: string, value: T]>;
  claim(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
  extend(key: string, ttlMs: number): Promise<boolean>;
}

export interface TaskViewSharing {
  store: TaskViewStore;
  /** The workspace's key prefix for the view, e.g. `team:T1:task-view:`. */
  prefix: string;
  /** The app's clock, for when lists were read and changes made. Default: the view's own. */
  clock?: Clock;
  /** How long the scan's lease lasts between its holder's renewals. Default {@link SCAN_LEASE_MS}. */
  leaseMs?: number;
}

type SharedChange = { kind: 'upsert'; task: TaskRecord } | { kind: 'delete'; taskId: number };

/** Whole-scan state, as the instance that scanned saved it. */
interface SharedScan {
  asOf: number;
  complete: boolean;
  skipped: number;
}

/**
 * The scan's lease lasts this long unless its holder renews it (a third of it apart) while it
 * scans: a holder that died delays the others this long at most.
 */
const SCAN_LEASE_MS = 60_000;
/** Renewals stop after this long, so one scan holds the lease at most this plus one lease. */
export const SCAN_HOLD_MAX_MS = 15 * 60_000;
/**
 * A change outlives any scan that started before it (scans refresh every 5 min by default, and
 * one holds the lease at most {@link SCAN_HOLD_MAX_MS} plus a lease), so it is kept long enough to
 * be applied over one.
 */
const CHANGE_TTL_MS = 30 * 60_000;

/** What `sync` hands back to the view: only what changed since it last looked. */
export interface SharedDelta {
  scan?: SharedScan;
  /** Projects whose lists were saved since, with when they were read. */
  projects: Array<{ projectId: number; at: number; tasks: TaskRecord[] }>;
  /** Projects a scan no longer found (removed from the service): their tasks go. */
  removed: number[];
  /** Live changes, oldest first, with when each was made. */
  changes: Array<{ at: number; change: SharedChange }>;
}

export class SharedTaskView {
  readonly #store: TaskViewStore;
  readonly #prefix: string;
  /** The scan's lease, between renewals. */
  readonly leaseMs: number;
  #loadedStamp: string | undefined;
  readonly #loadedAt = new Map<number, number>();

  constructor(sharing: TaskViewSharing) {
    this.#store = sharing.store;
    this.#prefix = sharing.prefix;
    this.leaseMs = sharing.leaseMs ?? SCAN_LEASE_MS;
  }

  /** What changed since the last call; undefined when nothing did (one store read). */
  async load(): Promise<SharedDelta | undefined> {
    const stamp = await this.#store.get<string>(`${this.#prefix}stamp`);
    if (stamp === undefined || stamp === this.#loadedStamp) return undefined;
    const delta: SharedDelta = { projects: [], removed: [], changes: [] };
    const scan = await this.#store.get<SharedScan>(`${this.#prefix}scan`);
    if (scan) delta.scan = scan;
    const atPrefix = `${this.#prefix}project-at:`;
    const listed = new Set<number>();
    for await (const [key, at] of this.#store.entries<number>(atPrefix)) {
      const projectId = Number(key.slice(atPrefix.length));
      listed.add(projectId);
      if (this.#loadedAt.get(projectId) === at) continue;
      const tasks = await this.#store.get<TaskRecord[]>(`${this.#prefix}project:${projectId}`);
      if (!tasks) continue;
      delta.projects.push({ projectId, at, tasks });
      this.#loadedAt.set(projectId, at);
    }
    for (const projectId of this.#loadedAt.keys()) {
      if (listed.has(projectId)) continue;
      delta.removed.push(projectId);
      this.#loadedAt.delete(projectId);
    }
    for await (const [, entry] of this.#store.entries<{ at: number; change: SharedChange }>(
      `${this.#prefix}change:`,
    )) {
      delta.changes.push(entry);
    }
    delta.changes.sort((a, b) => a.at - b.at);
    this.#loadedStamp = stamp;
    return delta;
  }

  /** When this instance's copy of a project was read (saved or loaded); undefined: never. */
  projectAt(projectId: number): number | undefined {
    return this.#loadedAt.get(projectId);
  }

  /** Saves one project's complete list as read at `at`. */
  async saveProject(projectId: number, tasks: TaskRecord[], at: number): Promise<void> {
    await this.#store.set(`${this.#prefix}project:${projectId}`, tasks);
    await this.#store.set(`${this.#prefix}project-at:${projectId}`, at);
    this.#loadedAt.set(projectId, at);
    await this.#renew();
  }

  /** Saves a whole scan: every project's list, the scan's state; projects no longer there go. */
  async saveScan(byProject: Map<number, TaskRecord[]>, scan: SharedScan): Promise<void> {
    for (const [projectId, tasks] of byProject) {
      await this.#store.set(`${this.#prefix}project:${projectId}`, tasks);
      await this.#store.set(`${this.#prefix}project-at:${projectId}`, scan.asOf);
      this.#loadedAt.set(projectId, scan.asOf);
    }
    const atPrefix = `${this.#prefix}project-at:`;
    for await (const [key] of this.#store.entries<number>(atPrefix)) {
      const projectId = Number(key.slice(atPrefix.length));
      if (byProject.has(projectId)) continue;
      await this.#store.delete(key);
      await this.#store.delete(`${this.#prefix}project:${projectId}`);
      this.#loadedAt.delete(projectId);
    }
    await this.#store.set(`${this.#prefix}scan`, scan);
    await this.#renew();
  }

  async saveChange(change: SharedChange, at: number): Promise<void> {
    const taskId = change.kind === 'delete' ? change.taskId : change.task.id;
    await this.#store.set(`${this.#prefix}change:${taskId}`, { at, change }, CHANGE_TTL_MS);
    await this.#renew();
  }

  /** True for exactly one instance until it releases, or the lease passes without a renewal. */
  claimScan(): Promise<boolean> {
    return this.#store.claim(`${this.#prefix}lease`, this.leaseMs);
  }

  /** The holder's renewal while it scans; false when the lease had lapsed (another may scan now). */
  renewScan(): Promise<boolean> {
    return this.#store.extend(`${this.#prefix}lease`, this.leaseMs);
  }

  releaseScan(): Promise<void> {
    return this.#store.release(`${this.#prefix}lease`);
  }

  /** A new stamp after each write; this instance's own write is not news to it. */
  async #renew(): Promise<void> {
    const stamp = randomUUID();
    await this.#store.set(`${this.#prefix}stamp`, stamp);
  }
}
