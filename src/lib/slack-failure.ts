/**
 * What a failed Slack call means for whoever sends it: the channel is gone for the bot (only a
 * person can fix it), Slack asks to slow down (wait `Retry-After` and send again), a passing
 * failure (the same call may succeed later), or a refusal that trying again would not change.
 * Shared by the digest and the notifications, and by the post queue that paces both.
 * Codes: https://docs.slack.dev/reference/methods/chat.postMessage#errors
 */

export type SlackFailure =
  | { kind: 'channel-gone'; code: string }
  | { kind: 'rate-limited'; code: string; retryAfterMs: number }
  | { kind: 'transient'; code: string }
  | { kind: 'permanent'; code: string };

/** The bot can no longer post there: only a person can fix it (invite the bot, unarchive). */
const CHANNEL_GONE = new Set([
  'not_in_channel',
  'channel_not_found',
  'is_archived',
  'restricted_action',
  'restricted_action_read_only_channel',
  'team_access_not_granted',
]);

/** Slack's own trouble: the same call may well succeed a minute later. */
const TRANSIENT = new Set(['internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);

/** Slack's `Retry-After` is in seconds; without one, a second is the posting rate's own unit. */
const DEFAULT_RETRY_AFTER_MS = 1000;

function retryAfterMs(seconds: unknown): number {
  const value = Number(seconds);
  return Number.isFinite(value) && value >= 0 ? Math.ceil(value * 1000) : DEFAULT_RETRY_AFTER_MS;
}

function headerValue(headers: unknown, name: string): unknown {
  if (!headers || typeof headers !== 'object') return undefined;
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

/**
 * Reads an error thrown by `@slack/web-api`'s WebClient by its `code` (so it works whatever copy of
 * the package threw it). Anything else is treated as permanent: a bug retried every minute would
 * only fill the log.
 */
export function classifySlackFailure(error: unknown): SlackFailure {
  const e = (error ?? {}) as {
    code?: unknown;
    retryAfter?: unknown;
    data?: { error?: unknown };
    statusCode?: unknown;
    headers?: unknown;
  };
  switch (e.code) {
    case 'slack_webapi_rate_limited_error':
      return { kind: 'rate-limited', code: 'ratelimited', retryAfterMs: retryAfterMs(e.retryAfter) };
    case 'slack_webapi_platform_error': {
      const code = typeof e.data?.error === 'string' ? e.data.error : 'unknown_error';
      if (code === 'ratelimited') return { kind: 'rate-limited', code, retryAfterMs: DEFAULT_RETRY_AFTER_MS };
      if (CHANNEL_GONE.has(code)) return { kind: 'channel-gone', code };
      if (TRANSIENT.has(code)) return { kind: 'transient', code };
      return { kind: 'permanent', code };
    }
    case 'slack_webapi_http_error': {
      const status = Number(e.statusCode);
      if (status === 429) {
        return {
          kind: 'rate-limited',
          code: 'http_429',
          retryAfterMs: retryAfterMs(headerValue(e.headers, 'retry-after')),
        };
      }
      return status >= 500
        ? { kind: 'transient', code: `http_${status}` }
        : { kind: 'permanent', code: `http_${status}` };
    }
    case 'slack_webapi_request_error':
      return { kind: 'transient', code: 'request_error' };
    default:
      return { kind: 'permanent', code: 'unexpected_error' };
  }
}
