import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type Meta } from '../../contract/index.ts';

export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

/** `page` is 1-based (default 1); `per_page` defaults to 15 and is clamped to 100, as `meta.per_page` then reports. */
export function pageRequest(query: {
  page?: number | undefined;
  per_page?: number | undefined;
}): PageRequest {
  const page = query.page ?? 1;
  const perPage = Math.min(query.per_page ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
  // A huge page number would make an offset SQLite cannot bind as an integer; any offset past the
  // data gives the same empty page, so cap it.
  const offset = Math.min((page - 1) * perPage, Number.MAX_SAFE_INTEGER);
  return { page, perPage, offset };
}

/** A page past the last is not an error: it has no records and the same totals. */
export function pageMeta(total: number, request: PageRequest): Meta {
  return {
    total,
    per_page: request.perPage,
    current_page: request.page,
    last_page: Math.max(1, Math.ceil(total / request.perPage)),
  };
}

/** Pages an in-memory list (the small collections: workspaces, members, sprints…). */
export function pageOf<T>(items: readonly T[], request: PageRequest): { data: T[]; meta: Meta } {
  return {
    data: items.slice(request.offset, request.offset + request.perPage),
    meta: pageMeta(items.length, request),
  };
}
