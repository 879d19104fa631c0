/**
 * The clock tests drive: timers and sleeps fire in time order, each at its own time, as the test
 * moves it; auto mode jumps only for timers that hold the process; a stall wakes what was due at
 * the later time; real timers keep "now" pinned.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/manual-clock.ts';

const T0 = Date.parse('2026-11-20T09:00:00.000Z');

describe('ManualClock', () => {
  it('fires timers and sleeps in time order, each at its own time, and those they set if due', async () => {
    const clock = new ManualClock(T0);
    const fired: Array<[string, number]> = [];
    const at = (name: string) => () => fired.push([name, clock.nowMs() - T0]);
    clock.after(300, at('b'));
    clock.after(100, () => {
      at('a')();
      clock.after(50, at('a+50'));
    });
    void clock.sleep(200).then(at('sleep'));
    const cancelled = clock.after(250, at('cancelled'));
    cancelled.cancel();
    await clock.advance(299);
    expect(fired).toEqual([
      ['a', 100],
      ['a+50', 150],
      ['sleep', 200],
    ]);
    expect(clock.nowMs() - T0).toBe(299);
    await clock.advance(1);
    expect(fired.at(-1)).toEqual(['b', 300]);
    expect(clock.pending).toBe(0);
  });

  it('repeats an every() timer until it is cancelled', async () => {
    const clock = new ManualClock(T0);
    const ticks: number[] = [];
    const timer = clock.every(100, () => ticks.push(clock.nowMs() - T0));
    await clock.advance(350);
    timer.cancel();
    await clock.advance(1_000);
    expect(ticks).toEqual([100, 200, 300]);
  });

  it('ends a sleep whose signal aborts, with the reason, and forgets its timer', async () => {
    const clock = new ManualClock(T0);
    const stop = new AbortController();
    const sleeping = clock.sleep(1_000, stop.signal);
    stop.abort(new Error('stopped'));
    await expect(sleeping).rejects.toThrow('stopped');
    expect(clock.pending).toBe(0);
    expect(clock.sleeps).toEqual([1_000]);
  });

  it('in auto mode jumps to timers that hold the process, never for unref’d ones alone', async () => {
    const clock = new ManualClock(T0, { auto: true });
    const looks: number[] = [];
    clock.every(60_000, () => looks.push(clock.nowMs() - T0)).unref();
    await clock.sleep(150_000);
    // The background look fired as time passed it, and did not drive time on by itself.
    expect(looks).toEqual([60_000, 120_000]);
    expect(clock.nowMs() - T0).toBe(150_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.nowMs() - T0).toBe(150_000);
  });

  it('in auto mode waits while idle() is false, without moving time', async () => {
    let busy = true;
    const clock = new ManualClock(T0, { auto: true, idle: () => !busy });
    let woke = false;
    void clock.sleep(5_000).then(() => {
      woke = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(woke).toBe(false);
    expect(clock.nowMs()).toBe(T0);
    busy = false;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(woke).toBe(true);
  });

  it('stalls: what was due wakes after the stall, at the later time', async () => {
    const clock = new ManualClock(T0);
    const seen: number[] = [];
    void clock.sleep(1_000).then(() => seen.push(clock.nowMs() - T0));
    clock.stall(5_000);
    await Promise.resolve();
    await Promise.resolve();
    expect(seen).toEqual([5_000]);
  });

  it('with real timers keeps "now" where the test puts it while timers run in real time', async () => {
    const clock = new ManualClock(T0, { realTimers: true });
    await clock.sleep(5);
    expect(clock.nowMs()).toBe(T0);
    void clock.advance(60_000);
    expect(clock.nowMs()).toBe(T0 + 60_000);
    expect(() => new ManualClock('not a date')).toThrow(RangeError);
  });
});
