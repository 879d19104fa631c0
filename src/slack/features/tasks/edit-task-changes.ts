/**
 * What saving the edit form should do when the task may have changed since the form opened: a
 * three-way comparison of what the form showed, what the person submitted and what the task is
 * now. A field only the person changed is saved; a field only someone else changed keeps their
 * change; a field both changed differently is a conflict, shown to the person rather than
 * overwritten silently.
 */

import type { TaskRecord } from '../../../api/index.ts';
import type { MemberRef, ProjectStatusDef } from '../../../contract/index.ts';
import { dueKind, formatDueFallback } from '../../../lib/dates.ts';
import { truncate } from '../../../slack-platform/mrkdwn.ts';
import { EDIT_TASK_FIELDS as F, type FieldId } from '../../ui/ids.ts';
import { dueOf, priorityPlain } from '../../ui/messages/task-parts.ts';
import type { EditTaskMetadata } from './edit-task-metadata.ts';
import { valueHash } from './edit-task-metadata.ts';
import { EDIT_FIELDS, type EditField, type EditValues, type TaskFormValues } from './edit-task-values.ts';

interface EditPlanInput {
  /** Hashes of the values the form showed (from its metadata). */
  shown: EditTaskMetadata['hashes'];
  /** The task now, in the form's terms (same zone as shown). */
  current: TaskFormValues;
  /** What was submitted; a field the form did not have is absent and counts as unchanged. */
  submitted: Partial<EditValues>;
  /** The person saw the conflicts and submitted again: their changes win. */
  overrideConflicts: boolean;
}

interface EditPlan {
  /** Fields the person changed to something other than the task's value now. */
  save: EditField[];
  /** Fields both the person and someone else changed, to different values. */
  conflicts: EditField[];
}

export function planTaskEdit(input: EditPlanInput): EditPlan {
  const save: EditField[] = [];
  const conflicts: EditField[] = [];
  for (const field of EDIT_FIELDS) {
    const mine = input.submitted[field];
    if (mine === undefined || valueHash(mine) === input.shown[field]) continue;
    const now = input.current.values[field];
    // Both made the same change: nothing to save, nothing to ask.
    if (mine === now) continue;
    const theirs =
      field === 'assignees'
        ? // Unlinked assignees are not in the picker; a change among them is still a change.
          valueHash(input.current.members) !== input.shown.members || valueHash(now) !== input.shown[field]
        : valueHash(now) !== input.shown[field];
    if (theirs && !input.overrideConflicts) conflicts.push(field);
    else save.push(field);
  }
  return { save, conflicts };
}

/** The form block each field's message goes under. */
const FIELD_BLOCKS: Readonly<Record<EditField, FieldId>> = {
  title: F.title,
  description: F.description,
  assignees: F.assignees,
  due: F.dueDate,
  priority: F.priority,
  status: F.status,
};

/** A field's value now, in a few words for a person. */
function describeCurrentValue(
  field: EditField,
  task: TaskRecord,
  timeZone: string,
  statuses?: readonly ProjectStatusDef[],
): string {
  switch (field) {
    case 'title':
      return `“${truncate(task.title, 80)}”`;
    case 'description':
      return task.description ? `“${truncate(task.description.replace(/\s+/g, ' '), 60)}”` : 'empty';
    case 'assignees':
      return names(task.assignees);
    case 'due': {
      const due = dueOf(task);
      if (!due) return 'no due date';
      const kind = dueKind(due);
      return formatDueFallback(due, kind === 'calendar' ? 'UTC' : timeZone, kind === 'timed');
    }
    case 'priority':
      return priorityPlain(task.priority);
    case 'status':
      return statuses?.find((s) => s.id === task.status.id)?.name ?? task.status.name;
  }
}

function names(members: readonly MemberRef[]): string {
  if (members.length === 0) return 'nobody';
  const shown = members.slice(0, 4).map((m) => truncate(m.name, 40));
  return members.length > 4 ? `${shown.join(', ')} and ${members.length - 4} more` : shown.join(', ');
}

/** One message per conflicting field, keyed by its block, saying what the value is now. */
export function conflictErrors(
  conflicts: readonly EditField[],
  task: TaskRecord,
  timeZone: string,
  statuses?: readonly ProjectStatusDef[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of conflicts) {
    const now = describeCurrentValue(field, task, timeZone, statuses);
    errors[FIELD_BLOCKS[field].block] =
      `Changed by someone else meanwhile: now ${now}. Save again to replace it with yours, or close to keep it.`;
  }
  return errors;
}
