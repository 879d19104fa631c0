import { tzOffset } from '@date-fns/tz';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  dayBucket,
  dayBuckets,
  describeDueProblem,
  dueExpressionLength,
  dueKind,
  formatDueFallback,
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

describe('dayBuckets (one reader, one instant, a whole list)', () => {
  const at = (iso: string) => new Date(iso);
  const KIRITIMATI = 'Pacific/Kiritimati'; // UTC+14
  const MINUS_12 = 'Etc/GMT+12'; // UTC-12

  it('reads the day at the far edges of the zones, UTC+14 and UTC-12', () => {
    // 10:00Z on 20 Nov is already 00:00 on 21 Nov at UTC+14, and still 22:00 on 19 Nov at UTC-12.
    const now = at('2026-11-20T10:00:00Z');
    const east = dayBuckets({ timeZone: KIRITIMATI, now });
    expect(east(at('2026-11-21T09:59:59.999Z'))).toBe('today'); // the end of 21 Nov there
    expect(east(at('2026-11-20T09:59:59.999Z'))).toBe('overdue');
    expect(east(at('2026-11-21T00:00:00.000Z'))).toBe('today'); // a bare 2026-11-21
    expect(east(at('2026-11-20T00:00:00.000Z'))).toBe('overdue'); // a bare 2026-11-20
    const west = dayBuckets({ timeZone: MINUS_12, now });
    expect(west(at('2026-11-20T11:59:59.999Z'))).toBe('today'); // the end of 19 Nov there
    expect(west(at('2026-11-20T12:00:00.000Z'))).toBe('upcoming'); // its local midnight
    expect(west(at('2026-11-19T00:00:00.000Z'))).toBe('today'); // a bare 2026-11-19
    expect(west(at('2026-11-20T00:00:00.000Z'))).toBe('upcoming'); // a bare 2026-11-20
  });

  it('counts a due date at local midnight as the next day, on the days clocks change too', () => {
    // 8 Mar 2026 has 23 hours in New York and 1 Nov 25: 23:30 local is 03:30Z and 04:30Z.
    const springEve = dayBuckets({ timeZone: NY, now: at('2026-03-09T03:30:00Z') });
    expect(springEve(at('2026-03-09T03:59:59.999Z'))).toBe('today');
    expect(springEve(at('2026-03-09T04:00:00.000Z'))).toBe('upcoming');
    const fallEve = dayBuckets({ timeZone: NY, now: at('2026-11-02T04:30:00Z') });
    expect(fallEve(at('2026-11-02T04:59:59.999Z'))).toBe('today');
    expect(fallEve(at('2026-11-02T05:00:00.000Z'))).toBe('upcoming');
    expect(fallEve(null)).toBe('none');
    expect(fallEve(at('not a date'))).toBe('none');
  });

  it('gives what dayBucket gives, for any zone, instant and due date', () => {
    const zones = [
      NY,
      TOKYO,
      'UTC',
      KIRITIMATI,
      MINUS_12,
      'Australia/Lord_Howe',
      'America/Santiago',
      'Nope/Zone',
    ];
    // Around the 2026 changes of New York and Lord Howe, and anywhere from 1900 to 2100.
    const near = (base: string) =>
      fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }).map((ms) => Date.parse(base) + ms);
    const instant = fc.oneof(
      near('2026-03-08T07:00:00Z'),
      near('2026-11-01T06:00:00Z'),
      near('2026-04-04T15:00:00Z'),
      fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
    );
    // The end of a second (as the end of a local day is), a bare date, or any instant.
    const due = fc.oneof(
      instant.map((ms) => new Date(Math.floor(ms / 1000) * 1000 + 999)),
      instant.map((ms) => new Date(Math.floor(ms / 86_400_000) * 86_400_000)),
      instant.map((ms) => new Date(ms)),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        instant,
        fc.array(due, { maxLength: 8 }),
        (timeZone, ms, dues) => {
          const now = new Date(ms);
          const bucketOf = dayBuckets({ timeZone, now });
          for (const d of dues) expect(bucketOf(d)).toBe(dayBucket(d, { timeZone, now }));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('formatDueFallback', () => {
  it('writes a date alone by the local day, on the day clocks change too', () => {
    // 1 Nov 2026 in New York runs from 04:00Z (EDT) to 05:00Z the next day (EST).
    expect(formatDueFallback(new Date('2026-11-01T04:00:00.000Z'), NY, false)).toBe('Sun, Nov 1, 2026');
    expect(formatDueFallback(new Date('2026-11-02T04:59:59.999Z'), NY, false)).toBe('Sun, Nov 1, 2026');
    expect(formatDueFallback(new Date('2026-11-02T05:00:00.000Z'), NY, false)).toBe('Mon, Nov 2, 2026');
    expect(formatDueFallback(new Date('2026-11-01T03:59:59.999Z'), NY, false)).toBe('Sat, Oct 31, 2026');
    expect(formatDueFallback(new Date('2026-11-20T10:00:00.000Z'), 'Pacific/Kiritimati', false)).toBe(
      'Sat, Nov 21, 2026',
    );
    expect(formatDueFallback(new Date('2026-11-20T10:00:00.000Z'), 'Etc/GMT+12', false)).toBe(
      'Thu, Nov 19, 2026',
    );
  });

  it('writes what Intl writes for the instant, in any zone, with or without a time', () => {
    const zones = [
      NY,
      TOKYO,
      'UTC',
      'Pacific/Kiritimati',
      'Etc/GMT+12',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
    ];
    const options: Intl.DateTimeFormatOptions = {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    };
    const timed: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
    // Many instants on few days, so that days already written are asked again.
    const instant = fc.oneof(
      fc.integer({ min: Date.UTC(2026, 2, 5), max: Date.UTC(2026, 2, 12) }),
      fc.integer({ min: Date.UTC(2026, 9, 29), max: Date.UTC(2026, 10, 4) }),
      fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...zones), instant, fc.boolean(), (timeZone, ms, hasTime) => {
        const date = new Date(ms);
        const intl = new Intl.DateTimeFormat('en-US', { timeZone, ...options, ...(hasTime ? timed : {}) });
        expect(formatDueFallback(date, timeZone, hasTime)).toBe(intl.format(date));
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('kinds of due dates', () => {
  it('tells end-of-day, calendar and timed dues apart', () => {
    expect(dueKind(new Date('2026-11-21T04:59:59.999Z'))).toBe('end-of-day');
    expect(dueKind(new Date('2026-12-01T00:00:00.000Z'))).toBe('calendar');
    expect(dueKind(new Date('2026-11-21T22:00:00.000Z'))).toBe('timed');
    // A time someone set at :59 seconds is a time, not the end of a day.
    expect(dueKind(new Date('2026-11-21T22:00:59.000Z'))).toBe('timed');
    expect(dueKind(new Date('2026-11-21T22:00:59.500Z'))).toBe('timed');
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
