import { describe, expect, it } from 'vitest';
import { snoozeTarget } from '../../../src/digest/snooze.ts';

const NY = 'America/New_York';
const d = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('snoozeTarget', () => {
  const tuesday9am = { timeZone: NY, now: d('2026-03-03T14:00:00Z') }; // Tue 3 March, 09:00 EST

  it('moves a task due today to tomorrow at its own time', () => {
    expect(iso(snoozeTarget('1d', d('2026-03-03T22:00:00Z'), tuesday9am))).toBe('2026-03-04T22:00:00.000Z');
  });

  it('moves an overdue task to tomorrow, not to a day that has passed', () => {
    expect(iso(snoozeTarget('1d', d('2026-02-27T15:00:00Z'), tuesday9am))).toBe('2026-03-04T15:00:00.000Z');
  });

  it('moves a future due date one day later, never earlier', () => {
    expect(iso(snoozeTarget('1d', d('2026-03-06T15:00:00Z'), tuesday9am))).toBe('2026-03-07T15:00:00.000Z');
  });

  it('keeps the local time across a clock change, and lands after a gap', () => {
    const saturday = { timeZone: NY, now: d('2027-03-13T12:00:00Z') };
    // Sat 09:00 EST → Sun 09:00 EDT: 23 hours later in UTC.
    expect(iso(snoozeTarget('1d', d('2027-03-13T14:00:00Z'), saturday))).toBe('2027-03-14T13:00:00.000Z');
    // Sat 02:30 EST → Sunday has no 02:30: 03:00 EDT.
    expect(iso(snoozeTarget('1d', d('2027-03-13T07:30:00Z'), saturday))).toBe('2027-03-14T07:00:00.000Z');
  });

  it('moves to the next Monday after today or after the due date', () => {
    expect(iso(snoozeTarget('next_monday', d('2026-03-03T22:00:00Z'), tuesday9am))).toBe(
      '2026-03-09T21:00:00.000Z',
    ); // 17:00 EDT
    const monday = { timeZone: NY, now: d('2026-03-02T14:00:00Z') };
    expect(iso(snoozeTarget('next_monday', d('2026-03-02T22:00:00Z'), monday))).toBe(
      '2026-03-09T21:00:00.000Z',
    );
    const sunday = { timeZone: NY, now: d('2026-03-01T14:00:00Z') };
    expect(iso(snoozeTarget('next_monday', d('2026-03-01T15:00:00Z'), sunday))).toBe(
      '2026-03-02T15:00:00.000Z',
    );
    // Due Wednesday next week: the Monday after that, not before it.
    expect(iso(snoozeTarget('next_monday', d('2026-03-11T15:00:00Z'), tuesday9am))).toBe(
      '2026-03-16T15:00:00.000Z',
    );
  });

  it("counts days in the digest's zone", () => {
    // 20:00Z on Tue 3 March is Wed 10:00 in Kiritimati: "next Monday" is 9 March there.
    const kiritimati = { timeZone: 'Pacific/Kiritimati', now: d('2026-03-03T20:00:00Z') };
    expect(iso(snoozeTarget('next_monday', d('2026-03-03T20:00:00Z'), kiritimati))).toBe(
      '2026-03-08T20:00:00.000Z',
    );
    expect(iso(snoozeTarget('1d', d('2026-03-03T20:00:00Z'), kiritimati))).toBe('2026-03-04T20:00:00.000Z');
  });

  it('uses the current time of day for a task with no due date', () => {
    expect(iso(snoozeTarget('1d', null, tuesday9am))).toBe('2026-03-04T14:00:00.000Z');
  });
});
