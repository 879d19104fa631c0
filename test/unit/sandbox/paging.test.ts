import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageMeta, pageOf, pageRequest } from '../../../src/sandbox/http/paging.ts';

describe('paging', () => {
  it('defaults to page 1 of 15 and clamps per_page to 100', () => {
    expect(pageRequest({})).toEqual({ page: 1, perPage: 15, offset: 0 });
    expect(pageRequest({ page: 3, per_page: 500 })).toEqual({ page: 3, perPage: 100, offset: 200 });
  });

  it('caps the offset of absurd pages', () => {
    expect(pageRequest({ page: Number.MAX_SAFE_INTEGER, per_page: 100 }).offset).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });

  it('covers every item exactly once across pages, for any size', () => {
    fc.assert(
      fc.property(fc.nat(250), fc.integer({ min: 1, max: 120 }), (count, perPageAsked) => {
        const items = Array.from({ length: count }, (_, i) => i);
        const first = pageOf(items, pageRequest({ per_page: perPageAsked }));
        const lastPage = first.meta.last_page;
        expect(lastPage).toBe(Math.max(1, Math.ceil(count / Math.min(perPageAsked, 100))));
        const seen = [];
        for (let page = 1; page <= lastPage + 1; page++) {
          const result = pageOf(items, pageRequest({ page, per_page: perPageAsked }));
          expect(result.meta).toEqual({ ...first.meta, current_page: page });
          seen.push(...result.data);
        }
        expect(seen).toEqual(items);
      }),
    );
  });

  it('says one page when there is nothing', () => {
    expect(pageMeta(0, pageRequest({}))).toEqual({ total: 0, per_page: 15, current_page: 1, last_page: 1 });
  });
});
