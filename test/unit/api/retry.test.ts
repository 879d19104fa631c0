import { describe, expect, it } from 'vitest';
import {
  actedVerdict,
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  nextStep,
  resolveRetryPolicy,
  retryRuleFor,
} from '../../../src/api/retry.ts';
import { ENDPOINTS, type EndpointName } from '../../../src/contract/index.ts';

const policy = (random: number) => ({ ...DEFAULT_RETRY_POLICY, random: () => random });

describe('backoff', () => {
  it('doubles from the base, capped, with half of each step random', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(policy(0), n))).toEqual([
      125, 250, 500, 1000, 2000, 4000, 4000,
    ]);
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(policy(0.999_999), n))).toEqual([
      250, 500, 1000, 2000, 4000, 8000, 8000,
    ]);
    expect(backoffDelay(policy(0.5), 3)).toBe(750);
  });

  it('rejects a policy with negative or non-numeric values, naming the field', () => {
    expect(() => resolveRetryPolicy({ maxRetries: -1 })).toThrow(/retry.maxRetries/);
    expect(() => resolveRetryPolicy({ baseDelayMs: Number.NaN })).toThrow(/retry.baseDelayMs/);
    expect(resolveRetryPolicy({ maxRetries: 0 }).maxRetries).toBe(0);
  });
});

describe('retry rules', () => {
  it('has a rule for every endpoint: reads and PUTs idempotent, POSTs never plainly so', () => {
    for (const e of ENDPOINTS) {
      const rule = retryRuleFor(e.name as EndpointName, e.method);
      if (e.method === 'POST') expect(rule, e.name).not.toBe('idempotent');
      else expect(rule, e.name).toBe('idempotent');
    }
    expect(retryRuleFor('tasks.create', 'POST')).toBe('lookup');
    expect(retryRuleFor('projects.create', 'POST')).toBe('lookup');
    expect(retryRuleFor('automations.toggle', 'POST')).toBe('unacted-only');
    expect(retryRuleFor('automations.toggle', 'POST', true)).toBe('idempotent');
  });

  it('never retries 400, 401, 403, 404, 409 or 422, whatever the rule', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 418]) {
      for (const rule of ['idempotent', 'lookup', 'unacted-only'] as const) {
        expect(nextStep(rule, { kind: 'status', status, hasRetryAfter: true })).toBe('stop');
      }
    }
  });

  it('retries anything the server did not act on, even a create', () => {
    const notActed = [
      { kind: 'status', status: 429, hasRetryAfter: false },
      { kind: 'status', status: 503, hasRetryAfter: true },
      { kind: 'connection', mayHaveReachedServer: false },
      { kind: 'timeout', mayHaveReachedServer: false },
    ] as const;
    for (const outcome of notActed) {
      expect(actedVerdict(outcome)).toBe('not-acted');
      expect(nextStep('unacted-only', outcome)).toBe('retry');
      expect(nextStep('lookup', outcome)).toBe('retry');
    }
  });

  it('after an ambiguous failure: retries reads, looks before re-creating, gives up on other POSTs', () => {
    const ambiguous = [
      { kind: 'timeout', mayHaveReachedServer: true },
      { kind: 'connection', mayHaveReachedServer: true },
      { kind: 'status', status: 500, hasRetryAfter: false },
      { kind: 'status', status: 503, hasRetryAfter: false },
      { kind: 'status', status: 408, hasRetryAfter: false },
    ] as const;
    for (const outcome of ambiguous) {
      expect(actedVerdict(outcome)).toBe('maybe-acted');
      expect(nextStep('idempotent', outcome)).toBe('retry');
      expect(nextStep('lookup', outcome)).toBe('lookup');
      expect(nextStep('unacted-only', outcome)).toBe('stop');
    }
  });

  it('does not retry 501 or 505: a retry cannot change them', () => {
    expect(nextStep('idempotent', { kind: 'status', status: 501, hasRetryAfter: false })).toBe('stop');
    expect(nextStep('idempotent', { kind: 'status', status: 505, hasRetryAfter: false })).toBe('stop');
  });
});
