/**
 * An idle app wakes only as often as its work needs: over ten quiet minutes on a moved clock, with
 * every background look on as in production (notifications, the poll, reminders, the look for
 * interrupted commands), no timer fires more often than every 5 seconds. Each wake costs CPU at
 * rest whatever it finds (bench/idle-cpu.ts measures the CPU itself).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Timer } from '../../../src/lib/clock.ts';
import { ManualClock } from '../../../src/lib/manual-clock.ts';
import { type Harness, startHarness } from '../../support/harness.ts';

/** A ManualClock that counts how often each timer fires, by the line that set it. */
class CountingClock extends ManualClock {
  readonly fired = new Map<string, number>();

  override after(ms: number, fn: () => void): Timer {
    return super.after(ms, this.#counted(fn));
  }

  override every(ms: number, fn: () => void): Timer {
    return super.every(ms, this.#counted(fn));
  }

  #counted(fn: () => void): () => void {
    // The first frame outside the clock: who set the timer.
    const frames = (new Error().stack ?? '').split('\n').slice(1);
    const where =
      frames.find((f) => !/manual-clock|quiet-at-rest|lib\/clock\.ts/.test(f))?.trim() ?? 'unknown';
    return () => {
      this.fired.set(where, (this.fired.get(where) ?? 0) + 1);
      fn();
    };
  }
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('an app at rest', () => {
  it('sets no timer that fires more often than every 5 s while nothing happens', async () => {
    const clock = new CountingClock(Date.parse('2026-03-02T09:00:00Z'));
    h = await startHarness({ link: ['ana'], clock, changePolling: true, reminders: true });
    // Start-up's own work (first looks, the view's first read) settles before the quiet begins.
    await clock.advance(60_000);
    clock.fired.clear();

    const minutes = 10;
    for (let i = 0; i < minutes * 60; i++) await clock.advance(1_000);

    const often = [...clock.fired].filter(([, n]) => n > (minutes * 60) / 5);
    expect(often, JSON.stringify(Object.fromEntries(clock.fired), null, 1)).toEqual([]);
    // The looks themselves still run: the test would pass trivially if nothing were timed.
    expect([...clock.fired.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(minutes * 6);
  });
});
