/**
 * A task's editable fields as the edit form shows them: one string per field, in the form's own
 * terms (Slack user ids for people, a local date and time for the due date). Comparing these
 * strings tells whether the person changed a field and whether the task changed meanwhile, in the
 * same units, whatever the service's own formats.
 */

import type { TaskRecord } from '../../../api/index.ts';
import { type MemberRef, PRIORITIES } from '../../../contract/index.ts';
import { dueKind, resolveTimeZone, toLocalDateString, toLocalTimeString } from '../../../lib/dates.ts';
import { dueOf, type SlackUserIds } from '../../ui/messages/task-parts.ts';

export const EDIT_FIELDS = ['title', 'description', 'assignees', 'due', 'priority', 'status'] as const;
export type EditField = (typeof EDIT_FIELDS)[number];

/**
 * The form's value of each field; `due` is `YYYY-MM-DD|HH:mm` (either part may be empty);
 * `assignees` the picker's Slack user ids and `m<id>` for each assignee ticked under "Also
 * assigned".
 */
export type EditValues = Record<EditField, string>;

/** Slack shows at most 10 checkboxes; assignees past them stay assigned without one. */
const MAX_KEEP_OPTIONS = 10;

export interface TaskFormValues {
  values: EditValues;
  /** Every assignee's member id, sorted and joined: what changed meanwhile is judged on all of them. */
  members: string;
  /** Assignees the people picker cannot show (no Slack account known for them): each with a box, ticked. */
  unlinked: MemberRef[];
  /** Unpickable assignees past the boxes Slack allows: always kept. */
  alwaysKept: MemberRef[];
}

/** How a kept assignee reads in `EditValues.assignees`. */
export const keptValue = (memberId: number) => `m${memberId}`;

/** The due date as the pickers show it in `timeZone`: a calendar date stays that date everywhere. */
export function dueWidgetValue(task: Pick<TaskRecord, 'due_date'>, timeZone: string): string {
  const due = dueOf(task);
  if (!due) return '|';
  const kind = dueKind(due);
  if (kind === 'calendar') return `${due.toISOString().slice(0, 10)}|`;
  const zone = resolveTimeZone(timeZone);
  const time = kind === 'timed' ? toLocalTimeString(due, zone) : '';
  return `${toLocalDateString(due, zone)}|${time}`;
}

export function sortedJoin(ids: Iterable<string | number>): string {
  return [...new Set([...ids].map(String))].sort().join(',');
}

export function taskFormValues(
  task: TaskRecord,
  timeZone: string,
  slackUserIds: SlackUserIds,
): TaskFormValues {
  const linked: string[] = [];
  const unlinked: MemberRef[] = [];
  for (const member of task.assignees) {
    const slackId = slackUserIds.get(member.id);
    if (slackId) linked.push(slackId);
    else unlinked.push(member);
  }
  const boxed = unlinked.slice(0, MAX_KEEP_OPTIONS);
  return {
    values: {
      title: task.title.trim(),
      description: (task.description ?? '').trim(),
      assignees: sortedJoin([...linked, ...boxed.map((m) => keptValue(m.id))]),
      due: dueWidgetValue(task, timeZone),
      // A priority the form does not offer shows (and reads back) as nothing chosen.
      priority: (PRIORITIES as readonly string[]).includes(task.priority) ? task.priority : '',
      status: String(task.status.id),
    },
    members: sortedJoin(task.assignees.map((m) => m.id)),
    unlinked: boxed,
    alwaysKept: unlinked.slice(MAX_KEEP_OPTIONS),
  };
}
