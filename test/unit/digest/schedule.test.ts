import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, localDateOf } from '../../../src/digest/local-time.ts';
import {
  dueFirings,
  firingKey,
  LATE_GRACE_MS,
  nextFiring,
  scheduledInstant,
} from '../../../src/digest/schedule.ts';
import type { DigestFiring, DigestSubscription } from '../../../src/digest/types.ts';
import { makeSubscription } from './fixtures.ts';

const MINUTE = 60_000;
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const at = (iso: string) => new Date(iso);

/**
 * A scheduler on a fake clock: ticks every `stepMs` from `from` to `to`, asks for due firings,
 * claims each firing's key in a shared set (the store's atomic claim) and remembers the last date
 * fired per subscription. `down` lists [start, end) windows when the process is not running.
 */
function runClock(
  subs: DigestSubscription[],
  from: string,
  to: string,
  { stepMs = MINUTE, down = [] as [string, string][], claimed = new Set<string>() } = {},
): DigestFiring[] {
  const sent: DigestFiring[] = [];
  const lastFired = new Map<string, string>();
  const outages = down.map(([a, b]) => [Date.parse(a), Date.parse(b)] as const);
  for (let t = Date.parse(from); t < Date.parse(to); t += stepMs) {
    if (outages.some(([a, b]) => t >= a && t < b)) continue;
    for (const sub of subs) {
      for (const firing of dueFirings(sub, { now: new Date(t), lastFiredLocalDate: lastFired.get(sub.id) })) {
        lastFired.set(sub.id, firing.localDate);
        if (claimed.has(firingKey(firing))) continue;
        claimed.add(firingKey(firing));
        sent.push(firing);
      }
    }
  }
  return sent;
}

describe('scheduledInstant', () => {
  it("is the sub's local time on that local date, DST-safe", () => {
    const sub = makeSubscription({ time: '02:30' });
    expect(scheduledInstant(sub, '2027-03-14').toISOString()).toBe('2027-03-14T07:00:00.000Z'); // 03:00 EDT
    expect(scheduledInstant(sub, '2027-03-15').toISOString()).toBe('2027-03-15T06:30:00.000Z');
    const fall = makeSubscription({ time: '01:30' });
    expect(scheduledInstant(fall, '2026-11-01').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('gives the claim key of a firing', () => {
    expect(firingKey({ subscriptionId: 'abc', localDate: '2026-03-03' })).toBe('digest:abc:2026-03-03');
  });
});

describe('dueFirings on a fake clock', () => {
  const sub = makeSubscription({ time: '09:00' }); // New York, weekdays
  // Tuesday 2026-03-03, 09:00 EST = 14:00Z.

  it('fires once the instant has passed, on time within the grace period', () => {
    expect(dueFirings(sub, { now: at('2026-03-03T13:59:59Z') })).toEqual([]);
    expect(dueFirings(sub, { now: at('2026-03-03T14:00:00Z') })).toEqual([
      {
        subscriptionId: 'sub1',
        localDate: '2026-03-03',
        scheduledAt: at('2026-03-03T14:00:00Z'),
        late: false,
      },
    ]);
    expect(
      dueFirings(sub, { now: new Date(Date.parse('2026-03-03T14:00:00Z') + LATE_GRACE_MS) })[0]?.late,
    ).toBe(false);
    expect(dueFirings(sub, { now: at('2026-03-03T14:03:00Z') })[0]?.late).toBe(true);
  });

  it('does not fire again for a date it already fired for', () => {
    expect(dueFirings(sub, { now: at('2026-03-03T14:05:00Z'), lastFiredLocalDate: '2026-03-03' })).toEqual(
      [],
    );
    expect(
      dueFirings(sub, { now: at('2026-03-04T14:00:00Z'), lastFiredLocalDate: '2026-03-03' }),
    ).toHaveLength(1);
  });

  it('sends a missed digest late the same local day and skips it once the day is over', () => {
    // Down from 08:00 to 16:00 local on Tuesday: sent at 16:00, marked late.
    const sameDay = runClock([sub], '2026-03-03T12:00:00Z', '2026-03-04T04:00:00Z', {
      down: [['2026-03-03T13:00:00Z', '2026-03-03T21:00:00Z']],
    });
    expect(sameDay).toEqual([
      {
        subscriptionId: 'sub1',
        localDate: '2026-03-03',
        scheduledAt: at('2026-03-03T14:00:00Z'),
        late: true,
      },
    ]);
    // Down from Tuesday 08:00 to Wednesday 08:00: Tuesday's is never sent, Wednesday's is on time.
    const nextDay = runClock([sub], '2026-03-03T12:00:00Z', '2026-03-04T20:00:00Z', {
      down: [['2026-03-03T13:00:00Z', '2026-03-04T13:00:00Z']],
    });
    expect(nextDay.map((f) => [f.localDate, f.late])).toEqual([['2026-03-04', false]]);
    expect(dueFirings(sub, { now: at('2026-03-04T04:59:00Z') })[0]?.localDate).toBe('2026-03-03'); // 23:59 EST
    expect(dueFirings(sub, { now: at('2026-03-04T05:00:00Z') })).toEqual([]); // midnight: Tuesday is over
  });

  it('keeps a 23:59 digest seen just after midnight on time, and drops it past the grace', () => {
    const late = makeSubscription({ time: '23:59', days: EVERY_DAY });
    // 23:59 EST on 2026-03-03 = 04:59Z on 03-04.
    expect(dueFirings(late, { now: at('2026-03-04T05:00:30Z') })).toEqual([
      {
        subscriptionId: 'sub1',
        localDate: '2026-03-03',
        scheduledAt: at('2026-03-04T04:59:00Z'),
        late: false,
      },
    ]);
    expect(dueFirings(late, { now: at('2026-03-04T05:02:30Z') })).toEqual([]);
  });

  it('skips weekends for a weekday digest', () => {
    // Monday 2026-03-02 to Monday 2026-03-09 (clocks change on Sunday 03-08).
    const sent = runClock([sub], '2026-03-02T05:00:00Z', '2026-03-09T20:00:00Z');
    expect(sent.map((f) => f.localDate)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-09',
    ]);
    expect(sent.every((f) => !f.late)).toBe(true);
    expect(sent.at(-1)?.scheduledAt.toISOString()).toBe('2026-03-09T13:00:00.000Z'); // 09:00 EDT
  });

  it('fires a time inside the spring-forward gap once, just after the gap', () => {
    const gap = makeSubscription({ time: '02:30', days: EVERY_DAY });
    const sent = runClock([gap], '2027-03-13T05:00:00Z', '2027-03-15T05:00:00Z');
    expect(sent.map((f) => [f.localDate, f.scheduledAt.toISOString(), f.late])).toEqual([
      ['2027-03-13', '2027-03-13T07:30:00.000Z', false],
      ['2027-03-14', '2027-03-14T07:00:00.000Z', false], // 03:00 EDT
    ]);
  });

  it.each([
    ['2026-11-01', '2026-10-31T04:00:00Z', '2026-11-02T05:00:00Z'],
    ['2027-11-07', '2027-11-06T04:00:00Z', '2027-11-08T05:00:00Z'],
  ])('fires a repeated fall-back hour once, at its first occurrence (%s)', (day, from, to) => {
    const fall = makeSubscription({ time: '01:30', days: EVERY_DAY });
    const sent = runClock([fall], from, to);
    const onDay = sent.filter((f) => f.localDate === day);
    expect(onDay).toHaveLength(1);
    expect(onDay[0]?.scheduledAt.toISOString()).toBe(`${day}T05:30:00.000Z`); // 01:30 EDT, not 01:30 EST
    expect(sent).toHaveLength(2);
    // At the second 01:30 (EST) nothing new is due, and the firing it would see carries the same key.
    const second = new Date(`${day}T06:30:00Z`);
    expect(dueFirings(fall, { now: second, lastFiredLocalDate: day })).toEqual([]);
    expect(dueFirings(fall, { now: second }).map(firingKey)).toEqual([`digest:sub1:${day}`]);
  });

  it('gives +14 and −11 their own local day at the same UTC instant', () => {
    const kiritimati = makeSubscription({ id: 'kir', time: '10:00', timeZone: 'Pacific/Kiritimati' });
    const pagoPago = makeSubscription({ id: 'ppg', time: '09:00', timeZone: 'Pacific/Pago_Pago' });
    const now = at('2026-03-03T20:00:00Z'); // Wed 10:00 in Kiritimati, Tue 09:00 in Pago Pago
    expect(dueFirings(kiritimati, { now })).toEqual([
      { subscriptionId: 'kir', localDate: '2026-03-04', scheduledAt: now, late: false },
    ]);
    expect(dueFirings(pagoPago, { now })).toEqual([
      { subscriptionId: 'ppg', localDate: '2026-03-03', scheduledAt: now, late: false },
    ]);
    // Three days later it is Saturday in Kiritimati (weekend: nothing) and still Friday in Pago Pago.
    const friday = at('2026-03-06T20:00:00Z');
    expect(dueFirings(kiritimati, { now: friday })).toEqual([]);
    expect(dueFirings(pagoPago, { now: friday }).map((f) => f.localDate)).toEqual(['2026-03-06']);
  });

  it('fires each zone once per local weekday over a week of minute ticks', () => {
    const subs = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York', 'Asia/Kolkata'].map(
      (tz, i) => makeSubscription({ id: `z${i}`, timeZone: tz, time: '09:00' }),
    );
    const sent = runClock(subs, '2026-03-01T00:00:00Z', '2026-03-09T00:00:00Z');
    for (const sub of subs) {
      const mine = sent.filter((f) => f.subscriptionId === sub.id);
      expect(new Set(mine.map((f) => f.localDate)).size).toBe(mine.length);
      expect(mine.every((f) => !f.late && localDateOf(f.scheduledAt, sub.timeZone) === f.localDate)).toBe(
        true,
      );
      expect(
        mine.every((f) => scheduledInstant(sub, f.localDate).getTime() === f.scheduledAt.getTime()),
      ).toBe(true);
    }
    expect(sent.filter((f) => f.subscriptionId === 'z0').map((f) => f.localDate)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-09', // Monday 09:00 in Kiritimati is Sunday 19:00Z, inside the window
    ]);
  });

  it('sends nothing twice and loses nothing across a restart or two processes on one store', () => {
    const subs = Array.from({ length: 20 }, (_, i) =>
      makeSubscription({ id: `s${i}`, time: `0${i % 10}:${i < 10 ? '00' : '30'}`, days: EVERY_DAY }),
    );
    const whole = runClock(subs, '2026-03-03T05:00:00Z', '2026-03-04T05:00:00Z');
    expect(whole).toHaveLength(20);
    // A process that stops mid-run and a fresh one (no memory of what fired) sharing the claims.
    const claimed = new Set<string>();
    const first = runClock(subs, '2026-03-03T05:00:00Z', '2026-03-03T10:00:00Z', { claimed });
    const restarted = runClock(subs, '2026-03-03T10:00:00Z', '2026-03-04T05:00:00Z', { claimed });
    const other = runClock(subs, '2026-03-03T05:00:00Z', '2026-03-04T05:00:00Z', { claimed });
    expect(first.length).toBeGreaterThan(0);
    expect(other).toEqual([]);
    const keys = [...first, ...restarted].map(firingKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(whole.map(firingKey).sort());
  });

  it('yields nothing for a paused subscription or for a time before it existed', () => {
    const paused = makeSubscription({ paused: { reason: 'not_in_channel', at: '2026-03-01T00:00:00.000Z' } });
    expect(dueFirings(paused, { now: at('2026-03-03T15:00:00Z') })).toEqual([]);
    expect(nextFiring(paused, at('2026-03-03T15:00:00Z'))).toBeNull();
    const fresh = makeSubscription({ createdAt: '2026-03-03T14:30:00.000Z' }); // after 09:00 EST
    expect(dueFirings(fresh, { now: at('2026-03-03T15:00:00Z') })).toEqual([]);
    expect(dueFirings(fresh, { now: at('2026-03-04T14:00:00Z') })).toHaveLength(1);
  });
});

describe('nextFiring', () => {
  const sub = makeSubscription({ time: '09:00' });

  it('finds the next scheduled instant, skipping days off', () => {
    expect(nextFiring(sub, at('2026-03-03T13:00:00Z'))?.toISOString()).toBe('2026-03-03T14:00:00.000Z');
    expect(nextFiring(sub, at('2026-03-03T14:00:00Z'))?.toISOString()).toBe('2026-03-04T14:00:00.000Z');
    // Friday after 09:00 → Monday 09:00, which is EDT after the change on Sunday 03-08.
    expect(nextFiring(sub, at('2026-03-06T15:00:00Z'))?.toISOString()).toBe('2026-03-09T13:00:00.000Z');
    const gap = makeSubscription({ time: '02:30', days: [7] });
    expect(nextFiring(gap, at('2027-03-10T00:00:00Z'))?.toISOString()).toBe('2027-03-14T07:00:00.000Z');
  });

  const zones = [
    'America/New_York',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
    'Australia/Lord_Howe',
    'Europe/Paris',
  ];
  it('agrees with dueFirings: due exactly at the next firing, not a second before', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(0, 15, 30, 59),
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
        fc.date({
          min: new Date('2026-01-01T00:00:00Z'),
          max: new Date('2028-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (timeZone, hour, minute, days, now) => {
          const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const s = makeSubscription({ timeZone, time, days });
          const next = nextFiring(s, now);
          expect(next).not.toBeNull();
          if (!next) return;
          expect(next.getTime()).toBeGreaterThan(now.getTime());
          const localDate = localDateOf(next, timeZone);
          const yesterday = addDays(localDate, -1);
          expect(dueFirings(s, { now: next, lastFiredLocalDate: yesterday })).toEqual([
            { subscriptionId: 'sub1', localDate, scheduledAt: next, late: false },
          ]);
          expect(
            dueFirings(s, { now: new Date(next.getTime() - 1000), lastFiredLocalDate: yesterday }),
          ).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
