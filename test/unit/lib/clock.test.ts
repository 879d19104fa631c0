import { describe, expect, it } from 'vitest';
import { fixedClock, systemClock } from '../../../src/lib/clock.ts';

describe('fixedClock', () => {
  it('stays where it is put and moves only when told', () => {
    const clock = fixedClock('2026-11-20T10:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-11-20T10:00:00.000Z');
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-11-20T10:01:30.000Z');
    clock.set(new Date('2027-01-01T00:00:00.000Z'));
    expect(clock.now().toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('hands out copies, so a caller cannot move it by mutating a Date', () => {
    const clock = fixedClock(0);
    clock.now().setFullYear(2000);
    expect(clock.now().getTime()).toBe(0);
  });

  it('refuses a date that is not one', () => {
    expect(() => fixedClock('not a date')).toThrow(/not a valid date/);
  });
});

describe('systemClock', () => {
  it('reads the real time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
