/**
 * What every RateLimitState must do, as one suite run against each implementation (in memory,
 * Redis), so that they cannot drift apart.
 */
import { describe, expect, it } from 'vitest';
import type { RateLimitState } from '../../../../src/api/limiter-state.ts';

const W = 60_000;
const T0 = Date.parse('2026-11-20T09:00:00.000Z');

export function describeRateLimitState(
  name: string,
  makeState: () => Promise<RateLimitState> | RateLimitState,
) {
  describe(`${name}: the rate-limit state contract`, () => {
    let n = 0;
    const fresh = async () => ({ state: await makeState(), key: `k${Date.now()}-${n++}` });

    it('grants up to the limit, then answers when the oldest stamp leaves the window', async () => {
      const { state, key } = await fresh();
      expect(await state.take(key, 'a', 2, W, T0, T0)).toEqual({ granted: true });
      expect(await state.take(key, 'b', 2, W, T0 + 10, T0 + 10)).toEqual({ granted: true });
      expect(await state.take(key, 'c', 2, W, T0 + 20, T0 + 20)).toEqual({
        granted: false,
        retryAt: T0 + W,
        provisional: false,
      });
      expect(await state.take(key, 'c', 2, W, T0 + W, T0 + W)).toEqual({ granted: true });
    });

    it('counts a slot from its stamp, and settling moves the stamp earlier only', async () => {
      const { state, key } = await fresh();
      await state.take(key, 'a', 1, W, T0, T0 + 10_000); // in flight, bound 10 s
      expect(await state.take(key, 'b', 1, W, T0 + 1, T0 + 1)).toEqual({
        granted: false,
        retryAt: T0 + 10_000 + W,
        provisional: true,
      });
      await state.settle(key, 'a', T0 + 2_000);
      await state.settle(key, 'a', T0 + 5_000); // later: ignored
      expect(await state.take(key, 'b', 1, W, T0 + 2_001, T0 + 2_001)).toEqual({
        granted: false,
        retryAt: T0 + 2_000 + W,
        provisional: false,
      });
      expect((await state.snapshot(key, W, T0 + 2_001)).stamps).toEqual([T0 + 2_000]);
    });

    it('blocks until a time, never shortening a block', async () => {
      const { state, key } = await fresh();
      await state.block(key, T0 + 30_000);
      await state.block(key, T0 + 10_000);
      expect(await state.take(key, 'a', 5, W, T0, T0)).toEqual({
        granted: false,
        retryAt: T0 + 30_000,
        provisional: false,
      });
      expect((await state.snapshot(key, W, T0)).blockedUntil).toBe(T0 + 30_000);
      expect(await state.take(key, 'a', 5, W, T0 + 30_000, T0 + 30_000)).toEqual({ granted: true });
      expect((await state.snapshot(key, W, T0 + 30_000)).blockedUntil).toBe(0);
    });

    it('answers a snapshot of the live stamps, oldest first', async () => {
      const { state, key } = await fresh();
      await state.take(key, 'a', 5, W, T0, T0 + 300);
      await state.take(key, 'b', 5, W, T0, T0 + 100);
      await state.take(key, 'c', 5, W, T0, T0 + 200);
      expect(await state.snapshot(key, W, T0)).toMatchObject({
        stamps: [T0 + 100, T0 + 200, T0 + 300],
        blockedUntil: 0,
      });
      expect((await state.snapshot(key, W, T0 + 100 + W)).stamps).toEqual([T0 + 200, T0 + 300]);
    });

    it('keeps the unused reserves of the lanes above a take free, and says when its lane fits', async () => {
      const { state, key } = await fresh();
      // Limit 4; writes (lane 0) reserve 2, reads (lane 1) 1: the poll (lane 3) may hold 1 slot.
      const plan = (lane: number) => ({ lane, reserves: [2, 1, 0, 0, 0] });
      expect(await state.take(key, '3.p1', 4, W, T0, T0, plan(3))).toEqual({ granted: true });
      expect(await state.take(key, '3.p2', 4, W, T0 + 10, T0 + 10, plan(3))).toEqual({
        granted: false,
        retryAt: T0 + W,
        provisional: false,
      });
      // A read may use the free slot beside its own reserve, not the writes'.
      expect(await state.take(key, '1.r1', 4, W, T0 + 20, T0 + 20, plan(1))).toEqual({ granted: true });
      expect(await state.take(key, '1.r2', 4, W, T0 + 30, T0 + 30, plan(1))).toMatchObject({
        granted: false,
      });
      // Writes take every slot left, borrowing nothing they must give back.
      expect(await state.take(key, '0.w1', 4, W, T0 + 40, T0 + 40, plan(0))).toEqual({ granted: true });
      expect(await state.take(key, '0.w2', 4, W, T0 + 50, T0 + 50, plan(0))).toEqual({ granted: true });
      expect(await state.take(key, '0.w3', 4, W, T0 + 60, T0 + 60, plan(0))).toEqual({
        granted: false,
        retryAt: T0 + W,
        provisional: false,
      });
      const snap = await state.snapshot(key, W, T0 + 60);
      expect(snap.lanes).toEqual([3, 1, 0, 0]);
      // Once the poll's slot has left, it fits again: the lanes above use their reserves.
      expect(await state.take(key, '3.p3', 4, W, T0 + W, T0 + W, plan(3))).toEqual({ granted: true });
      // The read's slot leaving frees the reads' reserve, and the writes leaving free theirs: the
      // poll holds the one slot beyond the reserves above it and fits again when that leaves.
      expect(await state.take(key, '3.p4', 4, W, T0 + W + 20, T0 + W + 20, plan(3))).toEqual({
        granted: false,
        retryAt: T0 + 2 * W,
        provisional: false,
      });
    });

    it('keeps keys apart', async () => {
      const { state, key } = await fresh();
      await state.take(key, 'a', 1, W, T0, T0);
      expect(await state.take(`${key}-other`, 'a', 1, W, T0, T0)).toEqual({ granted: true });
    });
  });
}
