/**
 * When a reminder goes, read in the person's zone: `in 2 hours`, `in 30 minutes`, or a date as
 * `/task due` reads it (`friday 3pm`, `tomorrow`); a day without a time means 9:00 that day. The
 * menu's choices (in 1 hour, tomorrow 9:00, next Monday 9:00) are worked out the same way. Pure.
 */
import {
  describeDueProblem,
  fromLocalDateTime,
  parseDueDate,
  toLocalDateString,
} from '../../../lib/dates.ts';
import type { RemindChoice } from '../../ui/messages/remind-menu.ts';

const MORNING = '09:00';
const DAY_MS = 86_400_000;

type ReminderTime = { ok: true; at: Date } | { ok: false; why: string };

/** 9:00 on the local day of `date`. */
function morningOf(date: Date, timeZone: string): Date {
  return fromLocalDateTime(toLocalDateString(date, timeZone), MORNING, timeZone)!.date;
}

/** The local day `days` after today's, at 9:00. */
function morningIn(days: number, now: Date, timeZone: string): Date {
  const today = toLocalDateString(now, timeZone);
  const next = new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  return fromLocalDateTime(next, MORNING, timeZone)!.date;
}

export function reminderTimeOf(text: string, q: { timeZone: string; now: Date }): ReminderTime {
  const relative = /^in\s+(\d{1,4})\s*(m|min|mins|minutes?|h|hr|hrs|hours?)$/i.exec(text.trim());
  if (relative) {
    const amount = Number(relative[1]);
    const minutes = /^m/i.test(relative[2]!) ? amount : amount * 60;
    if (minutes < 1 || minutes > 366 * 24 * 60)
      return { ok: false, why: 'Give a time within the next year.' };
    return { ok: true, at: new Date(q.now.getTime() + minutes * 60_000) };
  }
  const parsed = parseDueDate(text, q);
  if (!parsed) {
    return { ok: false, why: describeDueProblem(text, q) ?? `“${text}” is not a time I can read.` };
  }
  const at = parsed.hasTime ? parsed.date : morningOf(parsed.date, q.timeZone);
  if (at.getTime() <= q.now.getTime()) {
    return {
      ok: false,
      why: `9:00 on that day has passed; give a time, like \`in 1 hour\` or \`tomorrow 9am\`.`,
    };
  }
  return { ok: true, at };
}

export function reminderTimeOfChoice(choice: RemindChoice, q: { timeZone: string; now: Date }): Date {
  switch (choice) {
    case 'hour':
      return new Date(q.now.getTime() + 3_600_000);
    case 'tomorrow':
      return morningIn(1, q.now, q.timeZone);
    case 'monday': {
      const weekday = new Date(`${toLocalDateString(q.now, q.timeZone)}T12:00:00Z`).getUTCDay();
      return morningIn((1 - weekday + 7) % 7 || 7, q.now, q.timeZone);
    }
  }
}
