/**
 * The budget plan's arithmetic (src/api/limiter-lanes.ts) as properties over random mornings: the
 * window never holds more than the limit, a write is refused only by a full window, a lane's
 * reserve survives whatever the lanes below it do, and the limiter's estimate is the wait it keeps.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRateLimiter, tokenKey } from '../../../src/api/limiter.ts';
import {
  admits,
  countByLane,
  fitsAt,
  LANES,
  type LaneName,
  laneIndex,
  laneReserves,
  laneThroughput,
} from '../../../src/api/limiter-lanes.ts';
import { MemoryRateLimitState } from '../../../src/api/limiter-state.ts';
import { ManualClock } from '../../../src/lib/manual-clock.ts';

const W = 60_000;
const T0 = Date.parse('2026-11-20T09:00:00.000Z');
const lane = fc.integer({ min: 0, max: LANES.length - 1 });
/** A request: how long after the one before, its lane, and how long it is in flight. */
const request = fc.record({
  gap: fc.integer({ min: 0, max: 5_000 }),
  lane,
  flight: fc.integer({ min: 0, max: 3_000 }),
});

describe('lane reserves', () => {
  it('gives 60 a minute 15 for writes, 9 for reads, 6 each for digests and the poll, none for scans', () => {
    expect(laneReserves(60)).toEqual([15, 9, 6, 6, 0]);
  });

  it('refuses a plan that leaves the lowest lane nothing, naming the lanes', () => {
    expect(() => laneReserves(10, { write: 0.5, read: 0.5 })).toThrow(
      /reserve 12 of 10 slots; leave it at least one/,
    );
    expect(() => laneReserves(10, { poll: 1.5 })).toThrow(/poll must be between 0 and 1/);
  });
});

describe('lane arithmetic, as properties', () => {
  it('never lets more than the limit into any window, whatever the lanes and timing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 5, max: 60 }),
        fc.array(request, { maxLength: 300 }),
        async (limit, reqs) => {
          const state = new MemoryRateLimitState();
          const reserves = laneReserves(limit);
          let now = T0;
          const counted: number[] = [];
          for (const [i, r] of reqs.entries()) {
            now += r.gap;
            const taken = await state.take('k', `${r.lane}.s${i}`, limit, W, now, now + r.flight, {
              lane: r.lane,
              reserves,
            });
            if (!taken.granted) continue;
            // Answered at once after its flight: the server counts it somewhere within.
            await state.settle('k', `${r.lane}.s${i}`, now + r.flight);
            counted.push(now);
            // Every request the server may count in the window ending at its latest moment.
            const inWindow = counted.filter((t) => t > now + r.flight - W).length;
            expect(inWindow).toBeLessThanOrEqual(limit);
          }
        },
      ),
    );
  });

  it('never refuses a write while the window has a free slot, whatever the lower lanes hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 60 }), fc.array(lane, { maxLength: 80 }), (limit, held) => {
        const reserves = laneReserves(limit);
        const counts = countByLane(held.map((l) => ({ stamp: T0, lane: l })));
        const total = held.length;
        expect(admits(counts, limit, { lane: 0, reserves })).toBe(total < limit);
      }),
    );
  });

  it("keeps every lane's reserve from the lanes below it: after any run of lower lanes, it still gets its share at once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 10, max: 60 }),
        fc.integer({ min: 0, max: LANES.length - 2 }),
        fc.array(request, { maxLength: 200 }),
        async (limit, protectedLane, reqs) => {
          const state = new MemoryRateLimitState();
          const reserves = laneReserves(limit);
          let now = T0;
          for (const [i, r] of reqs.entries()) {
            now += r.gap;
            // Only the lanes below the protected one ask.
            const l = protectedLane + 1 + (r.lane % (LANES.length - 1 - protectedLane));
            await state.take('k', `${l}.s${i}`, limit, W, now, now, { lane: l, reserves });
          }
          let got = 0;
          for (let i = 0; i < reserves[protectedLane]!; i++) {
            const taken = await state.take('k', `${protectedLane}.p${i}`, limit, W, now, now, {
              lane: protectedLane,
              reserves,
            });
            if (taken.granted) got++;
          }
          expect(got).toBe(reserves[protectedLane]);
        },
      ),
    );
  });

  it('says a refused lane fits exactly when the slot it names has left the window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 60 }),
        lane,
        fc.array(fc.record({ at: fc.integer({ min: 0, max: W - 1 }), lane }), { maxLength: 70 }),
        (limit, asker, raw) => {
          const reserves = laneReserves(limit);
          const take = { lane: asker, reserves };
          const slots = raw.slice(0, limit).map((s) => ({ stamp: T0 + s.at, lane: s.lane }));
          const fit = fitsAt(slots, limit, W, take);
          if (!fit) {
            expect(admits(countByLane(slots), limit, take)).toBe(true);
            return;
          }
          const liveAt = (t: number) => slots.filter((s) => s.stamp + W > t);
          expect(admits(countByLane(liveAt(fit.at)), limit, take)).toBe(true);
          expect(admits(countByLane(liveAt(fit.at - 1)), limit, take)).toBe(false);
        },
      ),
    );
  });
});

describe('the limiter in lanes', () => {
  const T = tokenKey('token-lanes');
  const setup = () => {
    const clock = new ManualClock();
    return { clock, limiter: createRateLimiter({ clock, limits: { general: 60, search: 30, upload: 10 } }) };
  };
  const takeAll = async (limiter: ReturnType<typeof setup>['limiter'], name: LaneName, n: number) => {
    let granted = 0;
    for (let i = 0; i < n; i++) {
      const r = await limiter.acquire(T, 'general', { inFlightMs: 1_000, maxWaitMs: 0, lane: name });
      if (r.granted) {
        granted++;
        await r.slot.release();
      }
    }
    return granted;
  };

  it('lets a poll that asks all minute take 30 of 60, and the clicks then take the other 30', async () => {
    const { limiter } = setup();
    expect(await takeAll(limiter, 'poll', 100)).toBe(60 - 15 - 9 - 6);
    expect(await limiter.estimateWait(T, 'general', 'write')).toBe(0);
    expect(await limiter.estimateWait(T, 'general', 'poll')).toBeGreaterThan(W - 1_000);
    expect(await takeAll(limiter, 'write', 100)).toBe(30);
  });

  it('queues each lane apart: a write is not held behind a poll waiting for its slot', async () => {
    const { clock, limiter } = setup();
    await takeAll(limiter, 'poll', 30);
    const pollWaits = limiter.acquire(T, 'general', { inFlightMs: 1_000, lane: 'poll' });
    let pollGranted = false;
    void pollWaits.then(() => {
      pollGranted = true;
    });
    const write = await limiter.acquire(T, 'general', { inFlightMs: 1_000, maxWaitMs: 0, lane: 'write' });
    expect(write.granted).toBe(true);
    expect(pollGranted).toBe(false);
    await clock.advance(W);
    expect((await pollWaits).granted).toBe(true);
  });

  it("estimates a lane's wait behind the window's slots, and the wait comes true", async () => {
    const { clock, limiter } = setup();
    await takeAll(limiter, 'digest', 20);
    await clock.advance(10_000);
    await takeAll(limiter, 'read', 20);
    // With the reads' reserve in use, digests fit while the writes' 15 stay free: 5 more.
    expect(await takeAll(limiter, 'digest', 16)).toBe(5);
    const waitMs = await limiter.estimateWait(T, 'general', 'digest');
    expect(waitMs).toBe(W - 10_000);
    const start = clock.nowMs();
    const next = limiter.acquire(T, 'general', { inFlightMs: 1_000, lane: 'digest' });
    await clock.advance(waitMs - 1);
    let done = false;
    void next.then(() => {
      done = true;
    });
    await clock.advance(0);
    expect(done).toBe(false);
    await clock.advance(1);
    expect((await next).granted).toBe(true);
    expect(clock.nowMs() - start).toBe(waitMs);
  });

  it('names lanes by index in the order of priority', () => {
    expect(LANES.map(laneIndex)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('laneThroughput', () => {
  it('is what a lane gets into an empty window while the lanes above keep their reserves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 600 }), lane, (limit, index) => {
        const name = LANES[index]!;
        const take = { lane: index, reserves: laneReserves(limit) };
        const counts = LANES.map(() => 0);
        while (admits(counts, limit, take)) counts[index]!++;
        expect(laneThroughput(limit, name)).toBe(counts[index]);
      }),
    );
  });

  it('leaves the digests 36 of the service’s 60 a minute', () => {
    expect(laneThroughput(60, 'digest')).toBe(36);
    expect(laneThroughput(60, 'write')).toBe(60);
  });
});
