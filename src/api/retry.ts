/**
 * When a failed call is tried again, and after how long. One policy (counts and backoff) and one
 * table of rules per endpoint, so the question "can this request run twice?" has one answer.
 *
 * | endpoints                                   | rule             | why a second attempt is safe                                           |
 * | ------------------------------------------- | ---------------- | ---------------------------------------------------------------------- |
 * | every GET                                   | idempotent       | reads change nothing                                                   |
 * | every PUT                                   | idempotent       | they set fields to given values; twice gives the same record           |
 * | tasks.delete                                | idempotent       | deleting twice leaves it deleted; a 404 on a retry counts as done      |
 * | automations.toggle with `is_active`         | idempotent       | it sets the state rather than flipping it                              |
 * | tasks.create, projects.create               | lookup           | after an ambiguous failure the client first looks for a record with the same title / name created since the first attempt, and answers it instead of posting again |
 * | workspaces.create, sprints.create, mindMaps.create, goals.create, goals.addTarget, automations.create, members.invite | unacted-only | the spec has no idempotency key and no way to find the record: retried only when the server cannot have acted |
 * | sprints.start, automations.toggle without a body | unacted-only | a repeat would act again (toggle flips back) or fail with 409         |
 *
 * "The server cannot have acted" means: the request was never fully written (refused, DNS, a
 * connect timeout, a socket closed or a timeout before the last byte went out), or the server
 * answered 429 (it refuses before handling), or 503 with `Retry-After` (it says it is not
 * serving). A timeout or a reset after sending, a 408 or another 5xx is ambiguous: the request may
 * have been carried out.
 * Never retried, whatever the rule: 400, 401, 403, 404, 409, 422 and every other 4xx but 408/429.
 */
import type { EndpointName } from '../contract/index.ts';

export interface RetryPolicy {
  /** Attempts after the first. Default 3. */
  maxRetries: number;
  /** Backoff before the first retry, in ms; doubles each time. Default 250. */
  baseDelayMs: number;
  /** Longest backoff, in ms. Default 8 000. */
  maxDelayMs: number;
  /** Random numbers in [0, 1) for jitter. Default `Math.random`. */
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  random: Math.random,
};

export function resolveRetryPolicy(partial: Partial<RetryPolicy> | undefined): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, ...partial };
  for (const key of ['maxRetries', 'baseDelayMs', 'maxDelayMs'] as const) {
    if (!Number.isFinite(policy[key]) || policy[key] < 0) {
      throw new RangeError(`retry.${key} must be a non-negative number, got ${String(policy[key])}`);
    }
  }
  return policy;
}

/**
 * Backoff before retry number `retry` (1-based): exponential, capped, with "equal jitter" (half
 * fixed, half random) so that clients that failed together do not retry together, yet none retries
 * at once.
 */
export function backoffDelay(policy: RetryPolicy, retry: number): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(exp / 2 + (exp / 2) * policy.random());
}

/**
 * A lookup accepts records stamped this long before the first attempt: the service's clock and
 * ours may differ. Wider finds a record despite skew; narrower is less likely to take another
 * person's record of the same title, made just before, for ours.
 */
export const LOOKUP_CLOCK_MARGIN_MS = 30_000;

export type RetryRule = 'idempotent' | 'lookup' | 'unacted-only';

const POST_RULES: Partial<Record<EndpointName, RetryRule>> = {
  'tasks.create': 'lookup',
  'projects.create': 'lookup',
  'workspaces.create': 'unacted-only',
  'sprints.create': 'unacted-only',
  'sprints.start': 'unacted-only',
  'mindMaps.create': 'unacted-only',
  'goals.create': 'unacted-only',
  'goals.addTarget': 'unacted-only',
  'automations.create': 'unacted-only',
  'automations.toggle': 'unacted-only',
  'members.invite': 'unacted-only',
};

/** The rule for one call. `setsState` marks a toggle that names the state it wants. */
export function retryRuleFor(name: EndpointName, method: string, setsState = false): RetryRule {
  if (method !== 'POST') return 'idempotent';
  if (name === 'automations.toggle' && setsState) return 'idempotent';
  return POST_RULES[name] ?? 'unacted-only';
}

/** What happened to one attempt, as far as retrying cares. */
export type AttemptOutcome =
  | { kind: 'status'; status: number; hasRetryAfter: boolean }
  | { kind: 'timeout'; mayHaveReachedServer: boolean }
  | { kind: 'connection'; mayHaveReachedServer: boolean }
  /** Stopped by the client itself (address refused, answer too large): the same again ends the same. */
  | { kind: 'refused' };

/** Whether the server can have carried the request out. */
type ActedVerdict = 'not-acted' | 'maybe-acted' | 'final';

const RETRYABLE_STATUS = (status: number) =>
  status === 408 || status === 429 || (status >= 500 && status <= 599 && status !== 501 && status !== 505);

export function actedVerdict(outcome: AttemptOutcome): ActedVerdict {
  switch (outcome.kind) {
    case 'refused':
      return 'final';
    case 'timeout':
    case 'connection':
      return outcome.mayHaveReachedServer ? 'maybe-acted' : 'not-acted';
    case 'status':
      if (!RETRYABLE_STATUS(outcome.status)) return 'final';
      if (outcome.status === 429 || (outcome.status === 503 && outcome.hasRetryAfter)) return 'not-acted';
      return 'maybe-acted';
  }
}

/** What to do next: try again, look for the record first, or give up with the error. */
type NextStep = 'retry' | 'lookup' | 'stop';

export function nextStep(rule: RetryRule, outcome: AttemptOutcome): NextStep {
  const verdict = actedVerdict(outcome);
  if (verdict === 'final') return 'stop';
  if (verdict === 'not-acted' || rule === 'idempotent') return 'retry';
  return rule === 'lookup' ? 'lookup' : 'stop';
}
