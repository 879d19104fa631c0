import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, toUtcDateTime, utcDate } from '../../../src/sandbox/domain/dates.ts';

describe('toUtcDateTime', () => {
  it('prints any accepted input as UTC with milliseconds and Z', () => {
    expect(toUtcDateTime('2026-11-21')).toBe('2026-11-21T00:00:00.000Z');
    expect(toUtcDateTime('2026-11-21T10:00:00+02:00')).toBe('2026-11-21T08:00:00.000Z');
    expect(toUtcDateTime('2026-11-21T10:00:00.123456Z')).toBe('2026-11-21T10:00:00.123Z');
  });

  it('refuses instants outside years 0001-9999', () => {
    expect(toUtcDateTime('0000-12-31')).toBeUndefined();
    expect(toUtcDateTime('0001-01-01T00:30:00+01:00')).toBeUndefined();
    expect(toUtcDateTime('9999-12-31T23:00:00-02:00')).toBeUndefined();
    expect(toUtcDateTime('0001-01-01')).toBe('0001-01-01T00:00:00.000Z');
  });
});

describe('calendar days', () => {
  it('add and count across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-21', '2026-12-04')).toBe(13);
    expect(utcDate(new Date('2026-11-21T23:59:59.999Z'))).toBe('2026-11-21');
  });
});
