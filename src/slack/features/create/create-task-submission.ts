/**
 * Reads a submitted "Create task" modal: pure validation, so the listener can answer
 * `response_action: "errors"` (messages keyed by block_id) before calling the service.
 */
import type { Priority } from '../../../contract/index.ts';
import type { DueDate, ZonedNow } from '../../../lib/dates.ts';
import { CREATE_TASK_FIELDS as F } from '../../ui/ids.ts';
import { OPTION_ID, readCommonTaskFields, readPriority } from '../../ui/modals/task-fields.ts';
import { selectedValue } from '../../ui/modals/view-state.ts';

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

type CreateTaskReadResult =
  | { ok: true; value: CreateTaskSubmission; warnings: string[] }
  | { ok: false; errors: Record<string, string> };

function toId(value: string | null): number | null {
  return value !== null && OPTION_ID.test(value) && Number.isSafeInteger(Number(value))
    ? Number(value)
    : null;
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

  const { title, description, assigneeSlackUserIds, due } = readCommonTaskFields(
    values,
    F,
    options.timeZone,
    errors,
    'Give the task a title.',
  );
  if (due && due.date < options.now) warnings.push('The due date you picked has already passed.');

  const priority = readPriority(values, F.priority, 'none' as const, errors);

  const statusValue = selectedValue(values, F.status);
  const statusId = toId(statusValue);
  if (statusValue !== null && statusId === null) errors[F.status.block] = 'Choose a status from the list.';

  if (Object.keys(errors).length > 0 || projectId === null || !priority) return { ok: false, errors };
  return {
    ok: true,
    value: {
      projectId,
      title,
      description: description === '' ? null : description,
      assigneeSlackUserIds,
      due,
      priority,
      statusId,
    },
    warnings,
  };
}
