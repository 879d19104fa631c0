import type { PageMeta } from '../../../api/index.ts';

/** Whether a list has a page after this one, by `meta` (or, when the service omits it, a full page). */
export function hasNextPage(meta: PageMeta, received: number): boolean {
  if (meta.last_page !== null) return meta.current_page < meta.last_page;
  return received >= meta.per_page;
}
