/**
 * Unwraps answers: a single record bare or in `{data}`, a list in the spec's `{data, meta}` or in
 * the other shapes services use (api-assumptions.md, "list"): meta without `last_page`, Laravel's
 * flat paginator (`current_page`, `total` … beside `data`), `links.next`, `next_page_url`, a
 * `Link: <…>; rel="next"` header, or a bare array. Anything else is a `ReadProblem` naming what
 * is wrong, which the caller turns into an `InvalidResponseError`.
 */
import type { z } from 'zod';
import { asIsCheckOf } from './schemas/read-as-is.ts';

/** An answer that does not have the expected shape. */
export class ReadProblem extends Error {
  override name = 'ReadProblem';
}

export interface PageMeta {
  /** Records matching the query in all pages; null when the service does not say. */
  total: number | null;
  /** Page size in effect (a service may clamp what was asked). */
  per_page: number;
  /** 1-based. */
  current_page: number;
  /** Null when neither the service nor `total` tells it. */
  last_page: number | null;
}

/** The query of a next page: page number and size, or whatever the service's next link carries. */
export type NextPageQuery = Record<string, string | number>;

/** A record of a list that could not be read: which one, and what was wrong with it. */
interface SkippedRecord {
  index: number;
  /** The record's id when it had a readable one. */
  id?: number | undefined;
  problem: string;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
  /** What to ask for the next page; null on the last one. */
  next: NextPageQuery | null;
  /**
   * Records of this page that could not be read, left out of `data` so that one broken record
   * never hides the rest; the caller counts them and tells the person. Absent: none.
   */
  skipped?: SkippedRecord[];
}

type Raw = Record<string, unknown>;
const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** At most this many issues are named in one message. */
const MAX_ISSUES = 3;

export function describeIssues(error: z.ZodError, prefix = ''): string {
  const parts = error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length - MAX_ISSUES;
  return more > 0 ? `${parts.join('; ')} (and ${more} more)` : parts.join('; ');
}

/** A single record, bare or wrapped in `{data}`. */
export function readRecord<S extends z.ZodType>(json: unknown, schema: S): z.output<S> {
  // `{data: {...}}` without an id of its own is an envelope; a record may have a `data` field too.
  const record = isRecord(json) && isRecord(json.data) && !('id' in json) ? json.data : json;
  if (asIsCheckOf(schema)?.(record)) return record as z.output<S>;
  const parsed = schema.safeParse(record);
  if (!parsed.success) throw new ReadProblem(describeIssues(parsed.error));
  return parsed.data;
}

interface PageContext {
  /**
   * The URL that was asked, to resolve and check next-page links against (read only when needed,
   * so it may be a getter that parses it then).
   */
  readonly requestUrl: URL;
  /** Response headers, lower-case names. */
  headers: Readonly<Record<string, string>>;
}

export function readPage<S extends z.ZodType>(json: unknown, schema: S, ctx: PageContext): Page<z.output<S>> {
  const rawItems = Array.isArray(json) ? json : isRecord(json) ? json.data : undefined;
  if (!Array.isArray(rawItems))
    throw new ReadProblem('expected a list: an array, or an object with a `data` array');
  const data: z.output<S>[] = [];
  const skipped: SkippedRecord[] = [];
  const asIs = asIsCheckOf(schema);
  for (const [index, item] of rawItems.entries()) {
    // Already in the schema's read form: taken as it is (see schemas/read-as-is.ts).
    if (asIs?.(item)) {
      data.push(item as z.output<S>);
      continue;
    }
    const parsed = schema.safeParse(item);
    if (parsed.success) data.push(parsed.data as z.output<S>);
    else {
      const id = isRecord(item) && typeof item.id === 'number' ? item.id : undefined;
      skipped.push({ index, id, problem: describeIssues(parsed.error, `data[${index}]`) });
    }
  }
  // Nothing readable at all is not a list with gaps but a list in a form the client does not know.
  if (data.length === 0 && skipped.length > 0) throw new ReadProblem(skipped[0]!.problem);

  const envelope = isRecord(json) ? json : {};
  // Laravel's plain paginator puts the page fields beside `data` rather than under `meta`.
  const metaSource = isRecord(envelope.meta)
    ? envelope.meta
    : 'current_page' in envelope
      ? envelope
      : undefined;
  // The URL asked is parsed only when the answer does not say its own page and size.
  let askedParams: URLSearchParams | undefined;
  const asked = (name: string) => {
    askedParams ??= ctx.requestUrl.searchParams;
    return askedParams.get(name);
  };
  const current = count(metaSource?.current_page, 'current_page') ?? count(asked('page'), 'page') ?? 1;
  const perPage =
    count(metaSource?.per_page, 'per_page') ??
    count(asked('per_page'), 'per_page') ??
    Math.max(1, data.length);
  const total = count(metaSource?.total, 'total', true) ?? null;
  const lastPage =
    count(metaSource?.last_page, 'last_page') ??
    (total === null ? null : Math.max(1, Math.ceil(total / perPage)));
  const meta: PageMeta = { total, per_page: perPage, current_page: current, last_page: lastPage };

  const link = nextLink(envelope, ctx.headers);
  let next: NextPageQuery | null = null;
  if (link) next = linkQuery(link, ctx.requestUrl);
  else if (lastPage !== null && current < lastPage) next = { page: current + 1, per_page: perPage };
  return skipped.length > 0 ? { data, meta, next, skipped } : { data, meta, next };
}

function count(value: unknown, name: string, zeroOk = false): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < (zeroOk ? 0 : 1)) {
    throw new ReadProblem(
      `meta.${name}: expected a ${zeroOk ? 'non-negative' : 'positive'} integer, got ${JSON.stringify(value)}`,
    );
  }
  return n;
}

function nextLink(envelope: Raw, headers: Readonly<Record<string, string>>): string | undefined {
  if (isRecord(envelope.links) && typeof envelope.links.next === 'string' && envelope.links.next) {
    return envelope.links.next;
  }
  if (typeof envelope.next_page_url === 'string' && envelope.next_page_url) return envelope.next_page_url;
  const header = headers.link;
  if (!header) return undefined;
  for (const part of header.split(',')) {
    const m = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (m && /\brel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/i.test(m[2]!)) return m[1];
  }
  return undefined;
}

/**
 * The query of a next-page link. The link must stay on the same origin and path: the client sends
 * its token with the next request, and a link elsewhere is not the same list.
 */
function linkQuery(link: string, requestUrl: URL): NextPageQuery {
  let url: URL;
  try {
    url = new URL(link, requestUrl);
  } catch {
    throw new ReadProblem(`the next-page link is not a URL: ${JSON.stringify(link.slice(0, 200))}`);
  }
  if (url.origin !== requestUrl.origin || url.pathname !== requestUrl.pathname) {
    throw new ReadProblem(
      `the next-page link leaves the list (${url.origin}${url.pathname}); not following it`,
    );
  }
  return Object.fromEntries(url.searchParams);
}
