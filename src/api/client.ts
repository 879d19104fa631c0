/**
 * The client: every endpoint of the service, typed, behind one rate limiter, one retry policy and
 * one read cache. `createWorkApiClient` wires the parts; the resource modules hold the endpoints.
 */
import type { Dispatcher } from 'undici';
import type { RateClass } from '../contract/index.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { createCachedReads, createMemoryReadCache, type ReadCache } from './cache.ts';
import { type Capabilities, createCapabilities } from './capabilities.ts';
import { createDoneChoice, type DoneChoice } from './done-status.ts';
import { createRateLimiter, type RateLimiter, tokenKey } from './limiter.ts';
import type { LaneName } from './limiter-lanes.ts';
import { createCall, type WorkApiLogger } from './pipeline.ts';
import { createAutomationsResource } from './resources/automations.ts';
import { createGoalsResource } from './resources/goals.ts';
import { createMembersResource } from './resources/members.ts';
import { createMindMapsResource } from './resources/mind-maps.ts';
import { createProjectsResource } from './resources/projects.ts';
import { createSprintsResource } from './resources/sprints.ts';
import type { ResourceContext } from './resources/support.ts';
import { createTasksResource } from './resources/tasks.ts';
import { createWorkspacesResource } from './resources/workspaces.ts';
import { type RetryPolicy, resolveRetryPolicy } from './retry.ts';
import { createTaskProjects } from './task-projects.ts';
import { defaultDispatcher } from './transport.ts';

export interface WorkApiClientOptions {
  /** The service's base URL, including its `/api` prefix, e.g. `https://work.example.com/api`. */
  baseUrl: string;
  /** The bearer token. It goes into the Authorization header and nowhere else. */
  token: string;
  /** undici dispatcher. Default: a keep-alive Agent shared by the whole process. */
  dispatcher?: Dispatcher;
  /** Per request, in ms, from sending to the last byte of the answer. Default 10 000. */
  timeoutMs?: number;
  /**
   * The most bytes of one answer's body (WORK_API_MAX_RESPONSE_BYTES); a longer answer is cut off,
   * its connection dropped, and the call fails with `ResponseTooLargeError`. Default 8 MiB: the
   * largest answer the contract allows, a page of 100 tasks, is well under 1 MiB.
   */
  maxResponseBytes?: number;
  /**
   * Default: one in-memory limiter with `RATE_LIMITS`, shared by every client of the process (the
   * budget belongs to the token, not to a client); a new one when a clock other than the system's
   * is given.
   */
  limiter?: RateLimiter;
  /** Default: 3 retries, jittered exponential backoff from 250 ms, capped at 8 s. */
  retry?: Partial<RetryPolicy>;
  /** Read cache for projects, statuses and members; `false` turns it off. Default: in memory. */
  cache?: ReadCache | false;
  /** Default: the system clock. */
  clock?: Clock;
  /** pino-like logger; it is never given the token. Default: no logging. */
  logger?: WorkApiLogger;
  /**
   * A call that would wait longer than this (for the limiter, or for a 429's `Retry-After`)
   * fails at once with `RateLimitedError` carrying the wait. The Slack app sets it per surface
   * (src/slack/kit/wait-budgets.ts). Default 120 000.
   */
  maxWaitMs?: number;
}

export interface WorkApiClient {
  workspaces: ReturnType<typeof createWorkspacesResource>;
  projects: ReturnType<typeof createProjectsResource>;
  tasks: ReturnType<typeof createTasksResource>;
  sprints: ReturnType<typeof createSprintsResource>;
  mindMaps: ReturnType<typeof createMindMapsResource>;
  goals: ReturnType<typeof createGoalsResource>;
  automations: ReturnType<typeof createAutomationsResource>;
  members: ReturnType<typeof createMembersResource>;
  /** What this connection's service was seen to support beyond the spec (optional endpoints, filters). */
  capabilities: Capabilities;
  /** Status names an admin said mean done, for services whose statuses do not say (`done-status.ts`). */
  doneChoice: DoneChoice;
  limiter: {
    /**
     * Ms a new request of the class and lane would wait now for this token (0: at once), behind
     * every instance's waiters when the limiter's state is shared. Defaults: general; the work's
     * lane (`withLane`), else `read`.
     */
    estimateWait(rateClass?: RateClass, lane?: LaneName): Promise<number>;
  };
}

export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

let processLimiter: RateLimiter | undefined;

function sharedLimiter(): RateLimiter {
  processLimiter ??= createRateLimiter();
  return processLimiter;
}

export function createWorkApiClient(options: WorkApiClientOptions): WorkApiClient {
  const baseUrl = checkBaseUrl(options.baseUrl);
  checkToken(options.token);
  const timeoutMs = checkPositive('timeoutMs', options.timeoutMs ?? 10_000);
  const maxResponseBytes = checkPositive(
    'maxResponseBytes',
    options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    false,
    'bytes',
  );
  const maxWaitMs = checkPositive('maxWaitMs', options.maxWaitMs ?? 120_000, true);
  const clock = options.clock ?? systemClock;
  const limiter = options.limiter ?? (clock !== systemClock ? createRateLimiter({ clock }) : sharedLimiter());
  const key = tokenKey(options.token);
  const cache = options.cache === false ? undefined : (options.cache ?? createMemoryReadCache({ clock }));

  const call = createCall({
    baseUrl,
    token: options.token,
    tokenKey: key,
    dispatcher: options.dispatcher ?? defaultDispatcher(),
    timeoutMs,
    maxResponseBytes,
    maxWaitMs,
    limiter,
    retry: resolveRetryPolicy(options.retry),
    clock,
    logger: options.logger,
  });

  const reads = cache ? createCachedReads(cache, key) : undefined;
  const capabilities = createCapabilities();
  const choice = createDoneChoice();
  const doneChoice: DoneChoice = {
    names: choice.names,
    set(names) {
      const changed = choice.set(names);
      // Statuses are cached with their done flags: read them again under the new choice.
      if (changed) reads?.invalidate(['projects']).catch(() => {});
      return changed;
    },
  };
  const ctx: ResourceContext = {
    call,
    clock,
    tasks: createTaskProjects(),
    capabilities,
    doneChoice,
    cached: (name, ttlMs, tags, load, options) =>
      reads ? reads.read(name, ttlMs, tags, load, { fresh: options?.fresh === true }) : load(),
    invalidate: async (tags) => {
      await reads?.invalidate(tags);
    },
  };

  return {
    workspaces: createWorkspacesResource(ctx),
    projects: createProjectsResource(ctx),
    tasks: createTasksResource(ctx),
    sprints: createSprintsResource(ctx),
    mindMaps: createMindMapsResource(ctx),
    goals: createGoalsResource(ctx),
    automations: createAutomationsResource(ctx),
    members: createMembersResource(ctx),
    capabilities,
    doneChoice,
    limiter: {
      estimateWait: (rateClass = 'general', lane?: LaneName) => limiter.estimateWait(key, rateClass, lane),
    },
  };
}

function checkBaseUrl(value: unknown): URL {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new TypeError(
      `createWorkApiClient: baseUrl must be an http(s) URL including the /api prefix, e.g. https://work.example.com/api; got ${JSON.stringify(String(value).slice(0, 100))}`,
    );
  }
  if (url.search || url.hash)
    throw new TypeError('createWorkApiClient: baseUrl must not carry a query or fragment');
  if (url.username || url.password) {
    throw new TypeError('createWorkApiClient: baseUrl must not carry credentials; pass the token as `token`');
  }
  return url;
}

function checkToken(value: unknown): void {
  // The message never repeats the value: it may be a real token with a typo.
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError('createWorkApiClient: token is required (the service API token)');
  }
  if (/\s/.test(value)) {
    throw new TypeError(
      'createWorkApiClient: token must not contain spaces or line breaks (was it pasted with extra text?)',
    );
  }
}

function checkPositive(name: string, value: number, zeroOk = false, unit = 'ms'): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0 || (!zeroOk && value === 0)) {
    throw new RangeError(
      `createWorkApiClient: ${name} must be a ${zeroOk ? 'non-negative' : 'positive'} number of ${unit}, got ${String(value)}`,
    );
  }
  return value;
}
