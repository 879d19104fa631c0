/**
 * `/task find`'s filters read against the tasks Taskbridge holds: a person by link or by the name
 * the service shows, a status by name (`open` and `done` by meaning), a due date in the reader's
 * zone. Pure: what needs the store or Slack is looked up by the handler first.
 */
import type { TaskRecord } from '../../../api/index.ts';
import { dayBuckets, parseDueDate } from '../../../lib/dates.ts';
import { fold } from './rank.ts';

type DueFilter = (task: TaskRecord) => boolean;

const WEEK_MS = 7 * 86_400_000;

/** `today`, `overdue`, `week`, `none`, or a date (due by the end of it); null when unread. */
export function dueFilter(
  text: string,
  q: { timeZone: string; now: Date; isDone: (t: TaskRecord) => boolean },
): DueFilter | null {
  const bucketOf = dayBuckets({ timeZone: q.timeZone, now: q.now });
  const due = (t: TaskRecord) => (t.due_date ? new Date(t.due_date) : null);
  switch (fold(text).trim()) {
    case 'today':
      return (t) => bucketOf(due(t)) === 'today';
    case 'overdue':
    case 'late':
      return (t) => !q.isDone(t) && bucketOf(due(t)) === 'overdue';
    case 'week':
    case 'this week': {
      const until = q.now.getTime() + WEEK_MS;
      return (t) => {
        const at = due(t)?.getTime();
        return at !== undefined && at <= until && (bucketOf(due(t)) !== 'overdue' || !q.isDone(t));
      };
    }
    case 'none':
    case 'never':
      return (t) => !t.due_date;
  }
  const parsed = parseDueDate(text, { timeZone: q.timeZone, now: q.now });
  if (!parsed) return null;
  const until = parsed.date.getTime();
  return (t) => {
    const at = due(t)?.getTime();
    return at !== undefined && at <= until;
  };
}

/** A status filter: `open`, `done`, or a status's name (any case, accents folded). */
export function statusFilter(
  text: string,
  isDone: (t: TaskRecord) => boolean,
): ((t: TaskRecord) => boolean) | { wanted: string } {
  const wanted = fold(text).trim();
  if (wanted === 'open' || wanted === 'todo' || wanted === 'not done') return (t) => !isDone(t);
  if (wanted === 'done' || wanted === 'closed' || wanted === 'finished') return (t) => isDone(t);
  return { wanted };
}

/** Members seen on the tasks, by id: who a name can mean without a service request. */
export function assigneesOf(tasks: readonly TaskRecord[]): Map<number, string> {
  const people = new Map<number, string>();
  for (const t of tasks) for (const a of t.assignees) people.set(a.id, a.name);
  return people;
}

/** Members whose full or first name is the name typed (folded). */
export function membersNamed(people: ReadonlyMap<number, string>, name: string): number[] {
  const wanted = fold(name).trim();
  const found: number[] = [];
  for (const [id, full] of people) {
    const folded = fold(full).trim();
    if (folded === wanted || folded.split(/\s+/)[0] === wanted) found.push(id);
  }
  return found;
}
