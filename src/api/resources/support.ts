/**
 * What every resource module shares: the call, the read cache, and small helpers that give each
 * list method its `.all()` iterator.
 */
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import type { Capabilities } from '../capabilities.ts';
import type { DoneChoice } from '../done-status.ts';
import { type Page, readPage, readRecord } from '../envelopes.ts';
import { type CallOptions, type PaginateOptions, paginate } from '../paginate.ts';
import type { Answer, Call } from '../pipeline.ts';
import type { TaskProjects } from '../task-projects.ts';

export interface ResourceContext {
  call: Call;
  /** Answers from the read cache, or loads and stores; one load at a time per key. `fresh` loads past it. */
  cached<T>(
    key: string,
    ttlMs: number,
    tags: readonly string[],
    load: () => Promise<T>,
    options?: CallOptions,
  ): Promise<T>;
  /** Drops cached reads a write has changed. */
  invalidate(tags: readonly string[]): Promise<void>;
  clock: Clock;
  /** Which project each task seen so far is in (records may not say). */
  tasks: TaskProjects;
  /** What this connection's service was seen to support beyond the spec. */
  capabilities: Capabilities;
  doneChoice: DoneChoice;
}

export const recordOf =
  <S extends z.ZodType>(schema: S) =>
  (answer: Answer): z.output<S> =>
    readRecord(answer.json, schema);

export const pageOf =
  <S extends z.ZodType>(schema: S) =>
  (answer: Answer): Page<z.output<S>> =>
    readPage(answer.json, schema, {
      // A getter: the answer parses its URL only if the page needs it (no meta, or a next link).
      get requestUrl() {
        return answer.url;
      },
      headers: answer.headers,
    });

/** A list method with `.all(query, options)`: every record of every page. */
export type ListMethod<Q, T> = ((query?: Q, options?: CallOptions) => Promise<Page<T>>) & {
  all(query?: Q, options?: PaginateOptions): AsyncGenerator<T, void, undefined>;
};

/** A list inside a parent (a project's tasks, a workspace's members). */
export type ChildListMethod<Q, T> = ((
  parentId: number,
  query?: Q,
  options?: CallOptions,
) => Promise<Page<T>>) & {
  all(parentId: number, query?: Q, options?: PaginateOptions): AsyncGenerator<T, void, undefined>;
};

export function listMethod<Q extends object, T>(
  list: (query: Q, options?: CallOptions) => Promise<Page<T>>,
): ListMethod<Q, T> {
  const method = (query?: Q, options?: CallOptions) => list(query ?? ({} as Q), options);
  return Object.assign(method, {
    all: (query?: Q, options?: PaginateOptions) => paginate(list, query ?? ({} as Q), options),
  });
}

export function childListMethod<Q extends object, T>(
  list: (parentId: number, query: Q, options?: CallOptions) => Promise<Page<T>>,
): ChildListMethod<Q, T> {
  const method = (parentId: number, query?: Q, options?: CallOptions) =>
    list(parentId, query ?? ({} as Q), options);
  return Object.assign(method, {
    all: (parentId: number, query?: Q, options?: PaginateOptions) =>
      paginate((q: Q, o?: CallOptions) => list(parentId, q, o), query ?? ({} as Q), options),
  });
}

/** A stable cache key for a query: the same filters in any order give the same key. */
export function queryKey(query: object | undefined): string {
  if (!query) return '';
  return JSON.stringify(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}
