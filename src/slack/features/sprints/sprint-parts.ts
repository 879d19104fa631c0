/** What the sprint renderers share: the sprint as they need it, its status, its dates line. */
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import { dateRange, plural } from '../../ui/team/format.ts';

/** A sprint as the renderers read it (a `SprintRecord` fits). */
export interface SprintModel {
  id: number;
  project_id: number;
  name: string;
  goal: string | null;
  status: string;
  start_date: string | null;
  end_date: string | null;
  /** Null when the service does not count a sprint's tasks. */
  tasks_count: number | null;
  /** False when the service shows neither the sprint's status nor its dates. */
  details_shown?: boolean | undefined;
}

const STATUS: Readonly<Record<string, string>> = {
  planned: ':white_circle: Planned',
  active: ':large_green_circle: Active',
  completed: ':white_check_mark: Completed',
};

/** The status with its marker; a status the contract does not know is shown as sent. */
export function sprintStatusText(status: string): string {
  return STATUS[status] ?? `:grey_question: ${escapeWithin(status, 40)}`;
}

/** `*Sprint 2*`, the name escaped and kept short. */
export function sprintName(sprint: Pick<SprintModel, 'name'>, max = 120): string {
  return `*${escapeWithin(sprint.name, max)}*`;
}

/** `Active · Mon 3 Nov → Fri 14 Nov · 8 tasks`. */
export function sprintSummaryLine(sprint: SprintModel, now: Date): string {
  if (sprint.details_shown === false) return ':grey_question: Status and dates not shown by the service';
  const dates = dateRange(sprint.start_date, sprint.end_date, now) ?? 'no dates yet';
  return [
    sprintStatusText(sprint.status),
    dates,
    ...(sprint.tasks_count === null ? [] : [plural(sprint.tasks_count, 'task')]),
  ].join(' · ');
}
