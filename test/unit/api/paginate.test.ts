import { describe, expect, it } from 'vitest';
import type { Page } from '../../../src/api/envelopes.ts';
import { paginate } from '../../../src/api/paginate.ts';

type Q = { page?: number | string; per_page?: number | string; cursor?: string };

/** A list of `total` records served `clamp` at a time, whatever size is asked: like a real service. */
function serverList(total: number, clamp: number) {
  const asked: Q[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const list = async (q: Q): Promise<Page<{ id: number }>> => {
    asked.push(q);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setImmediate(r));
    inFlight--;
    const perPage = Math.min(Number(q.per_page ?? 15), clamp);
    const page = Number(q.page ?? 1);
    const last = Math.max(1, Math.ceil(total / perPage));
    const data = Array.from({ length: total }, (_, i) => ({ id: i + 1 })).slice(
      (page - 1) * perPage,
      page * perPage,
    );
    return {
      data,
      meta: { total, per_page: perPage, current_page: page, last_page: last },
      next: page < last ? { page: page + 1, per_page: perPage } : null,
    };
  };
  return { list, asked, maxInFlight: () => maxInFlight };
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('paginate', () => {
  it('pages by meta when the server clamps per_page lower than asked', async () => {
    const server = serverList(25, 10);
    const ids = (await collect(paginate(server.list, { per_page: 100 }))).map((r) => r.id);
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(server.asked).toEqual([{ per_page: 100 }, { per_page: 10, page: 2 }, { per_page: 10, page: 3 }]);
  });

  it('fetches the remaining pages concurrently once total is known, in order, no more than asked at once', async () => {
    const server = serverList(95, 10);
    const ids = (await collect(paginate(server.list, {}, { concurrency: 4 }))).map((r) => r.id);
    expect(ids).toEqual(Array.from({ length: 95 }, (_, i) => i + 1));
    expect(server.asked).toHaveLength(10);
    expect(server.maxInFlight()).toBe(4);
  });

  it('stops on an empty page even if the server claims more', async () => {
    let calls = 0;
    const list = async (q: Q): Promise<Page<{ id: number }>> => {
      calls++;
      const page = Number(q.page ?? 1);
      const data = page === 1 ? [{ id: 1 }] : [];
      return {
        data,
        meta: { total: 50, per_page: 1, current_page: page, last_page: 50 },
        next: { page: page + 1 },
      };
    };
    expect(await collect(paginate(list, {}))).toEqual([{ id: 1 }]);
    expect(calls).toBe(2);
  });

  it('stops when a page brings nothing new (a server that ignores `page`)', async () => {
    let calls = 0;
    const list = async (): Promise<Page<{ id: number }>> => {
      calls++;
      return {
        data: [{ id: 1 }, { id: 2 }],
        meta: { total: 10, per_page: 2, current_page: 1, last_page: 5 },
        next: { page: 2 },
      };
    };
    expect(await collect(paginate(list, {}))).toHaveLength(2);
    expect(calls).toBe(2);
  });

  it('follows cursor links one after another', async () => {
    const pages: Record<string, Page<{ id: number }>> = {
      '': {
        data: [{ id: 1 }],
        meta: { total: null, per_page: 1, current_page: 1, last_page: null },
        next: { cursor: 'b' },
      },
      b: {
        data: [{ id: 2 }],
        meta: { total: null, per_page: 1, current_page: 1, last_page: null },
        next: { cursor: 'c' },
      },
      c: {
        data: [{ id: 3 }],
        meta: { total: null, per_page: 1, current_page: 1, last_page: null },
        next: null,
      },
    };
    const list = async (q: Q) => pages[q.cursor ?? '']!;
    expect((await collect(paginate(list, {}, { concurrency: 5 }))).map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('aborts the pages it fetched ahead when the consumer stops early', async () => {
    const signals: AbortSignal[] = [];
    const server = serverList(100, 10);
    const list = async (q: Q, o?: { signal?: AbortSignal }) => {
      if (o?.signal) signals.push(o.signal);
      return server.list(q);
    };
    for await (const r of paginate(list, {}, { concurrency: 3 })) if (r.id === 12) break;
    expect(signals.length).toBeGreaterThan(2);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it('stops after maxPages', async () => {
    const server = serverList(100, 10);
    expect(await collect(paginate(server.list, {}, { maxPages: 3 }))).toHaveLength(30);
  });
});
