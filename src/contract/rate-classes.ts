/**
 * Which requests count against which rate-limit class (spec Part 8). The spec does not say which
 * operations are "search" or "upload"; the assumption (api-assumptions.md) lives in this one table
 * so it can change in one place. Sandbox and client both classify through it.
 */
export type RateClass = 'general' | 'search' | 'upload';

/** Requests per minute, per token, per class. */
export const RATE_LIMITS: Readonly<Record<RateClass, number>> = { general: 60, search: 30, upload: 10 };

/** Query parameters that make a list request a free-text search. */
export const SEARCH_QUERY_PARAMS = ['q', 'search'] as const;

export interface ClassifiableRequest {
  method: string;
  /** Query parameters that are present (values irrelevant except presence). */
  query?: Record<string, unknown> | URLSearchParams;
  contentType?: string | undefined;
}

export function classifyRequest(req: ClassifiableRequest): RateClass {
  if (req.contentType?.toLowerCase().startsWith('multipart/')) return 'upload';
  if (req.method.toUpperCase() === 'GET' && req.query) {
    const has = (k: string) =>
      req.query instanceof URLSearchParams
        ? (req.query.get(k) ?? '') !== ''
        : req.query?.[k] !== undefined && req.query?.[k] !== '';
    if (SEARCH_QUERY_PARAMS.some(has)) return 'search';
  }
  return 'general';
}
