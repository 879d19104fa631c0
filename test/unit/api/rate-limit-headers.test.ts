import { describe, expect, it } from 'vitest';
import { retryAtFromHeaders } from '../../../src/api/rate-limit-headers.ts';

const NOW = Date.parse('2026-11-20T09:00:00.000Z');

describe('when a 429 says to come back', () => {
  it('reads Retry-After in seconds or as an HTTP date', () => {
    expect(retryAtFromHeaders({ 'retry-after': '7' }, NOW)).toBe(NOW + 7_000);
    expect(retryAtFromHeaders({ 'retry-after': '1.5' }, NOW)).toBe(NOW + 1_500);
    expect(retryAtFromHeaders({ 'retry-after': 'Fri, 20 Nov 2026 09:00:30 GMT' }, NOW)).toBe(NOW + 30_000);
  });

  it('reads X-RateLimit-Reset as epoch seconds, epoch milliseconds, ISO, or a small delay', () => {
    expect(retryAtFromHeaders({ 'x-ratelimit-reset': String(NOW / 1000 + 40) }, NOW)).toBe(NOW + 40_000);
    expect(retryAtFromHeaders({ 'x-ratelimit-reset': String(NOW + 12_345) }, NOW)).toBe(NOW + 12_345);
    expect(retryAtFromHeaders({ 'x-ratelimit-reset': '2026-11-20T09:01:00Z' }, NOW)).toBe(NOW + 60_000);
    expect(retryAtFromHeaders({ 'x-ratelimit-reset': '2026-11-20T10:01:00+01:00' }, NOW)).toBe(NOW + 60_000);
    expect(retryAtFromHeaders({ 'x-ratelimit-reset': '20' }, NOW)).toBe(NOW + 20_000);
  });

  it('prefers Retry-After, falls back to the reset, and never answers a time in the past', () => {
    expect(
      retryAtFromHeaders({ 'retry-after': '5', 'x-ratelimit-reset': String(NOW / 1000 + 50) }, NOW),
    ).toBe(NOW + 5_000);
    expect(
      retryAtFromHeaders({ 'retry-after': 'soon', 'x-ratelimit-reset': String(NOW / 1000 + 50) }, NOW),
    ).toBe(NOW + 50_000);
    expect(retryAtFromHeaders({ 'x-ratelimit-reset': String(NOW / 1000 - 5) }, NOW)).toBe(NOW);
    expect(retryAtFromHeaders({ 'retry-after': 'Thu, 19 Nov 2026 09:00:00 GMT' }, NOW)).toBe(NOW);
  });

  it('says nothing when the headers say nothing usable', () => {
    expect(retryAtFromHeaders({}, NOW)).toBeUndefined();
    expect(retryAtFromHeaders({ 'retry-after': '', 'x-ratelimit-reset': 'later' }, NOW)).toBeUndefined();
  });
});
