/**
 * Every way a call to the service can fail, as one class per cause. `errorFromStatus` picks the
 * class from the HTTP status in one place. Each error carries a `message` for developers and logs,
 * a `userMessage` a person can act on, and the request ids that tie it to the service's own logs.
 * Nothing here ever holds the token: texts from the server are scrubbed before they arrive.
 */

type WorkApiErrorCode =
  | 'authentication'
  | 'permission'
  | 'not_found'
  | 'conflict'
  | 'validation'
  | 'rate_limited'
  | 'server'
  | 'timeout'
  | 'connection'
  | 'invalid_response'
  | 'response_too_large'
  | 'address_refused'
  | 'unexpected_status';

/** Which request failed. */
export interface ErrorContext {
  method: string;
  /** Path relative to the base URL, query secrets hidden. */
  path: string;
  /** The client's id for the call, sent as `X-Request-Id` on every attempt. */
  requestId: string;
  /** The server's `X-Request-Id`, when it sent one that differs. */
  serverRequestId?: string | undefined;
}

interface WorkApiErrorInit extends ErrorContext {
  status?: number | undefined;
  /** What the server (or the client's check) said, already scrubbed of secrets. */
  detail?: string | undefined;
  cause?: unknown;
}

const SERVICE = 'the work-management service';

export class WorkApiError extends Error {
  readonly code: WorkApiErrorCode = 'unexpected_status';
  readonly status: number | undefined;
  readonly requestId: string;
  readonly serverRequestId: string | undefined;
  readonly method: string;
  readonly path: string;
  readonly detail: string | undefined;
  readonly userMessage: string;

  constructor(init: WorkApiErrorInit, summary: string, userMessage: string) {
    const where = [
      `${init.method} ${init.path}`,
      init.status === undefined ? undefined : `HTTP ${init.status}`,
      `request ${init.requestId}`,
      init.serverRequestId ? `server request ${init.serverRequestId}` : undefined,
    ].filter(Boolean);
    super(`${summary}${init.detail ? `: ${init.detail}` : ''} (${where.join(', ')})`, { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.requestId = init.requestId;
    this.serverRequestId = init.serverRequestId;
    this.method = init.method;
    this.path = init.path;
    this.detail = init.detail;
    this.userMessage = userMessage;
  }

  /** The error as plain data for logs; the cause is reduced to its name and message. */
  toJSON(): Record<string, unknown> {
    const cause =
      this.cause instanceof Error ? { name: this.cause.name, message: this.cause.message } : undefined;
    const own: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this)) if (key !== 'cause') own[key] = value;
    return { ...own, name: this.name, message: this.message, cause };
  }
}

export class AuthenticationError extends WorkApiError {
  override readonly code = 'authentication';
  constructor(init: WorkApiErrorInit) {
    super(
      init,
      'The service rejected the access token',
      `Taskbridge's access token for ${SERVICE} was not accepted. An admin needs to reconnect Taskbridge with a valid token (the service's "API devices" settings show the active ones).`,
    );
  }
}

export class PermissionError extends WorkApiError {
  override readonly code = 'permission';
  constructor(init: WorkApiErrorInit) {
    super(
      init,
      'Not allowed',
      `You don't have permission to do that in ${SERVICE}${init.detail ? ` (${init.detail})` : ''}. Ask a project admin for access.`,
    );
  }
}

export class NotFoundError extends WorkApiError {
  override readonly code = 'not_found';
  constructor(init: WorkApiErrorInit) {
    super(
      init,
      'Not found',
      `That item was not found in ${SERVICE}: it may have been deleted, or you may not have access to it.`,
    );
  }
}

export class ConflictError extends WorkApiError {
  override readonly code = 'conflict';
  constructor(init: WorkApiErrorInit) {
    super(
      init,
      'Conflict with the current state',
      `${init.detail ?? 'That cannot be done in its current state'}. Refresh and try again.`,
    );
  }
}

interface ValidationErrorInit extends WorkApiErrorInit {
  /** Messages per field, e.g. `{ title: ['The title field is required.'] }`. */
  fields: Record<string, string[]>;
}

export class ValidationError extends WorkApiError {
  override readonly code = 'validation';
  readonly fields: Record<string, string[]>;
  constructor(init: ValidationErrorInit) {
    const lines = Object.entries(init.fields).map(([field, msgs]) => `${field}: ${msgs.join(' ')}`);
    const detail = init.detail ?? (lines.length ? lines.join('; ') : undefined);
    super(
      { ...init, detail },
      'Invalid input',
      lines.length
        ? `Please fix: ${lines.join('; ')}`
        : `${init.detail ?? 'Some of the input was not accepted'}.`,
    );
    this.fields = init.fields;
  }
}

interface RateLimitedErrorInit extends WorkApiErrorInit {
  /** How long to wait before trying again, in milliseconds. */
  retryAfterMs: number;
}

export class RateLimitedError extends WorkApiError {
  override readonly code = 'rate_limited';
  readonly retryAfterMs: number;
  constructor(init: RateLimitedErrorInit) {
    const seconds = Math.max(1, Math.ceil(init.retryAfterMs / 1000));
    super(
      init,
      `Rate limited; retry in ${seconds} s`,
      `${capitalise(SERVICE)} is busy with this workspace's requests right now. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    );
    this.retryAfterMs = init.retryAfterMs;
  }
}

export class ServerError extends WorkApiError {
  override readonly code = 'server';
  constructor(init: WorkApiErrorInit) {
    super(init, 'Server error', `${capitalise(SERVICE)} had a problem on its side. Try again in a minute.`);
  }
}

interface TimeoutErrorInit extends WorkApiErrorInit {
  /** The client's own limit that ran out; absent when the server gave up (HTTP 408). */
  timeoutMs?: number | undefined;
}

export class TimeoutError extends WorkApiError {
  override readonly code = 'timeout';
  readonly timeoutMs: number | undefined;
  constructor(init: TimeoutErrorInit) {
    const seconds = init.timeoutMs === undefined ? undefined : Math.round(init.timeoutMs / 100) / 10;
    super(
      init,
      seconds === undefined
        ? 'The server timed out waiting for the request'
        : `No answer within ${seconds} s`,
      `${capitalise(SERVICE)} did not answer${seconds === undefined ? ' in time' : ` within ${seconds} s`}. Try again; if it keeps happening, the service may be down.`,
    );
    this.timeoutMs = init.timeoutMs;
  }
}

interface ConnectionErrorInit extends WorkApiErrorInit {
  /** False when the request certainly never reached the server (refused, DNS failure). */
  mayHaveReachedServer: boolean;
}

export class ConnectionError extends WorkApiError {
  override readonly code = 'connection';
  readonly mayHaveReachedServer: boolean;
  constructor(init: ConnectionErrorInit) {
    super(
      init,
      'Connection failed',
      `Taskbridge could not reach ${SERVICE}. Check that the service is up and its address is right, then try again.`,
    );
    this.mayHaveReachedServer = init.mayHaveReachedServer;
  }
}

export class InvalidResponseError extends WorkApiError {
  override readonly code = 'invalid_response';
  constructor(init: WorkApiErrorInit) {
    super(
      init,
      'Unreadable answer from the service',
      `${capitalise(SERVICE)} answered in a form Taskbridge does not understand. Try again later; if it persists, report it with request id ${init.requestId}.`,
    );
  }
}

interface ResponseTooLargeErrorInit extends WorkApiErrorInit {
  /** The limit the answer passed, in bytes (WORK_API_MAX_RESPONSE_BYTES). */
  maxBytes: number;
}

/** The answer passed the size limit: it was cut off and dropped, the connection closed. */
export class ResponseTooLargeError extends WorkApiError {
  override readonly code = 'response_too_large';
  readonly maxBytes: number;
  constructor(init: ResponseTooLargeErrorInit) {
    const mb = Math.round((init.maxBytes / 1024 / 1024) * 10) / 10;
    super(
      init,
      `The service answered more than ${init.maxBytes} bytes`,
      `${capitalise(SERVICE)}'s answer was larger than Taskbridge accepts (${mb} MB); nothing was saved.`,
    );
    this.maxBytes = init.maxBytes;
  }
}

/** The service's address is one this deployment may not reach (address-policy.ts); nothing was sent. */
export class AddressRefusedError extends WorkApiError {
  override readonly code = 'address_refused';
  constructor(init: WorkApiErrorInit) {
    super(
      init,
      'Address not allowed',
      `Taskbridge may not reach ${SERVICE} at its saved address (it must be https and publicly reachable). A workspace admin needs to reconnect with an allowed address.`,
    );
  }
}

/** Any other status: the generic case. */
export class UnexpectedStatusError extends WorkApiError {
  override readonly code = 'unexpected_status';
  constructor(init: WorkApiErrorInit) {
    super(
      init,
      'Unexpected answer',
      `${capitalise(SERVICE)} refused the request (HTTP ${init.status ?? '?'})${init.detail ? `: ${init.detail}` : ''}.`,
    );
  }
}

interface StatusErrorInit extends WorkApiErrorInit {
  status: number;
  fields: Record<string, string[]>;
  /** For a 429: how long to wait, as worked out from the headers or the limiter. */
  retryAfterMs?: number;
}

/** Picks the error class from the status: the one place that maps statuses to causes. */
export function errorFromStatus(init: StatusErrorInit): WorkApiError {
  const { status } = init;
  const hasFields = Object.keys(init.fields).length > 0;
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new PermissionError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 408) return new TimeoutError(init);
  if (status === 409) return new ConflictError(init);
  // Some services answer validation failures with 400; the field messages tell them apart.
  if (status === 422 || (status === 400 && hasFields)) return new ValidationError(init);
  if (status === 429) return new RateLimitedError({ ...init, retryAfterMs: init.retryAfterMs ?? 0 });
  if (status >= 500 && status <= 599) return new ServerError(init);
  return new UnexpectedStatusError(init);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
