/**
 * A failed attempt, read for the retry loop: the typed error to throw if it ends here, what it
 * means for a retry (retry.ts), and how long the server asked us to wait.
 */
import { readErrorBody } from './error-body.ts';
import {
  AddressRefusedError,
  ConnectionError,
  type ErrorContext,
  errorFromStatus,
  ResponseTooLargeError,
  TimeoutError,
  type WorkApiError,
} from './errors.ts';
import { parseRetryAfter, retryAtFromHeaders } from './rate-limit-headers.ts';
import type { AttemptOutcome } from './retry.ts';
import type { HttpResponse, TransportFailure } from './transport.ts';

export interface FailedAttempt {
  error: WorkApiError;
  outcome: AttemptOutcome;
  /** The wait the server named (a 429, or a 503 with `Retry-After`), in ms. */
  waitMs: number | undefined;
  /** For a 429: until when every request of the token and class must hold (epoch ms). */
  blockUntil?: number;
}

type Clean = (text: string | undefined) => string | undefined;

export function failureOfTransport(
  failure: TransportFailure,
  context: ErrorContext,
  limits: { timeoutMs: number; maxBodyBytes: number },
  clean: Clean,
): FailedAttempt {
  const { timeoutMs } = limits;
  const reached = failure.mayHaveReachedServer;
  if (failure.kind === 'too_large' || failure.kind === 'refused') {
    const init = { ...context, detail: clean(failure.message), cause: failure.cause };
    return {
      error:
        failure.kind === 'too_large'
          ? new ResponseTooLargeError({ ...init, maxBytes: limits.maxBodyBytes })
          : new AddressRefusedError(init),
      outcome: { kind: 'refused' },
      waitMs: undefined,
    };
  }
  if (failure.kind === 'timeout') {
    return {
      error: new TimeoutError({ ...context, timeoutMs, cause: failure.cause }),
      outcome: { kind: 'timeout', mayHaveReachedServer: reached },
      waitMs: undefined,
    };
  }
  return {
    error: new ConnectionError({
      ...context,
      mayHaveReachedServer: reached,
      detail: clean(failure.message),
      cause: failure.cause,
    }),
    outcome: { kind: 'connection', mayHaveReachedServer: reached },
    waitMs: undefined,
  };
}

export function failureOfAnswer(
  res: HttpResponse,
  context: ErrorContext,
  now: number,
  windowMs: number,
  clean: Clean,
): FailedAttempt {
  const info = readErrorBody(res.text);
  let waitMs: number | undefined;
  let blockUntil: number | undefined;
  if (res.status === 429) {
    // No usable header: the server's window is full for reasons we cannot see; wait it out whole.
    blockUntil = retryAtFromHeaders(res.headers, now) ?? now + windowMs;
    waitMs = blockUntil - now;
  } else if (res.status === 503) {
    const retryAt = parseRetryAfter(res.headers['retry-after'], now);
    if (retryAt !== undefined) waitMs = retryAt - now;
  }
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(info.fields))
    fields[field] = messages.map((m) => clean(m) ?? '');
  const error = errorFromStatus({
    ...context,
    status: res.status,
    detail: clean(info.message),
    fields,
    ...(waitMs === undefined ? {} : { retryAfterMs: waitMs }),
  });
  return {
    error,
    outcome: { kind: 'status', status: res.status, hasRetryAfter: res.headers['retry-after'] !== undefined },
    waitMs,
    ...(blockUntil === undefined ? {} : { blockUntil }),
  };
}
