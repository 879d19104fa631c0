/**
 * Which open tasks of an active sprint may miss it, and why: overdue already, due after the
 * sprint's last day (in the reader's zone), or nobody assigned to do it.
 */
import { dueKind, isOverdue, toLocalDateString } from '../../../lib/dates.ts';

interface RiskInput {
  due_date: string | null;
  assignees: readonly unknown[];
}

export function riskReasons(
  task: RiskInput,
  sprintEnd: string | null,
  timeZone: string,
  now: Date,
): string[] {
  const reasons: string[] = [];
  const due = task.due_date ? new Date(task.due_date) : null;
  if (due && !Number.isNaN(due.getTime())) {
    // Overdue as on every other surface: a date without a time only once its day is over.
    if (isOverdue(due, { timeZone, now })) reasons.push('overdue');
    else if (sprintEnd && dueDay(due, timeZone) > sprintEnd) reasons.push('due after the sprint ends');
  }
  if (task.assignees.length === 0) reasons.push('no assignee');
  return reasons;
}

/** The day a task is due: a calendar date is that date everywhere, an instant the reader's day. */
function dueDay(due: Date, timeZone: string): string {
  return dueKind(due) === 'calendar' ? due.toISOString().slice(0, 10) : toLocalDateString(due, timeZone);
}
