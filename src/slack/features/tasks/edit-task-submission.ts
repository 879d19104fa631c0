/**
 * Reads a submitted "Edit task" modal: pure validation (answered with `response_action: errors`
 * before anything is saved), and the submitted values in the form's own terms, to compare with
 * what the form showed (see edit-task-values.ts).
 */
import type { Priority } from '../../../contract/index.ts';
import { EDIT_TASK_FIELDS as F } from '../../ui/ids.ts';
import { OPTION_ID, readCommonTaskFields, readPriority } from '../../ui/modals/task-fields.ts';
import { selectedOptionValues, selectedValue } from '../../ui/modals/view-state.ts';
import { type EditValues, keptValue, sortedJoin } from './edit-task-values.ts';

export interface EditTaskSubmission {
  /** In the form's terms, comparable with `taskFormValues(...).values`; a field the form lacked is absent. */
  values: Partial<EditValues>;
  title: string;
  /** Null when the form had no description box (too long to edit here) or it was emptied. */
  description: string | null;
  assigneeSlackUserIds: string[];
  /** Assignees the picker could not show that are still ticked (they stay assigned). */
  keptMemberIds: number[];
  /** The due instant, or null for none. */
  due: Date | null;
  priority: Priority | null;
  statusId: number | null;
}

type EditTaskReadResult =
  | { ok: true; value: EditTaskSubmission }
  | { ok: false; errors: Record<string, string> };

/**
 * Validates the form's values; dates are read in `timeZone`, the zone the form was shown in. A
 * field the form did not have (a description too long for it, a status menu without statuses) is
 * left out, which means "unchanged".
 */
export function readEditTaskSubmission(values: unknown, timeZone: string): EditTaskReadResult {
  const errors: Record<string, string> = {};
  const read = readCommonTaskFields(values, F, timeZone, errors, 'A task needs a title.');
  const { title, description, dateText, timeText } = read;
  const hasDescription = hasField(values, F.description.block);
  const users = read.assigneeSlackUserIds;
  const kept = selectedOptionValues(values, F.kept).flatMap((v) => {
    const id = /^m([1-9]\d{0,15})$/.exec(v)?.[1];
    return id ? [Number(id)] : [];
  });
  const due = read.due?.date ?? null;

  const priority = readPriority(values, F.priority, null, errors);

  const hasStatus = hasField(values, F.status.block);
  const statusText = hasStatus ? selectedValue(values, F.status) : null;
  const statusId = statusText !== null && OPTION_ID.test(statusText) ? Number(statusText) : null;
  if (statusText !== null && statusId === null) {
    errors[F.status.block] = 'Choose a status from the list.';
  }

  if (Object.keys(errors).length > 0 || priority === undefined) return { ok: false, errors };
  return {
    ok: true,
    value: {
      values: {
        title,
        ...(hasDescription ? { description } : {}),
        assignees: sortedJoin([...users, ...kept.map(keptValue)]),
        due: `${dateText ?? ''}|${dateText ? (timeText ?? '') : ''}`,
        priority: priority ?? '',
        ...(hasStatus ? { status: statusText ?? '' } : {}),
      },
      title,
      description: description === '' ? null : description,
      assigneeSlackUserIds: users,
      keptMemberIds: kept,
      due,
      priority,
      statusId,
    },
  };
}

function hasField(values: unknown, block: string): boolean {
  return typeof values === 'object' && values !== null && block in values;
}
