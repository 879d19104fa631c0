import { tzOffset } from '@date-fns/tz';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  dayBucket,
  describeDueProblem,
  dueExpressionLength,
  dueKind,
  fromLocalDateTime,
  isValidTimeZone,
  parseDueDate,
  resolveTimeZone,
  toLocalDateString,
  toLocalTimeString,
  zoneOffsetMinutes,
} from '../../../src/lib/dates.ts';

const NY = 'America/New_York';
const TOKYO = 'Asia/Tokyo';
// Friday 20 Nov 2026, 10:00 in New York.
const FRIDAY_10AM_NY = new Date('2026-11-20T15:00:00.000Z');
const ny = { timeZone: NY, now: FRIDAY_10AM_NY };

function due(text: string, options = ny) {
  const result = parseDueDate(text, options);
  return result ? { iso: result.date.toISOString(), hasTime: result.hasTime } : null;
}

describe('parseDueDate: a date without a time is due by the end of that day where the person is', () => {
  it.each([
    // [text, expected instant, hasTime]
    ['friday', '2026-11-21T04:59:59.999Z', false], // today is Friday: end of today, NY time
    ['tomorrow', '2026-11-22T04:59:59.999Z', false],
    ['2026-12-01', '2026-12-02T04:59:59.999Z', false],
    ['in 3 days', '2026-11-24T04:59:59.999Z', false],
    ['dec 3', '2026-12-04T04:59:59.999Z', false],
    ['next week', '2026-11-24T04:59:59.999Z', false], // the Monday that starts next week
    ['eod', '2026-11-21T04:59:59.999Z', false],
    ['end of week', '2026-11-21T04:59:59.999Z', false], // Friday is the end of the working week
    ['by monday', '2026-11-24T04:59:59.999Z', false],
  ])('%s → %s', (text, iso, hasTime) => {
    expect(due(text)).toEqual({ iso, hasTime });
  });

  it('reads a time in the person’s zone', () => {
    expect(due('tomorrow 5pm')).toEqual({ iso: '2026-11-21T22:00:00.000Z', hasTime: true });
    expect(due('tomorrow 5pm', { timeZone: TOKYO, now: FRIDAY_10AM_NY })).toEqual({
      // Already Saturday 00:00 in Tokyo, so tomorrow is Sunday; 17:00 JST is 08:00 UTC.
      iso: '2026-11-22T08:00:00.000Z',
      hasTime: true,
    });
  });

  it('points a weekday forward: "friday 9am" said on Friday at 10am is next Friday', () => {
    expect(due('friday 9am')).toEqual({ iso: '2026-11-27T14:00:00.000Z', hasTime: true });
    expect(due('friday 11am')).toEqual({ iso: '2026-11-20T16:00:00.000Z', hasTime: true });
  });

  it('points a month-day without a year forward', () => {
    const lateDecember = { timeZone: NY, now: new Date('2026-12-10T15:00:00Z') };
    expect(due('dec 3', lateDecember)?.iso).toBe('2027-12-04T04:59:59.999Z');
  });

  it('takes the same words to mean different instants in different zones', () => {
    const inTokyo = due('2026-12-01', { timeZone: TOKYO, now: FRIDAY_10AM_NY });
    expect(inTokyo?.iso).toBe('2026-12-01T14:59:59.999Z');
  });

  it('gives null for past dates, non-dates and dates with extra words', () => {
    expect(due('yesterday')).toBeNull();
    expect(due('today 9am')).toBeNull();
    expect(due('2025-01-01')).toBeNull();
    expect(due('diligence doc')).toBeNull();
    expect(due('friday blah')).toBeNull();
    expect(due('')).toBeNull();
  });

  it('reads an unknown zone as UTC instead of failing', () => {
    expect(due('2026-12-01', { timeZone: 'Mars/Olympus', now: FRIDAY_10AM_NY })?.iso).toBe(
      '2026-12-01T23:59:59.999Z',
    );
  });

  it('ignores trailing punctuation', () => {
    expect(due('friday.')).toEqual(due('friday'));
  });
});

describe('parseDueDate wherever the process runs', () => {
  // The person's zone decides, never the machine's: CI runs with TZ unset (UTC), a laptop may not.
  // Node reads process.env.TZ again whenever it is set, so one run can try several zones.
  // [zone, its offset on that Friday as Date reports it]: proves the zone took effect.
  const processZones: Array<[string, number]> = [
    ['UTC', 0],
    ['America/Los_Angeles', 480],
    ['Pacific/Kiritimati', -840],
    ['Asia/Tokyo', -540],
  ];
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.TZ;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it.each(processZones)('reads the same instants with the process in %s', (zone, offset) => {
    process.env.TZ = zone;
    expect(FRIDAY_10AM_NY.getTimezoneOffset()).toBe(offset);
    expect(due('friday')).toEqual({ iso: '2026-11-21T04:59:59.999Z', hasTime: false });
    expect(due('friday 11am')).toEqual({ iso: '2026-11-20T16:00:00.000Z', hasTime: true });
    expect(due('friday 9am')).toEqual({ iso: '2026-11-27T14:00:00.000Z', hasTime: true });
    expect(due('tomorrow 5pm')).toEqual({ iso: '2026-11-21T22:00:00.000Z', hasTime: true });
    expect(due('5pm')).toEqual({ iso: '2026-11-20T22:00:00.000Z', hasTime: true });
    expect(due('thursday')).toEqual({ iso: '2026-11-27T04:59:59.999Z', hasTime: false });
    expect(due('dec 3', { timeZone: NY, now: new Date('2026-12-10T15:00:00Z') })?.iso).toBe(
      '2027-12-04T04:59:59.999Z',
    );
  });
});

describe('parseDueDate across DST changes (New York: 8 Mar and 1 Nov 2026)', () => {
  const saturdayBeforeSpring = { timeZone: NY, now: new Date('2026-03-07T17:00:00Z') };
  const saturdayBeforeFall = { timeZone: NY, now: new Date('2026-10-31T16:00:00Z') };

  it('ends Sunday at 23:59:59.999 in the new offset', () => {
    expect(due('sunday', saturdayBeforeSpring)?.iso).toBe('2026-03-09T03:59:59.999Z'); // EDT, -4
    expect(due('sunday', saturdayBeforeFall)?.iso).toBe('2026-11-02T04:59:59.999Z'); // EST, -5
  });

  it('moves a time inside the spring gap forward, as clocks do', () => {
    expect(due('tomorrow 2:30am', saturdayBeforeSpring)).toEqual({
      iso: '2026-03-08T07:30:00.000Z', // 03:30 EDT
      hasTime: true,
    });
  });

  it('uses the offset of the due day, not of today', () => {
    // Said on 31 Oct, still EDT (-4); Monday 2 Nov 9am is EST (-5).
    expect(due('monday 9am', saturdayBeforeFall)?.iso).toBe('2026-11-02T14:00:00.000Z');
  });
});

describe('describeDueProblem', () => {
  it('is null when the date parses', () => {
    expect(describeDueProblem('friday', ny)).toBeNull();
  });

  it('says what is wrong in each case', () => {
    expect(describeDueProblem('', ny)).toMatch(/Add a date/);
    expect(describeDueProblem('soonish', ny)).toMatch(/couldn't read “soonish” as a date/);
    expect(describeDueProblem('friday blah', ny)).toMatch(/read “friday” as a date but not “blah”/);
    expect(describeDueProblem('yesterday', ny)).toMatch(/“yesterday” is in the past \(Thu, Nov 19, 2026\)/);
  });
});

describe('dueExpressionLength', () => {
  it('measures the date at the start of a text', () => {
    expect(dueExpressionLength('friday 5pm and more')).toBe('friday 5pm'.length);
    expect(dueExpressionLength('by friday ok')).toBe('by friday'.length);
    expect(dueExpressionLength('next week')).toBe('next week'.length);
  });

  it('is 0 when the text does not start with a date', () => {
    expect(dueExpressionLength('diligence doc')).toBe(0);
    expect(dueExpressionLength('review on friday')).toBe(0);
    expect(dueExpressionLength('')).toBe(0);
  });
});

describe('fromLocalDateTime (date and time pickers)', () => {
  it('reads a date alone as the end of that day, a time as that minute', () => {
    expect(fromLocalDateTime('2026-12-01', null, NY)?.date.toISOString()).toBe('2026-12-02T04:59:59.999Z');
    expect(fromLocalDateTime('2026-12-01', '09:30', NY)).toEqual({
      date: new Date('2026-12-01T14:30:00.000Z'),
      hasTime: true,
    });
  });

  it('rejects days and times that do not exist', () => {
    expect(fromLocalDateTime('2026-02-30', null, NY)).toBeNull();
    expect(fromLocalDateTime('2026-12-01', '24:00', NY)).toBeNull();
    expect(fromLocalDateTime('12/01/2026', null, NY)).toBeNull();
  });

  it('round-trips with toLocalDateString / toLocalTimeString', () => {
    const parsed = fromLocalDateTime('2026-07-04', '18:45', TOKYO)!;
    expect(toLocalDateString(parsed.date, TOKYO)).toBe('2026-07-04');
    expect(toLocalTimeString(parsed.date, TOKYO)).toBe('18:45');
  });
});

describe('dayBucket', () => {
  const at = (iso: string) => new Date(iso);
  it('sorts due dates into overdue, today, upcoming and none for the reader', () => {
    expect(dayBucket(null, ny)).toBe('none');
    expect(dayBucket(at('2026-11-20T14:00:00Z'), ny)).toBe('overdue'); // 9am today, passed
    expect(dayBucket(at('2026-11-20T22:00:00Z'), ny)).toBe('today'); // 5pm today
    expect(dayBucket(at('2026-11-21T04:59:59.999Z'), ny)).toBe('today'); // end of today
    expect(dayBucket(at('2026-11-21T05:00:00Z'), ny)).toBe('upcoming'); // midnight
  });

  it('depends on the reader’s zone', () => {
    const endOfFridayNy = at('2026-11-21T04:59:59.999Z');
    // In Tokyo it is already Saturday 00:00 and that instant is Saturday 13:59.
    expect(dayBucket(endOfFridayNy, { timeZone: TOKYO, now: FRIDAY_10AM_NY })).toBe('today');
    expect(dayBucket(endOfFridayNy, { timeZone: 'UTC', now: FRIDAY_10AM_NY })).toBe('upcoming');
  });

  it('treats a bare calendar date (UTC midnight) as that date everywhere', () => {
    const december1 = at('2026-12-01T00:00:00.000Z');
    expect(dayBucket(december1, { timeZone: NY, now: at('2026-12-01T20:00:00Z') })).toBe('today');
    expect(dayBucket(december1, { timeZone: NY, now: at('2026-12-02T06:00:00Z') })).toBe('overdue');
  });

  it('is computed at the DST change without skipping or doubling a day', () => {
    // 1 Nov 2026 has 25 hours in New York; 23:30 EST is 04:30Z on 2 Nov.
    const lateOnFallDay = { timeZone: NY, now: at('2026-11-02T04:30:00Z') };
    expect(dayBucket(at('2026-11-02T04:59:59.999Z'), lateOnFallDay)).toBe('today');
    expect(dayBucket(at('2026-11-02T05:00:00Z'), lateOnFallDay)).toBe('upcoming');
  });
});

describe('kinds of due dates', () => {
  it('tells end-of-day, calendar and timed dues apart', () => {
    expect(dueKind(new Date('2026-11-21T04:59:59.999Z'))).toBe('end-of-day');
    expect(dueKind(new Date('2026-12-01T00:00:00.000Z'))).toBe('calendar');
    expect(dueKind(new Date('2026-11-21T22:00:00.000Z'))).toBe('timed');
  });
});

describe('time zones', () => {
  it('knows valid zones and falls back to UTC for others', () => {
    expect(isValidTimeZone(NY)).toBe(true);
    expect(isValidTimeZone('Not/AZone')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(resolveTimeZone('Not/AZone')).toBe('UTC');
    expect(resolveTimeZone(undefined)).toBe('UTC');
    expect(resolveTimeZone(TOKYO)).toBe(TOKYO);
  });
});

describe('zone offsets, remembered per quarter hour', () => {
  const ZONES = [
    NY,
    TOKYO,
    'UTC',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'Asia/Gaza',
    'Africa/Monrovia',
    'America/St_Johns',
    'Europe/Dublin',
  ];

  it('answers as a fresh lookup every minute and second around offset changes, whichever is asked first', () => {
    const changes = [
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'], // a half-hour change
      ['Asia/Gaza', '2011-03-31T22:01:00Z'], // a change at 00:01 local, inside a quarter hour
      ['Africa/Monrovia', '1972-01-07T00:44:30Z'], // a change at an odd second
    ] as const;
    for (const [zone, at] of changes) {
      const middle = Date.parse(at);
      for (const step of [59_000, -61_000]) {
        for (let ms = middle - 3_600_000 * Math.sign(step); Math.abs(ms - middle) <= 3_600_000; ms += step) {
          expect([zone, ms, zoneOffsetMinutes(zone, new Date(ms))]).toEqual([
            zone,
            ms,
            tzOffset(zone, new Date(ms)),
          ]);
        }
      }
    }
  });

  it('answers as a fresh lookup at any instant from 1900 to 2100', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
        (zone, ms) => zoneOffsetMinutes(zone, new Date(ms)) === tzOffset(zone, new Date(ms)),
      ),
      { numRuns: 3_000 },
    );
  });
});
