import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  instantAt,
  isoWeekday,
  localDateOf,
  localTimeOf,
  parseLocalDate,
  startOfLocalDay,
} from '../../../src/digest/local-time.ts';

const NY = 'America/New_York';

describe('local dates of an instant', () => {
  it('puts one UTC instant on different local dates at +14 and −11', () => {
    const instant = new Date('2026-03-03T20:00:00Z');
    expect(localDateOf(instant, 'Pacific/Kiritimati')).toBe('2026-03-04');
    expect(localDateOf(instant, 'Pacific/Pago_Pago')).toBe('2026-03-03');
    expect(localTimeOf(instant, 'Pacific/Kiritimati')).toEqual({ hour: 10, minute: 0, second: 0 });
    expect(localTimeOf(instant, 'Pacific/Pago_Pago')).toEqual({ hour: 9, minute: 0, second: 0 });
  });

  it('does calendar arithmetic on plain dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(isoWeekday('2026-03-03')).toBe(2);
    expect(isoWeekday('2027-03-14')).toBe(7);
    expect(isoWeekday('2026-11-02')).toBe(1);
  });

  it('names a malformed or impossible date', () => {
    expect(() => parseLocalDate('2026-02-30')).toThrow(/"2026-02-30"/);
    expect(() => parseLocalDate('3 March')).toThrow(RangeError);
    expect(() => instantAt('2026-03-03', { hour: 24, minute: 0 }, NY)).toThrow(/time of day/);
  });
});

describe('the instant of a local time (croner)', () => {
  it('reads an ordinary time in the zone', () => {
    expect(instantAt('2026-03-03', { hour: 9, minute: 0 }, NY).toISOString()).toBe(
      '2026-03-03T14:00:00.000Z',
    );
    expect(instantAt('2026-07-03', { hour: 9, minute: 0 }, NY).toISOString()).toBe(
      '2026-07-03T13:00:00.000Z',
    );
  });

  it('moves a time inside the spring-forward gap to just after the gap', () => {
    // 2027-03-14: New York's clocks go from 02:00 EST straight to 03:00 EDT (07:00Z).
    for (const minute of [0, 30, 59]) {
      expect(instantAt('2027-03-14', { hour: 2, minute }, NY).toISOString()).toBe('2027-03-14T07:00:00.000Z');
    }
    expect(instantAt('2027-03-14', { hour: 1, minute: 59 }, NY).toISOString()).toBe(
      '2027-03-14T06:59:00.000Z',
    );
    expect(instantAt('2027-03-14', { hour: 3, minute: 30 }, NY).toISOString()).toBe(
      '2027-03-14T07:30:00.000Z',
    );
  });

  it('takes the first of a repeated time on fall-back days', () => {
    // 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(instantAt('2026-11-01', { hour: 1, minute: 30 }, NY).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(instantAt('2027-11-07', { hour: 1, minute: 30 }, NY).toISOString()).toBe(
      '2027-11-07T05:30:00.000Z',
    );
    expect(localTimeOf(new Date('2026-11-01T06:30:00Z'), NY)).toEqual({ hour: 1, minute: 30, second: 0 });
  });

  it('refuses a date the zone skipped entirely', () => {
    // Samoa moved across the date line: 2011-12-30 never happened in Apia.
    expect(() => instantAt('2011-12-30', { hour: 9, minute: 0 }, 'Pacific/Apia')).toThrow(/skipped/);
    expect(instantAt('2011-12-31', { hour: 9, minute: 0 }, 'Pacific/Apia').toISOString()).toBe(
      '2011-12-30T19:00:00.000Z',
    );
  });

  const zones = [
    NY,
    'Europe/London',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
    'Australia/Lord_Howe', // DST of 30 minutes
    'America/Santiago', // DST changes at midnight
    'Asia/Kolkata',
    'Pacific/Chatham',
    'America/St_Johns',
  ];
  const dates = fc
    .date({
      min: new Date('2025-01-01T00:00:00Z'),
      max: new Date('2028-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));

  it('lands on the asked date, at the asked time unless the clocks jumped over it, and its first occurrence', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        dates,
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (zone, date, hour, minute) => {
          const at = instantAt(date, { hour, minute }, zone);
          expect(localDateOf(at, zone)).toBe(date);
          const local = localTimeOf(at, zone);
          const asked = hour * 60 + minute;
          if (local.hour * 60 + local.minute !== asked) {
            // Only a gap moves it: a second earlier the local clock read earlier than the asked time,
            // or read the day before (a gap at midnight: the day begins at 01:00, as in Santiago).
            const secondBefore = new Date(at.getTime() - 1000);
            const before = localTimeOf(secondBefore, zone);
            if (localDateOf(secondBefore, zone) === date) {
              expect(before.hour * 60 + before.minute).toBeLessThan(asked);
            }
          }
          // Nothing earlier on the same local date shows the same time (first occurrence).
          const earlier = new Date(at.getTime() - 60 * 60_000);
          if (localDateOf(earlier, zone) === date) {
            const e = localTimeOf(earlier, zone);
            expect(e.hour * 60 + e.minute).not.toBe(local.hour * 60 + local.minute);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('starts each local day at its first instant, even where the day begins at 01:00', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), dates, (zone, date) => {
        const start = startOfLocalDay(date, zone);
        expect(localDateOf(start, zone)).toBe(date);
        expect(localDateOf(new Date(start.getTime() - 1000), zone)).toBe(addDays(date, -1));
      }),
      { numRuns: 300 },
    );
    // Chile's 2026 DST begins at midnight: Sunday 6 September starts at 01:00 local.
    const santiago = startOfLocalDay('2026-09-06', 'America/Santiago');
    expect(localTimeOf(santiago, 'America/Santiago').hour).toBe(1);
  });
});
