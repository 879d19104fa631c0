/**
 * Every record of a list, page after page. It pages by what the service says (`meta` and next
 * links), never by what was asked: a service may clamp `per_page` lower. It stops on an empty page,
 * on the last page, or when a page brings nothing new (a service that ignores `page` would
 * otherwise loop). Once `total` is known it can fetch the remaining pages several at a time; each
 * request still goes through the limiter, so concurrency never outruns the budget.
 */
import type { NextPageQuery, Page } from './envelopes.ts';
import type { LaneName } from './limiter-lanes.ts';

export interface CallOptions {
  /** Aborts the call, including a wait for the limiter or a retry. */
  signal?: AbortSignal | undefined;
  /** Overrides the client's `maxWaitMs` for this call. */
  maxWaitMs?: number | undefined;
  /** Past the read cache: for a decision that must see the service as it is now (a link's approval). */
  fresh?: boolean | undefined;
  /**
   * The request's lane in the token's budget plan (`limiter-lanes.ts`). Default: the lane of the work
   * under way (`withLane`), else `read` for a GET and `write` for the rest.
   */
  lane?: LaneName | undefined;
}

export type ListFn<Q, T> = (query: Q, options?: CallOptions) => Promise<Page<T>>;

export interface PaginateOptions {
  /** Pages in flight at once after the first, when `total` is known. Default 1: one after another. */
  concurrency?: number;
  /** Stops after this many pages: a guard against a list that never ends. Default 10 000. */
  maxPages?: number;
  signal?: AbortSignal;
  /** Every page read past the read cache (see `CallOptions.fresh`). */
  fresh?: boolean;
}

export async function* paginate<Q extends object, T>(
  list: ListFn<Q, T>,
  query: Q,
  options: PaginateOptions = {},
): AsyncGenerator<T, void, undefined> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const maxPages = options.maxPages ?? 10_000;
  // Aborts prefetched pages when the consumer stops early, so they do not spend the budget.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([stop.signal, options.signal]) : stop.signal;
  const seen = new Set<unknown>();
  /** Yields only records not seen before (a list that shifts between pages repeats some). */
  const fresh = (page: Page<T>): T[] =>
    page.data.filter((record) => {
      const id = (record as { id?: unknown }).id;
      if (id === undefined) return true;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  const callOptions: CallOptions = options.fresh ? { signal, fresh: true } : { signal };
  const fetchPage = (next: NextPageQuery) => list({ ...query, ...next } as Q, callOptions);

  try {
    let page = await list(query, callOptions);
    let pages = 1;
    let records = fresh(page);
    yield* records;
    const last = page.meta.last_page;
    const byNumber = page.next !== null && 'page' in page.next && last !== null;

    if (concurrency > 1 && byNumber && page.data.length > 0) {
      const perPage = page.meta.per_page;
      const template = page.next as NextPageQuery;
      const numbers: number[] = [];
      for (let n = page.meta.current_page + 1; n <= last && numbers.length < maxPages - 1; n++)
        numbers.push(n);
      const inFlight: Promise<Page<T>>[] = [];
      const start = (n: number) => {
        const p = fetchPage({ ...template, page: n, per_page: perPage });
        p.catch(() => {}); // awaited in order below; this only keeps an early stop from leaving it unhandled
        inFlight.push(p);
      };
      let started = 0;
      while (started < numbers.length && inFlight.length < concurrency) start(numbers[started++]!);
      while (inFlight.length) {
        page = await inFlight.shift()!;
        if (started < numbers.length) start(numbers[started++]!);
        records = fresh(page);
        if (page.data.length === 0 || records.length === 0) return;
        yield* records;
      }
      return;
    }

    while (page.next && page.data.length > 0 && records.length > 0 && pages < maxPages) {
      page = await fetchPage(page.next);
      pages++;
      records = fresh(page);
      yield* records;
    }
  } finally {
    stop.abort(new Error('pagination stopped'));
  }
}
