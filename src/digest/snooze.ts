/**
 * Where a snoozed task's due date moves. The task keeps its local time of day (a clock change in
 * between does not shift it by an hour), and a snooze never moves a due date earlier.
 */
import { addDays, instantAt, isoWeekday, localDateOf, localTimeOf } from './local-time.ts';

type SnoozeKind = '1d' | 'next_monday';

interface SnoozeOptions {
  /** The zone whose calendar days count: the digest's. */
  timeZone: string;
  now: Date;
}

/**
 * The new due instant. `1d`: the day after the later of the current due date and today (an
 * overdue task moves to tomorrow). `next_monday`: the first Monday after that same day. The time
 * of day is the task's own, or the current time for a task with no due date.
 */
export function snoozeTarget(kind: SnoozeKind, due: Date | null, { timeZone, now }: SnoozeOptions): Date {
  const today = localDateOf(now, timeZone);
  const dueDate = due ? localDateOf(due, timeZone) : today;
  // YYYY-MM-DD dates order as text.
  const base = [today, dueDate].sort().at(-1) ?? today;
  const target = kind === '1d' ? addDays(base, 1) : addDays(base, 8 - isoWeekday(base));
  return instantAt(target, localTimeOf(due ?? now, timeZone), timeZone);
}
