/**
 * Which fetched tasks go into one digest, and in which section. Sections are days in the
 * subscription's zone, and overdue means what it means on every other surface: past its due time.
 * overdue = due before now (or before the digest's day), due today = due later during that day,
 * upcoming = due during the next N days. A date without a time (`lib/dates`' calendar dates) is the
 * same day everywhere and compared as a date.
 */
import { dueKind } from '../lib/dates.ts';
import { addDays, localDateOf, startOfLocalDay } from './local-time.ts';
import type { DigestSubscription } from './types.ts';

/** The task fields a digest reads: a subset of the contract's Task, so tolerant client records fit. */
export interface DigestTask {
  id: number;
  title: string;
  status: { id: number; name: string };
  assignees: ReadonlyArray<{ id: number; name: string }>;
  due_date: string | null;
  project_id?: number;
}

export interface DigestSelection<T extends DigestTask = DigestTask> {
  overdue: T[];
  dueToday: T[];
  upcoming: T[];
}

interface SelectTasksOptions {
  /** The clock; gives the local date when `localDate` is left out. */
  now: Date;
  /** Status ids that mean done, across the projects involved: such tasks are never listed. */
  doneStatusIds: ReadonlySet<number>;
  /** Zone the days are counted in. Default: the subscription's. */
  timeZone?: string;
  /** The local date the digest is for (a firing's `localDate`). Default: today in `timeZone` at `now`. */
  localDate?: string;
}

type Selectable = Pick<DigestSubscription, 'projectIds' | 'sections' | 'filters' | 'timeZone'>;

function statusMatcher(statuses: readonly string[] | undefined): (status: DigestTask['status']) => boolean {
  if (!statuses || statuses.length === 0) return () => true;
  // Same reading as the service's `status` filter: a name, case-insensitive, or an id.
  const wanted = new Set(statuses.map((s) => s.trim().toLowerCase()));
  return (status) => wanted.has(status.name.toLowerCase()) || wanted.has(String(status.id));
}

function byDueThenId(a: { due: number; task: DigestTask }, b: { due: number; task: DigestTask }): number {
  return a.due - b.due || a.task.id - b.task.id;
}

/**
 * Splits the open tasks of a subscription's projects into its sections, applying its filters.
 * Each task appears once, in due order; tasks without a readable due date are not listed.
 */
export function selectTasks<T extends DigestTask>(
  sub: Selectable,
  tasksByProject: ReadonlyMap<number, readonly T[]>,
  options: SelectTasksOptions,
): DigestSelection<T> {
  const timeZone = options.timeZone ?? sub.timeZone;
  const today = options.localDate ?? localDateOf(options.now, timeZone);
  const startToday = startOfLocalDay(today, timeZone).getTime();
  const startTomorrow = startOfLocalDay(addDays(today, 1), timeZone).getTime();
  const end = selectionHorizon(sub, today, timeZone).getTime();
  // Past its due time is overdue; a digest for a day already gone counts all of that day as past.
  const overdueBefore = Math.min(Math.max(options.now.getTime(), startToday), startTomorrow);
  const statusOk = statusMatcher(sub.filters.statuses);
  const assigneeIds = sub.filters.assigneeIds?.length ? new Set(sub.filters.assigneeIds) : null;

  const seen = new Set<number>();
  const buckets = {
    overdue: [] as { due: number; task: T }[],
    dueToday: [] as { due: number; task: T }[],
    upcoming: [] as { due: number; task: T }[],
  };
  for (const projectId of sub.projectIds) {
    for (const task of tasksByProject.get(projectId) ?? []) {
      if (seen.has(task.id) || task.due_date === null) continue;
      const due = Date.parse(task.due_date);
      if (Number.isNaN(due) || due >= end) continue;
      if (options.doneStatusIds.has(task.status.id) || !statusOk(task.status)) continue;
      if (assigneeIds && !task.assignees.some((a) => assigneeIds.has(a.id))) continue;
      const section = sectionOf(due, today, overdueBefore, startTomorrow);
      const bucket =
        section === 'overdue'
          ? sub.sections.overdue && buckets.overdue
          : section === 'today'
            ? sub.sections.dueToday && buckets.dueToday
            : buckets.upcoming;
      if (!bucket) continue;
      seen.add(task.id);
      bucket.push({ due, task });
    }
  }
  const sorted = (list: { due: number; task: T }[]) => list.sort(byDueThenId).map((e) => e.task);
  return {
    overdue: sorted(buckets.overdue),
    dueToday: sorted(buckets.dueToday),
    upcoming: sorted(buckets.upcoming),
  };
}

function sectionOf(
  due: number,
  today: string,
  overdueBefore: number,
  startTomorrow: number,
): 'overdue' | 'today' | 'upcoming' {
  const at = new Date(due);
  if (dueKind(at) === 'calendar') {
    const day = at.toISOString().slice(0, 10);
    return day < today ? 'overdue' : day === today ? 'today' : 'upcoming';
  }
  return due < overdueBefore ? 'overdue' : due < startTomorrow ? 'today' : 'upcoming';
}

/** The end of the latest section of a digest: tasks due at or after it are never selected. */
export function selectionHorizon(
  sub: Pick<Selectable, 'sections' | 'timeZone'>,
  localDate: string,
  timeZone: string = sub.timeZone,
): Date {
  return startOfLocalDay(addDays(localDate, 1 + sub.sections.dueWithinDays), timeZone);
}
