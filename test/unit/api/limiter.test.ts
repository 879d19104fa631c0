import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRateLimiter, type LimiterSlot, tokenKey } from '../../../src/api/limiter.ts';
import { MemoryRateLimitState } from '../../../src/api/limiter-state.ts';
import { ManualClock, settle } from '../../../src/lib/manual-clock.ts';

const W = 60_000;
const T = tokenKey('token-one');

function setup(limits = { general: 3, search: 2, upload: 1 }) {
  const clock = new ManualClock();
  const limiter = createRateLimiter({ limits, clock });
  return { clock, limiter };
}

async function take(
  limiter: ReturnType<typeof setup>['limiter'],
  key = T,
  cls: 'general' | 'search' = 'general',
) {
  const r = await limiter.acquire(key, cls, { inFlightMs: 10_000 });
  if (!r.granted) throw new Error('refused');
  return r.slot;
}

describe('sliding-window limiter', () => {
  it('lets `limit` requests through at once and holds the next until the oldest answer is a window old', async () => {
    const { clock, limiter } = setup();
    const start = clock.nowMs();
    for (let i = 0; i < 3; i++) await (await take(limiter)).release();
    let granted = 0;
    const fourth = limiter.acquire(T, 'general', { inFlightMs: 10_000 }).then((r) => {
      granted = clock.nowMs();
      return r;
    });
    await clock.advance(W - 1);
    expect(granted).toBe(0);
    await clock.advance(1);
    expect((await fourth).granted).toBe(true);
    expect(granted - start).toBe(W);
  });

  it('counts a request still in flight until one window after its answer', async () => {
    const { clock, limiter } = setup({ general: 1, search: 1, upload: 1 });
    const slot = await take(limiter);
    let done = false;
    const next = take(limiter).then((s) => {
      done = true;
      return s;
    });
    await clock.advance(5_000); // answer arrives 5 s after sending
    await slot.release();
    await clock.advance(W - 1);
    expect(done).toBe(false);
    await clock.advance(1);
    await next;
    expect(done).toBe(true);
    expect(clock.nowMs()).toBe(Date.parse('2026-11-20T09:00:00.000Z') + 5_000 + W);
  });

  it('never holds an in-flight slot past its bound, even when the answer never comes', async () => {
    const { clock, limiter } = setup({ general: 1, search: 1, upload: 1 });
    await take(limiter); // never released
    const next = take(limiter);
    await clock.advance(10_000 + W);
    await expect(next).resolves.toBeDefined();
  });

  it('a waiter that no answer can wake (another process) looks again while its wait is provisional', async () => {
    const clock = new ManualClock();
    const state = new MemoryRateLimitState();
    const here = createRateLimiter({ limits: { general: 1 }, clock, state });
    const there = createRateLimiter({ limits: { general: 1 }, clock, state });
    const start = clock.nowMs();
    const r = await there.acquire(T, 'general', { inFlightMs: 10_000 });
    if (!r.granted) throw new Error('refused');
    let grantedAt = 0;
    const waiting = here.acquire(T, 'general', { inFlightMs: 10_000 }).then((x) => {
      grantedAt = clock.nowMs();
      return x;
    });
    await clock.advance(5_000);
    await r.slot.release(); // answered in the other process: no wake-up here
    await clock.advance(W + 1_000);
    expect((await waiting).granted).toBe(true);
    expect(grantedAt - start).toBe(5_000 + W);
  });

  it('keeps separate windows per token and per class', async () => {
    const { limiter } = setup({ general: 1, search: 1, upload: 1 });
    await take(limiter, T, 'general');
    expect(await limiter.estimateWait(T, 'general')).toBeGreaterThan(0);
    expect(await limiter.estimateWait(T, 'search')).toBe(0);
    expect(await limiter.estimateWait(tokenKey('token-two'), 'general')).toBe(0);
  });

  it('estimates the wait of a newcomer, counting those already in line', async () => {
    const { clock, limiter } = setup({ general: 2, search: 1, upload: 1 });
    expect(await limiter.estimateWait(T, 'general')).toBe(0);
    await (await take(limiter)).release();
    await clock.advance(1_000);
    await (await take(limiter)).release();
    expect(await limiter.estimateWait(T, 'general')).toBe(W - 1_000);
    void take(limiter); // waits for a's slot
    await settle();
    expect(await limiter.estimateWait(T, 'general')).toBe(W); // must wait for b's
  });

  it('refuses at once, with the wait, when the wait would exceed maxWaitMs', async () => {
    const { clock, limiter } = setup({ general: 1, search: 1, upload: 1 });
    await (await take(limiter)).release();
    await clock.advance(20_000);
    const r = await limiter.acquire(T, 'general', { inFlightMs: 10_000, maxWaitMs: 2_000 });
    expect(r).toEqual({ granted: false, waitMs: 40_000 });
    expect(clock.sleeps).toEqual([]);
    const ok = await limiter.acquire(T, 'general', { inFlightMs: 10_000, maxWaitMs: 2_000 }).then((x) => x);
    expect(ok.granted).toBe(false);
  });

  it('waits when the wait fits within maxWaitMs', async () => {
    const { clock, limiter } = setup({ general: 1, search: 1, upload: 1 });
    await (await take(limiter)).release();
    await clock.advance(W - 1_500);
    const p = limiter.acquire(T, 'general', { inFlightMs: 10_000, maxWaitMs: 2_000 });
    await clock.advance(1_500);
    expect((await p).granted).toBe(true);
  });

  it('holds everyone of the token and class after a block (a 429), and only them', async () => {
    const { clock, limiter } = setup();
    await limiter.block(T, 'general', clock.nowMs() + 30_000);
    expect(await limiter.estimateWait(T, 'general')).toBe(30_000);
    expect(await limiter.estimateWait(T, 'search')).toBe(0);
    const order: number[] = [];
    const waiting = [1, 2].map((n) => take(limiter).then(() => order.push(n)));
    await clock.advance(29_999);
    expect(order).toEqual([]);
    await clock.advance(1);
    await Promise.all(waiting);
    expect(order).toEqual([1, 2]);
  });

  it('serves waiters in the order they came', async () => {
    const { clock, limiter } = setup({ general: 1, search: 1, upload: 1 });
    let slot: LimiterSlot = await take(limiter);
    const order: number[] = [];
    const all = [1, 2, 3].map((n) =>
      take(limiter).then((s) => {
        order.push(n);
        slot = s;
      }),
    );
    for (let i = 0; i < 3; i++) {
      await slot.release();
      await clock.advance(W);
    }
    await Promise.all(all);
    expect(order).toEqual([1, 2, 3]);
  });

  it('sends a newcomer behind those already waiting, even when the window has room for it', async () => {
    const state = new MemoryRateLimitState();
    const clock = new ManualClock();
    // Another process on the same state, whose answer is stamped by its own clock, still at the start.
    const other = createRateLimiter({ limits: { general: 1 }, clock: new ManualClock(), state });
    const limiter = createRateLimiter({ limits: { general: 1 }, clock, state });
    const elsewhere = await take(other);
    const order: string[] = [];
    const waiting = take(limiter).then((s) => {
      order.push('waiting');
      return s;
    });
    await clock.advance(W + 500); // the waiter now sleeps until the in-flight bound's window ends
    await elsewhere.release(); // the window has room, and nothing here has woken the waiter
    const newcomer = take(limiter).then((s) => {
      order.push('newcomer');
      return s;
    });
    await settle();
    expect(order).toEqual([]);
    await clock.advance(W);
    await (await waiting).release();
    await clock.advance(W);
    await newcomer;
    expect(order).toEqual(['waiting', 'newcomer']);
  });

  it('keeps the limit and the order with a state that answers only asynchronously (shared, as Redis)', async () => {
    const memory = new MemoryRateLimitState();
    const shared = {
      take: memory.take.bind(memory),
      settle: memory.settle.bind(memory),
      extend: memory.extend.bind(memory),
      block: memory.block.bind(memory),
      snapshot: memory.snapshot.bind(memory),
    };
    const clock = new ManualClock();
    const limiter = createRateLimiter({ limits: { general: 2 }, clock, state: shared });
    await take(limiter);
    const second = await take(limiter);
    const order: number[] = [];
    const third = take(limiter).then((s) => order.push(3) && s);
    const fourth = take(limiter).then((s) => order.push(4) && s);
    await settle();
    expect(order).toEqual([]);
    await second.release();
    await clock.advance(W);
    await third;
    expect(order).toEqual([3]);
    await clock.advance(W);
    await fourth;
    expect(order).toEqual([3, 4]);
  });

  it('lets an aborted waiter go and still serves the ones behind it', async () => {
    const { clock, limiter } = setup({ general: 1, search: 1, upload: 1 });
    await (await take(limiter)).release();
    const ac = new AbortController();
    const aborted = limiter.acquire(T, 'general', { inFlightMs: 10_000, signal: ac.signal });
    const behind = take(limiter);
    ac.abort(new Error('caller gave up'));
    await expect(aborted).rejects.toThrow('caller gave up');
    await clock.advance(W);
    await expect(behind).resolves.toBeDefined();
  });

  it('rejects limits that are not positive integers', () => {
    expect(() => createRateLimiter({ limits: { general: 0 } })).toThrow(
      /limits.general must be a positive integer/,
    );
    expect(() => createRateLimiter({ windowMs: -1 })).toThrow(/windowMs/);
  });

  it('never has more than `limit` requests that the server could count in one window', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(
          fc.record({
            gap: fc.integer({ min: 0, max: 30_000 }),
            latency: fc.integer({ min: 0, max: 8_000 }),
          }),
          {
            minLength: 1,
            maxLength: 14,
          },
        ),
        async (limit, requests) => {
          const clock = new ManualClock();
          const limiter = createRateLimiter({ limits: { general: limit }, clock });
          const spans: { granted: number; answered: number }[] = [];
          const runs: Promise<void>[] = [];
          for (const req of requests) {
            await clock.advance(req.gap);
            runs.push(
              (async () => {
                const r = await limiter.acquire(T, 'general', { inFlightMs: 10_000 });
                if (!r.granted) throw new Error('refused');
                const granted = clock.nowMs();
                await clock.sleep(req.latency);
                await r.slot.release();
                spans.push({ granted, answered: clock.nowMs() });
              })(),
            );
          }
          while (spans.length < requests.length) await clock.advance(1_000);
          await Promise.all(runs);
          // At each grant, the requests the server could still be counting: granted by then and
          // answered less than a window before.
          for (const s of spans) {
            const counted = spans.filter((o) => o.granted <= s.granted && s.granted < o.answered + W);
            expect(counted.length).toBeLessThanOrEqual(limit);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
