/**
 * When a 429 says to come back. Services say it in different ways (api-assumptions.md,
 * "rate-limit headers"): `Retry-After` in seconds or as an HTTP date, `X-RateLimit-Reset` as epoch
 * seconds, epoch milliseconds or an ISO date-time. `Retry-After` wins when both are readable: it is
 * the standard header and names this request's wait rather than the window's.
 */

/** Values below this are read as a delay in seconds, not an instant (no real reset is in 2001). */
const EPOCH_SECONDS_FLOOR = 1e9;
/** Values at or above this are epoch milliseconds (epoch seconds reach it only in the year 33658). */
const EPOCH_MS_FLOOR = 1e12;

type Headers = Readonly<Record<string, string | undefined>>;

/** The instant (epoch ms) the server names for a retry, or undefined when its headers say nothing usable. */
export function retryAtFromHeaders(headers: Headers, now: number): number | undefined {
  return (
    parseRetryAfter(headers['retry-after'], now) ?? parseRateLimitReset(headers['x-ratelimit-reset'], now)
  );
}

export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return now + Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(now, at) : undefined;
}

function parseRateLimitReset(value: string | undefined, now: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    if (n >= EPOCH_MS_FLOOR) return Math.max(now, n);
    if (n >= EPOCH_SECONDS_FLOOR) return Math.max(now, n * 1000);
    return now + n * 1000;
  }
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(now, at) : undefined;
}
