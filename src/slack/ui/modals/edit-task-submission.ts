/**
 * Reads a submitted "Edit task" modal: pure validation (answered with `response_action: errors`
 * before anything is saved), and the submitted values in the form's own terms, to compare with
 * what the form showed (see edit-task-values.ts).
 */
import { PRIORITIES, type Priority } from '../../../contract/index.ts';
import { fromLocalDateTime } from '../../../lib/dates.ts';
import { EDIT_TASK_FIELDS as F } from '../ids.ts';
import { MAX_ASSIGNEES, MAX_DESCRIPTION_INPUT, MAX_TITLE } from './create-task-submission.ts';
import { type EditValues, sortedJoin } from './edit-task-values.ts';
import { selectedDate, selectedTime, selectedUsers, selectedValue, textValue } from './view-state.ts';

export interface EditTaskSubmission {
  /** In the form's terms, comparable with `taskFormValues(...).values`; a field the form lacked is absent. */
  values: Partial<EditValues>;
  title: string;
  /** Null when the form had no description box (too long to edit here) or it was emptied. */
  description: string | null;
  assigneeSlackUserIds: string[];
  /** The due instant, or null for none. */
  due: Date | null;
  priority: Priority | null;
  statusId: number | null;
}

export type EditTaskReadResult =
  | { ok: true; value: EditTaskSubmission }
  | { ok: false; errors: Record<string, string> };

const USER_ID = /^[UW][A-Z0-9]{2,31}$/;
const ID = /^[1-9]\d{0,15}$/;

/**
 * Validates the form's values; dates are read in `timeZone`, the zone the form was shown in. A
 * field the form did not have (a description too long for it, a status menu without statuses) is
 * left out, which means "unchanged".
 */
export function readEditTaskSubmission(values: unknown, timeZone: string): EditTaskReadResult {
  const errors: Record<string, string> = {};
  const title = textValue(values, F.title).trim();
  if (title === '') errors[F.title.block] = 'A task needs a title.';
  else if (title.length > MAX_TITLE) {
    errors[F.title.block] = `Keep the title to ${MAX_TITLE} characters (it has ${title.length}).`;
  }
  const hasDescription = hasField(values, F.description.block);
  const description = textValue(values, F.description).trim();
  if (description.length > MAX_DESCRIPTION_INPUT) {
    errors[F.description.block] = `Keep the description to ${MAX_DESCRIPTION_INPUT} characters.`;
  }
  const users = [...new Set(selectedUsers(values, F.assignees))];
  if (users.length > MAX_ASSIGNEES) errors[F.assignees.block] = `Choose at most ${MAX_ASSIGNEES} people.`;
  else if (users.some((u) => !USER_ID.test(u))) errors[F.assignees.block] = 'Choose people from the list.';

  const dateText = selectedDate(values, F.dueDate);
  const timeText = selectedTime(values, F.dueTime);
  let due: Date | null = null;
  if (dateText === null && timeText !== null) {
    errors[F.dueDate.block] = 'Pick a date for this time, or clear the time.';
  } else if (dateText !== null) {
    const parsed = fromLocalDateTime(dateText, timeText, timeZone);
    if (!parsed) errors[F.dueDate.block] = 'Pick a date from the calendar.';
    else due = parsed.date;
  }

  const priorityText = selectedValue(values, F.priority);
  const priority = priorityText === null ? null : (PRIORITIES.find((p) => p === priorityText) ?? undefined);
  if (priority === undefined) errors[F.priority.block] = 'Choose a priority from the list.';

  const hasStatus = hasField(values, F.status.block);
  const statusText = hasStatus ? selectedValue(values, F.status) : null;
  const statusId = statusText !== null && ID.test(statusText) ? Number(statusText) : null;
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
        assignees: sortedJoin(users),
        due: `${dateText ?? ''}|${dateText ? (timeText ?? '') : ''}`,
        priority: priority ?? '',
        ...(hasStatus ? { status: statusText ?? '' } : {}),
      },
      title,
      description: description === '' ? null : description,
      assigneeSlackUserIds: users,
      due,
      priority,
      statusId,
    },
  };
}

function hasField(values: unknown, block: string): boolean {
  return typeof values === 'object' && values !== null && block in values;
}
