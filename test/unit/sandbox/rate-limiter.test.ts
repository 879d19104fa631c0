import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../src/sandbox/http/rate-limiter.ts';

function clockAt(ms: number) {
  let now = ms;
  return { now: () => new Date(now), advance: (d: number) => (now += d) };
}

describe('RateLimiter', () => {
  it('allows the limit in a window, refuses the next, and opens a new window a minute after the first hit', () => {
    const clock = clockAt(1_000_000);
    const limiter = new RateLimiter({ general: 3, search: 1, upload: 1 }, clock.now);
    expect([1, 2, 3].map(() => limiter.hit(1, 'general').remaining)).toEqual([2, 1, 0]);
    clock.advance(59_400);
    const refused = limiter.hit(1, 'general');
    expect(refused).toEqual({
      allowed: false,
      limit: 3,
      remaining: 0,
      resetAtMs: 1_060_000,
      retryAfterSeconds: 1,
    });
    clock.advance(600);
    expect(limiter.hit(1, 'general')).toMatchObject({ allowed: true, remaining: 2, resetAtMs: 1_120_000 });
  });

  it('keeps tokens and classes apart', () => {
    const limiter = new RateLimiter({ general: 1, search: 1, upload: 1 }, () => new Date(0));
    expect(limiter.hit(1, 'general').allowed).toBe(true);
    expect(limiter.hit(1, 'general').allowed).toBe(false);
    expect(limiter.hit(2, 'general').allowed).toBe(true);
    expect(limiter.hit(1, 'search').allowed).toBe(true);
    expect(limiter.hit(1, 'upload').allowed).toBe(true);
  });

  it('peeks without counting, and clears', () => {
    const limiter = new RateLimiter({ general: 2, search: 1, upload: 1 }, () => new Date(0));
    expect(limiter.peek(1, 'general')).toMatchObject({ allowed: true, remaining: 2, retryAfterSeconds: 60 });
    limiter.hit(1, 'general');
    limiter.hit(1, 'general');
    expect(limiter.peek(1, 'general')).toMatchObject({ allowed: false, remaining: 0 });
    limiter.clear();
    expect(limiter.peek(1, 'general').remaining).toBe(2);
  });
});
