/**
 * A digest's schedule in words, shared by the list, the confirmations and the Home tab:
 * "09:00 Europe/London (GMT), weekdays" and which sections it shows.
 */
import { DEFAULT_DIGEST_DAYS, type DigestSections } from '../../../digest/types.ts';
import { zoneLabel } from './time-zones.ts';

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The checkbox labels of the form, by ISO weekday. */
export const DAY_LABELS: Readonly<Record<number, string>> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

function same(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d) => b.includes(d));
}

/** "weekdays", "every day", "weekends", or "Mon, Wed, Fri" (ISO weekdays in). */
export function daysText(days: readonly number[]): string {
  if (same(days, DEFAULT_DIGEST_DAYS)) return 'weekdays';
  if (same(days, [1, 2, 3, 4, 5, 6, 7])) return 'every day';
  if (same(days, [6, 7])) return 'weekends';
  return [...days]
    .sort((a, b) => a - b)
    .map((d) => DAY_NAMES[d - 1] ?? '?')
    .join(', ');
}

/** "09:00 Europe/London (GMT), weekdays". */
export function scheduleText(
  sub: { time: string; timeZone: string; days: readonly number[] },
  now: Date,
): string {
  return `${sub.time} ${zoneLabel(sub.timeZone, now)}, ${daysText(sub.days)}`;
}

/** "overdue, due today and the next 3 days". */
export function sectionsText(sections: DigestSections): string {
  const parts = [
    sections.overdue ? 'overdue' : '',
    sections.dueToday ? 'due today' : '',
    sections.dueWithinDays === 1
      ? 'due tomorrow'
      : sections.dueWithinDays > 1
        ? `due in the next ${sections.dueWithinDays} days`
        : '',
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'nothing');
}
