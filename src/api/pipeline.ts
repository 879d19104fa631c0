/**
 * One call to the service, start to finish: check the input, wait for the limiter, send, read the
 * answer or pick the error, and retry when the rule for the endpoint allows it (retry.ts). Every
 * resource method is a thin wrapper around `call`.
 */
import { randomUUID } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import type { Dispatcher } from 'undici';
import { classifyRequest, type EndpointName } from '../contract/index.ts';
import type { Clock } from '../lib/clock.ts';
import { type FailedAttempt, failureOfAnswer, failureOfTransport } from './attempt-failure.ts';
import { ReadProblem } from './envelopes.ts';
import {
  type ErrorContext,
  InvalidResponseError,
  RateLimitedError,
  ValidationError,
  type WorkApiError,
} from './errors.ts';
import type { RateLimiter } from './limiter.ts';
import { currentLane } from './limiter-lanes.ts';
import type { CallOptions } from './paginate.ts';
import { safePath, scrub } from './redact.ts';
import { checkInput, queryString, route } from './request-input.ts';
import { backoffDelay, nextStep, type RetryPolicy, retryRuleFor } from './retry.ts';
import { type HttpResponse, sendHttp, TransportFailure } from './transport.ts';

/**
 * A request the client's own limiter held back (the wait would pass its bound): published for
 * `/metrics`, as the person is told in words and the log keeps one short line.
 */
export const HELD_BACK = 'taskbridge:work-api:held-back';
export interface HeldBack {
  rateClass: string;
  lane: string;
}
const heldBackChannel = channel(HELD_BACK);

/** A pino-like logger. The client logs ids, paths, statuses and timings: never the token. */
export interface WorkApiLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  /** pino's: when it says debug is off, the per-request debug line is not even built. */
  isLevelEnabled?(level: string): boolean;
}

interface PipelineContext {
  baseUrl: URL;
  token: string;
  tokenKey: string;
  dispatcher: Dispatcher;
  timeoutMs: number;
  /** The most bytes of one answer's body. */
  maxResponseBytes: number;
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

interface CallSpec<T> {
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
  const origin = ctx.baseUrl.origin;
  const basePath = ctx.baseUrl.pathname.replace(/\/$/, '');
  const authorization = `Bearer ${ctx.token}`;

  return async function call<T>(spec: CallSpec<T>): Promise<T> {
    const { def, fill } = route(spec.endpoint);
    const requestId = randomUUID();
    const signal = spec.options?.signal;
    const maxWaitMs = spec.options?.maxWaitMs ?? ctx.maxWaitMs;
    const inputContext = (): ErrorContext => ({ method: def.method, path: def.path, requestId });
    const relativePath = fill(spec.params, inputContext);

    if (spec.body !== undefined && def.body) checkInput(def.body, spec.body, 'body', inputContext);
    if (spec.body === undefined && def.body && !def.bodyOptional) {
      throw new ValidationError({ ...inputContext(), fields: { body: ['a request body is required'] } });
    }
    if (spec.query !== undefined && def.query) checkInput(def.query, spec.query, 'query', inputContext);

    const search = queryString(spec.query);
    const path = `${basePath}${relativePath}${search}`;
    // Built only when something is reported: the success path never needs it.
    const report = (serverRequestId?: string): ErrorContext => ({
      method: def.method,
      path: safePath(`${relativePath}${search}`),
      requestId,
      serverRequestId: serverRequestId && serverRequestId !== requestId ? clean(serverRequestId) : undefined,
    });
    const rateClass = spec.query
      ? classifyRequest({ method: def.method, query: spec.query as Record<string, unknown> })
      : 'general';
    const rule = retryRuleFor(spec.endpoint, def.method, spec.setsState);
    const lane = spec.options?.lane ?? currentLane() ?? (def.method === 'GET' ? 'read' : 'write');
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const headers: Record<string, string> = {
      authorization,
      accept: 'application/json',
      'user-agent': USER_AGENT,
      'x-request-id': requestId,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    // pino's answer, asked once: when debug is off the per-attempt line is not even built.
    const debug = ctx.logger !== undefined && ctx.logger.isLevelEnabled?.('debug') !== false;
    // When the first attempt left; a lookup after an ambiguous failure looks for records from then.
    let firstAttemptAt = 0;

    for (let attempt = 0; ; attempt++) {
      const acquired = await ctx.limiter.acquire(ctx.tokenKey, rateClass, {
        maxWaitMs,
        inFlightMs: ctx.timeoutMs,
        signal,
        lane,
      });
      if (!acquired.granted) {
        if (heldBackChannel.hasSubscribers) heldBackChannel.publish({ rateClass, lane } satisfies HeldBack);
        throw new RateLimitedError({
          ...report(),
          retryAfterMs: acquired.waitMs,
          detail: `held back by the client's own ${rateClass} limit of ${ctx.limiter.limitFor(rateClass)} requests a window (lane ${lane}); the wait exceeds ${maxWaitMs} ms`,
        });
      }

      // One clock read per request on the way out; the answer's time is read only when needed.
      const sentAt = attempt === 0 || debug ? ctx.clock.now().getTime() : 0;
      if (attempt === 0) firstAttemptAt = sentAt;
      let response: HttpResponse | undefined;
      let failure: unknown;
      try {
        response = await sendHttp(ctx.dispatcher, {
          method: def.method,
          origin,
          path,
          headers,
          body,
          timeoutMs: ctx.timeoutMs,
          maxBodyBytes: ctx.maxResponseBytes,
          signal,
        });
      } catch (error) {
        failure = error;
      } finally {
        await acquired.slot.release();
      }
      if (debug)
        ctx.logger?.debug(
          {
            requestId,
            method: def.method,
            path: safePath(`${relativePath}${search}`),
            attempt,
            rateClass,
            status: response?.status,
            failure: failure instanceof TransportFailure ? failure.kind : undefined,
            ms: ctx.clock.now().getTime() - sentAt,
          },
          'work api request',
        );

      if (response && response.status >= 200 && response.status < 300) {
        const answered = response;
        return readAnswer(
          spec,
          answered,
          `${origin}${path}`,
          () => report(answered.headers['x-request-id']),
          clean,
        );
      }
      const attemptContext = report(response?.headers['x-request-id']);

      let failed: FailedAttempt;
      if (failure !== undefined) {
        if (!(failure instanceof TransportFailure)) throw failure;
        if (failure.kind === 'aborted') throw signal?.reason ?? failure;
        failed = failureOfTransport(
          failure,
          attemptContext,
          { timeoutMs: ctx.timeoutMs, maxBodyBytes: ctx.maxResponseBytes },
          clean,
        );
      } else {
        const res = response!;
        if (res.status === 404 && attempt > 0 && spec.afterLostSuccess) return spec.afterLostSuccess();
        failed = failureOfAnswer(res, attemptContext, ctx.clock.now().getTime(), ctx.limiter.windowMs, clean);
        // Everyone of this token waits, not only this call: the server's window is full.
        if (failed.blockUntil !== undefined)
          await ctx.limiter.block(ctx.tokenKey, rateClass, failed.blockUntil);
      }
      const { error, outcome, waitMs } = failed;

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
          path: attemptContext.path,
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
  href: string,
  context: () => ErrorContext,
  clean: (t: string | undefined) => string | undefined,
): T {
  let json: unknown;
  // An empty or blank body (a 204) has nothing to parse.
  if (!/^\s*$/.test(response.text)) {
    try {
      json = JSON.parse(response.text);
    } catch (cause) {
      throw new InvalidResponseError({
        ...context(),
        status: response.status,
        detail: `the body is not JSON (starts ${JSON.stringify(clean(response.text.slice(0, 60)))})`,
        cause,
      });
    }
  }
  let url: URL | undefined;
  const answer: Answer = {
    status: response.status,
    headers: response.headers,
    json,
    get url() {
      url ??= new URL(href);
      return url;
    },
  };
  try {
    return spec.read(answer);
  } catch (problem) {
    if (!(problem instanceof ReadProblem)) throw problem;
    throw new InvalidResponseError({ ...context(), status: response.status, detail: clean(problem.message) });
  }
}
