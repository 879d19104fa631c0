/** Time zones by name and the schedule in words. */
import { describe, expect, it } from 'vitest';
import { daysText, scheduleText, sectionsText } from '../../../../src/slack/ui/digest/schedule-text.ts';
import { TIME_ZONES, zoneLabel, zoneOptions } from '../../../../src/slack/ui/digest/time-zones.ts';

const WINTER = new Date('2026-01-15T12:00:00.000Z');
const SUMMER = new Date('2026-07-15T12:00:00.000Z');

describe('time zones', () => {
  it('names a zone with its short name at the time, which follows daylight saving time', () => {
    expect(zoneLabel('Europe/London', WINTER)).toBe('Europe/London (GMT)');
    expect(zoneLabel('Europe/London', SUMMER)).toBe('Europe/London (BST)');
    expect(zoneLabel('Asia/Tokyo', SUMMER)).toBe('Asia/Tokyo (GMT+9)');
    expect(zoneLabel('America/New_York', WINTER)).toBe('America/New_York (EST)');
    expect(zoneLabel('America/New_York', SUMMER)).toBe('America/New_York (EDT)');
    expect(zoneLabel('Pacific/Kiritimati', WINTER)).toBe('Pacific/Kiritimati (GMT+14)');
    expect(zoneLabel('Not/AZone', WINTER)).toBe('Not/AZone');
  });

  it('finds zones by city or short name, at most 100, the person’s own first', () => {
    expect(TIME_ZONES.length).toBeGreaterThan(300);
    expect(TIME_ZONES).toContain('UTC');
    const all = zoneOptions('', WINTER, 'Asia/Tokyo');
    expect(all).toHaveLength(100);
    expect(all[0]?.value).toBe('Asia/Tokyo');
    expect(all.every((o) => (o.value ?? '').length <= 75 && o.text.text.length <= 75)).toBe(true);
    expect(zoneOptions('new_york', WINTER).map((o) => o.value)).toEqual(['America/New_York']);
    expect(zoneOptions('EST', WINTER).map((o) => o.value)).toContain('America/New_York');
    expect(zoneOptions('pago pago', WINTER).map((o) => o.value)).toEqual(['Pacific/Pago_Pago']);
    // Leading only when it matches what was typed.
    expect(zoneOptions('pago pago', WINTER, 'Asia/Tokyo').map((o) => o.value)).toEqual(['Pacific/Pago_Pago']);
    expect(zoneOptions('zzzz', WINTER)).toEqual([]);
  });
});

describe('schedules in words', () => {
  it('names the usual sets of days and lists the others in week order', () => {
    expect(daysText([1, 2, 3, 4, 5])).toBe('weekdays');
    expect(daysText([7, 6, 5, 4, 3, 2, 1])).toBe('every day');
    expect(daysText([6, 7])).toBe('weekends');
    expect(daysText([5, 1, 3])).toBe('Mon, Wed, Fri');
  });

  it('says the time with its zone, and which sections a digest shows', () => {
    expect(scheduleText({ time: '09:00', timeZone: 'Europe/London', days: [1, 2, 3, 4, 5] }, WINTER)).toBe(
      '09:00 Europe/London (GMT), weekdays',
    );
    expect(sectionsText({ overdue: true, dueToday: false, dueWithinDays: 1 })).toBe(
      'overdue and due tomorrow',
    );
    expect(sectionsText({ overdue: false, dueToday: true, dueWithinDays: 0 })).toBe('due today');
  });
});
