/**
 * One call to the service, start to finish: check the input, wait for the limiter, send, read the
 * answer or pick the error, and retry when the rule for the endpoint allows it (retry.ts). Every
 * resource method is a thin wrapper around `call`.
 */
import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { classifyRequest, type EndpointName, endpoint } from '../contract/index.ts';
import type { Clock } from './clock.ts';
import { describeIssues, ReadProblem } from './envelopes.ts';
import { readErrorBody } from './error-body.ts';
import {
  ConnectionError,
  type ErrorContext,
  errorFromStatus,
  InvalidResponseError,
  RateLimitedError,
  TimeoutError,
  ValidationError,
  type WorkApiError,
} from './errors.ts';
import type { RateLimiter } from './limiter.ts';
import type { CallOptions } from './paginate.ts';
import { parseRetryAfter, retryAtFromHeaders } from './rate-limit-headers.ts';
import { safePath, scrub } from './redact.ts';
import { type AttemptOutcome, backoffDelay, nextStep, type RetryPolicy, retryRuleFor } from './retry.ts';
import { type HttpResponse, sendHttp, TransportFailure } from './transport.ts';

/** A pino-like logger. The client logs ids, paths, statuses and timings: never the token. */
export interface WorkApiLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface PipelineContext {
  baseUrl: URL;
  token: string;
  tokenKey: string;
  dispatcher: Dispatcher;
  timeoutMs: number;
  maxWaitMs: number;
  limiter: RateLimiter;
  retry: RetryPolicy;
  clock: Clock;
  logger: WorkApiLogger | undefined;
}

/** A successful answer, as a reader sees it. */
export interface Answer {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** Parsed JSON; undefined for an empty body. */
  json: unknown;
  url: URL;
}

export interface CallSpec<T> {
  endpoint: EndpointName;
  /** Values for `{id}` and `{uid}` in the path. */
  params?: Readonly<Record<string, number>>;
  query?: object | undefined;
  /** Left out: no body is sent. */
  body?: object | undefined;
  read(answer: Answer): T;
  /**
   * For creates with the `lookup` rule: finds a record that an attempt which failed ambiguously
   * may have made, created at or after `since` (epoch ms, client clock). Undefined: none found.
   */
  lookup?: (since: number) => Promise<T | undefined>;
  /** A toggle that names the state it wants can run twice safely. */
  setsState?: boolean;
  /** What a 404 on a retry means: the first attempt already did it (deletes). */
  afterLostSuccess?: () => T;
  options?: CallOptions | undefined;
}

const USER_AGENT = 'taskbridge-work-api-client';

export type Call = <T>(spec: CallSpec<T>) => Promise<T>;

export function createCall(ctx: PipelineContext): Call {
  const secrets = [ctx.token];
  const clean = (text: string | undefined) => (text === undefined ? undefined : scrub(text, secrets));

  return async function call<T>(spec: CallSpec<T>): Promise<T> {
    const def = endpoint(spec.endpoint);
    const requestId = randomUUID();
    const signal = spec.options?.signal;
    const maxWaitMs = spec.options?.maxWaitMs ?? ctx.maxWaitMs;
    const relativePath = fillPath(def.path, spec.params, { method: def.method, path: def.path, requestId });
    const errorContext: ErrorContext = { method: def.method, path: def.path, requestId };

    if (spec.body !== undefined && def.body) checkInput(def.body, spec.body, 'body', errorContext);
    if (spec.body === undefined && def.body && !def.bodyOptional) {
      throw new ValidationError({ ...errorContext, fields: { body: ['a request body is required'] } });
    }
    if (spec.query !== undefined && def.query) checkInput(def.query, spec.query, 'query', errorContext);

    const search = queryString(spec.query);
    const url = new URL(`${ctx.baseUrl.pathname.replace(/\/$/, '')}${relativePath}${search}`, ctx.baseUrl);
    const ctxBase: ErrorContext = { ...errorContext, path: safePath(`${relativePath}${search}`) };
    const rateClass = classifyRequest({ method: def.method, query: spec.query as Record<string, unknown> });
    const rule = retryRuleFor(def.name as EndpointName, def.method, spec.setsState);
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const headers: Record<string, string> = {
      authorization: `Bearer ${ctx.token}`,
      accept: 'application/json',
      'user-agent': USER_AGENT,
      'x-request-id': requestId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    const firstAttemptAt = ctx.clock.now();

    for (let attempt = 0; ; attempt++) {
      const acquired = await ctx.limiter.acquire(ctx.tokenKey, rateClass, {
        maxWaitMs,
        inFlightMs: ctx.timeoutMs,
        signal,
      });
      if (!acquired.granted) {
        throw new RateLimitedError({
          ...ctxBase,
          retryAfterMs: acquired.waitMs,
          detail: `held back by the client's own ${rateClass} limit of ${ctx.limiter.limitFor(rateClass)} requests a window; the wait exceeds ${maxWaitMs} ms`,
        });
      }

      const sentAt = ctx.clock.now();
      let response: HttpResponse | undefined;
      let failure: unknown;
      try {
        response = await sendHttp(ctx.dispatcher, {
          method: def.method,
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          headers,
          body,
          timeoutMs: ctx.timeoutMs,
          signal,
        });
      } catch (error) {
        failure = error;
      } finally {
        await acquired.slot.release();
      }
      const now = ctx.clock.now();
      const serverRequestId = response?.headers['x-request-id'];
      const attemptContext: ErrorContext = {
        ...ctxBase,
        serverRequestId:
          serverRequestId && serverRequestId !== requestId ? clean(serverRequestId) : undefined,
      };
      ctx.logger?.debug(
        {
          requestId,
          method: def.method,
          path: ctxBase.path,
          attempt,
          rateClass,
          status: response?.status,
          failure: failure instanceof TransportFailure ? failure.kind : undefined,
          ms: now - sentAt,
        },
        'work api request',
      );

      if (response && response.status >= 200 && response.status < 300) {
        return readAnswer(spec, response, url, attemptContext, clean);
      }

      let error: WorkApiError;
      let outcome: AttemptOutcome;
      let waitMs: number | undefined;
      if (failure !== undefined) {
        if (!(failure instanceof TransportFailure)) throw failure;
        if (failure.kind === 'aborted') throw signal?.reason ?? failure;
        const cause = failure.cause;
        if (failure.kind === 'timeout') {
          error = new TimeoutError({ ...attemptContext, timeoutMs: ctx.timeoutMs, cause });
          outcome = { kind: 'timeout' };
        } else {
          error = new ConnectionError({
            ...attemptContext,
            mayHaveReachedServer: failure.mayHaveReachedServer,
            detail: clean(failure.message),
            cause,
          });
          outcome = { kind: 'connection', mayHaveReachedServer: failure.mayHaveReachedServer };
        }
      } else {
        const res = response!;
        const info = readErrorBody(res.text);
        if (res.status === 429) {
          // No header: the server's window is full for reasons we cannot see; wait it out whole.
          const retryAt = retryAtFromHeaders(res.headers, now) ?? now + ctx.limiter.windowMs;
          await ctx.limiter.block(ctx.tokenKey, rateClass, retryAt);
          waitMs = retryAt - now;
        } else if (res.status === 503) {
          const retryAt = parseRetryAfter(res.headers['retry-after'], now);
          if (retryAt !== undefined) waitMs = retryAt - now;
        }
        if (res.status === 404 && attempt > 0 && spec.afterLostSuccess) return spec.afterLostSuccess();
        error = errorFromStatus({
          ...attemptContext,
          status: res.status,
          detail: clean(info.message),
          fields: Object.fromEntries(
            Object.entries(info.fields).map(([field, messages]) => [field, messages.map((m) => clean(m)!)]),
          ),
          ...(waitMs === undefined ? {} : { retryAfterMs: waitMs }),
        });
        outcome = {
          kind: 'status',
          status: res.status,
          hasRetryAfter: res.headers['retry-after'] !== undefined,
        };
      }

      const step = nextStep(rule, outcome);
      if (step === 'stop' || attempt >= ctx.retry.maxRetries) throw error;
      // A 429 waits in the limiter (which now holds everyone of this token); others back off here.
      const delay =
        outcome.kind === 'status' && outcome.status === 429
          ? 0
          : (waitMs ?? backoffDelay(ctx.retry, attempt + 1));
      if (delay > maxWaitMs) throw error;
      ctx.logger?.warn(
        {
          requestId,
          method: def.method,
          path: ctxBase.path,
          attempt,
          error: error.code,
          status: error.status,
          delayMs: delay,
          next: step,
        },
        'work api call failed; retrying',
      );
      if (delay > 0) await ctx.clock.sleep(delay, signal);
      if (step === 'lookup') {
        // Looked for only after the backoff: a request that timed out may still be landing.
        const found = await lookFor(spec, firstAttemptAt, error, ctx.logger);
        if (found.done) return found.value;
      }
    }
  };
}

async function lookFor<T>(
  spec: CallSpec<T>,
  since: number,
  error: WorkApiError,
  logger: WorkApiLogger | undefined,
): Promise<{ done: true; value: T } | { done: false }> {
  if (!spec.lookup) throw error;
  let found: T | undefined;
  try {
    found = await spec.lookup(since);
  } catch (lookupError) {
    // Cannot tell whether the first attempt made the record: posting again could duplicate it.
    logger?.warn(
      { requestId: error.requestId, lookupError: (lookupError as WorkApiError).code ?? 'unknown' },
      'work api: could not check for a record made by a failed attempt; not retrying',
    );
    throw error;
  }
  if (found === undefined) return { done: false };
  logger?.info({ requestId: error.requestId }, 'work api: a failed attempt had made the record; using it');
  return { done: true, value: found };
}

function readAnswer<T>(
  spec: CallSpec<T>,
  response: HttpResponse,
  url: URL,
  context: ErrorContext,
  clean: (t: string | undefined) => string | undefined,
): T {
  let json: unknown;
  if (response.text.trim() !== '') {
    try {
      json = JSON.parse(response.text);
    } catch (cause) {
      throw new InvalidResponseError({
        ...context,
        status: response.status,
        detail: `the body is not JSON (starts ${JSON.stringify(clean(response.text.slice(0, 60)))})`,
        cause,
      });
    }
  }
  try {
    return spec.read({ status: response.status, headers: response.headers, json, url });
  } catch (problem) {
    if (!(problem instanceof ReadProblem)) throw problem;
    throw new InvalidResponseError({ ...context, status: response.status, detail: clean(problem.message) });
  }
}

function fillPath(
  template: string,
  params: Readonly<Record<string, number>> | undefined,
  context: ErrorContext,
): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (!Number.isSafeInteger(value) || (value as number) < 1) {
      throw new ValidationError({
        ...context,
        fields: { [name]: [`must be a positive integer, got ${String(value)}`] },
      });
    }
    return String(value);
  });
}

function checkInput(schema: z.ZodType, value: object, where: 'body' | 'query', context: ErrorContext): void {
  const parsed = schema.safeParse(value);
  if (parsed.success) return;
  const fields: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    fields[field] = [...(fields[field] ?? []), message];
  };
  for (const issue of parsed.error.issues) {
    const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    for (const key of unknownKeys) add([...issue.path, key].join('.'), 'is not a known field');
    if (unknownKeys.length) continue;
    const field = issue.path.length ? issue.path.map(String).join('.') : where;
    add(field, issue.message);
  }
  throw new ValidationError({
    ...context,
    detail: `invalid ${where}: ${describeIssues(parsed.error)}`,
    fields,
  });
}

function queryString(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
