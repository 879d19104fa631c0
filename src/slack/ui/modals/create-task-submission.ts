/**
 * Reads a submitted "Create task" modal: pure validation, so the listener can answer
 * `response_action: "errors"` (messages keyed by block_id) before calling the service.
 */
import { PRIORITIES, type Priority } from '../../../contract/index.ts';
import { type DueDate, fromLocalDateTime, type ZonedNow } from '../../../lib/dates.ts';
import { CREATE_TASK_FIELDS as F } from '../ids.ts';
import { selectedDate, selectedTime, selectedUsers, selectedValue, textValue } from './view-state.ts';

/** The service's limits (contract `CreateTaskBodySchema`), and a text input's own. */
export const MAX_TITLE = 500;
export const MAX_DESCRIPTION_INPUT = 3000;
export const MAX_ASSIGNEES = 50;

export interface CreateTaskSubmission {
  projectId: number;
  title: string;
  description: string | null;
  /** Slack users chosen; the listener maps them to members (and offers a link to those unlinked). */
  assigneeSlackUserIds: string[];
  due: DueDate | null;
  priority: Priority;
  /** Null: the project's first status. */
  statusId: number | null;
}

export type CreateTaskReadResult =
  | { ok: true; value: CreateTaskSubmission; warnings: string[] }
  | { ok: false; errors: Record<string, string> };

const ID = /^[1-9]\d{0,15}$/;
const USER_ID = /^[UW][A-Z0-9]{2,31}$/;

function toId(value: string | null): number | null {
  return value !== null && ID.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : null;
}

/**
 * Validates the modal's values, read in the person's zone. A due date in the past is allowed (a
 * task logged late) but comes back as a warning.
 */
export function readCreateTaskSubmission(values: unknown, options: ZonedNow): CreateTaskReadResult {
  const errors: Record<string, string> = {};
  const warnings: string[] = [];

  const projectId = toId(selectedValue(values, F.project));
  if (projectId === null) errors[F.project.block] = 'Choose a project.';

  const title = textValue(values, F.title).trim();
  if (title === '') errors[F.title.block] = 'Give the task a title.';
  else if (title.length > MAX_TITLE) {
    errors[F.title.block] = `Keep the title to ${MAX_TITLE} characters (it has ${title.length}).`;
  }

  const descriptionText = textValue(values, F.description).trim();
  if (descriptionText.length > MAX_DESCRIPTION_INPUT) {
    errors[F.description.block] = `Keep the description to ${MAX_DESCRIPTION_INPUT} characters.`;
  }

  const users = [...new Set(selectedUsers(values, F.assignees))];
  if (users.length > MAX_ASSIGNEES) errors[F.assignees.block] = `Choose at most ${MAX_ASSIGNEES} people.`;
  else if (users.some((u) => !USER_ID.test(u))) errors[F.assignees.block] = 'Choose people from the list.';

  const dateText = selectedDate(values, F.dueDate);
  const timeText = selectedTime(values, F.dueTime);
  let due: DueDate | null = null;
  if (dateText === null && timeText !== null) {
    errors[F.dueDate.block] = 'Pick a date for this time, or clear the time.';
  } else if (dateText !== null) {
    due = fromLocalDateTime(dateText, timeText, options.timeZone);
    if (!due) errors[F.dueDate.block] = 'Pick a date from the calendar.';
    else if (due.date < options.now) warnings.push('The due date you picked has already passed.');
  }

  const priorityValue = selectedValue(values, F.priority);
  const priority = priorityValue === null ? 'none' : PRIORITIES.find((p) => p === priorityValue);
  if (!priority) errors[F.priority.block] = 'Choose a priority from the list.';

  const statusValue = selectedValue(values, F.status);
  const statusId = toId(statusValue);
  if (statusValue !== null && statusId === null) errors[F.status.block] = 'Choose a status from the list.';

  if (Object.keys(errors).length > 0 || projectId === null || !priority) return { ok: false, errors };
  return {
    ok: true,
    value: {
      projectId,
      title,
      description: descriptionText === '' ? null : descriptionText,
      assigneeSlackUserIds: users,
      due,
      priority,
      statusId,
    },
    warnings,
  };
}
