/**
 * What a failed Slack call means for a digest: the channel is gone for the bot (pause and tell the
 * person who set it up), Slack asks to slow down (wait `Retry-After` and send again), a passing
 * failure (try again next minute), or a refusal that trying again would not change.
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

/** A preview or an edit Slack refused; `code` is Slack's, the message says what to do about it. */
export class DigestDeliveryError extends Error {
  override readonly name = 'DigestDeliveryError';
  readonly code: string;
  readonly kind: SlackFailure['kind'] | 'not-connected';
  constructor(message: string, code: string, kind: DigestDeliveryError['kind'], options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.kind = kind;
  }
}

/** A sentence for the person who asked, from a classified failure. */
export function describeSlackFailure(failure: SlackFailure): string {
  switch (failure.kind) {
    case 'channel-gone':
      return failure.code === 'is_archived'
        ? 'The channel is archived, so the digest cannot be posted there.'
        : 'The app is not in that channel: invite it (/invite) and try again.';
    case 'rate-limited':
      return 'Slack asked the app to slow down; try again in a minute.';
    case 'transient':
      return `Slack could not take the message just now (${failure.code}); try again in a minute.`;
    case 'permanent':
      return `Slack refused the digest message (${failure.code}).`;
  }
}
