/**
 * The fields the "Create task" and "Edit task" modals both have (title, description, assignees,
 * due date and time, priority, status): their limits, their inputs, and reading them back. Each
 * modal passes its own block and action ids, and keeps what only it has.
 */
import { PRIORITIES, type Priority } from '../../../contract/index.ts';
import { type DueDate, fromLocalDateTime } from '../../../lib/dates.ts';
import { truncate } from '../../../slack-platform/mrkdwn.ts';
import type { InputBlock, PlainTextOption } from '../block-types.ts';
import type { FieldId } from '../ids.ts';
import { LIMITS, option, plainText } from '../limits.ts';
import { selectedDate, selectedTime, selectedUsers, selectedValue, textValue } from './view-state.ts';

/** The service's limits (contract `CreateTaskBodySchema`), and a text input's own. */
const MAX_TITLE = 500;
export const MAX_DESCRIPTION_INPUT = 3000;
export const MAX_ASSIGNEES = 50;

/** A Slack user id as a users select returns it. */
export const SLACK_USER_ID = /^[UW][A-Z0-9]{2,31}$/;
/** A service id as an option value carries it. */
export const OPTION_ID = /^[1-9]\d{0,15}$/;

/** The block and action ids of the task fields, which differ between the two modals. */
type TaskFieldIds = Record<
  'title' | 'description' | 'assignees' | 'dueDate' | 'dueTime' | 'priority' | 'status',
  FieldId
>;

const PRIORITY_TEXT: Readonly<Record<Priority, string>> = {
  urgent: 'Urgent',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  none: 'None',
};

function priorityOptions(): PlainTextOption[] {
  return PRIORITIES.map((p) => option(PRIORITY_TEXT[p], p));
}

export function titleInput(
  field: FieldId,
  opts: {
    /** Shown in the box, cut to `MAX_TITLE`. Default: none. */
    initial?: string | undefined;
    /** Shown while the box is empty. Default: none. */
    placeholder?: string | undefined;
  } = {},
): InputBlock {
  return {
    type: 'input',
    block_id: field.block,
    label: plainText('Title', LIMITS.inputLabel),
    element: {
      type: 'plain_text_input',
      action_id: field.action,
      max_length: MAX_TITLE,
      ...(opts.placeholder ? { placeholder: plainText(opts.placeholder, LIMITS.placeholder) } : {}),
      ...(opts.initial ? { initial_value: truncate(opts.initial, MAX_TITLE) } : {}),
    },
  };
}

export function descriptionInput(field: FieldId, initial: string | undefined): InputBlock {
  return {
    type: 'input',
    block_id: field.block,
    optional: true,
    label: plainText('Description', LIMITS.inputLabel),
    element: {
      type: 'plain_text_input',
      action_id: field.action,
      multiline: true,
      max_length: MAX_DESCRIPTION_INPUT,
      ...(initial ? { initial_value: initial } : {}),
    },
  };
}

export function assigneesInput(field: FieldId, users: readonly string[]): InputBlock {
  return {
    type: 'input',
    block_id: field.block,
    optional: true,
    label: plainText('Assignees', LIMITS.inputLabel),
    element: {
      type: 'multi_users_select',
      action_id: field.action,
      max_selected_items: MAX_ASSIGNEES,
      placeholder: plainText('Choose people', LIMITS.placeholder),
      ...(users.length > 0 ? { initial_users: [...users] } : {}),
    },
  };
}

/** The due date and due time pickers; `date` is YYYY-MM-DD and `time` HH:mm, in the person's zone. */
export function dueInputs(fields: Pick<TaskFieldIds, 'dueDate' | 'dueTime'>, date?: string, time?: string) {
  const dueDate: InputBlock = {
    type: 'input',
    block_id: fields.dueDate.block,
    optional: true,
    label: plainText('Due date', LIMITS.inputLabel),
    element: {
      type: 'datepicker',
      action_id: fields.dueDate.action,
      ...(date ? { initial_date: date } : {}),
    },
  };
  const dueTime: InputBlock = {
    type: 'input',
    block_id: fields.dueTime.block,
    optional: true,
    label: plainText('Due time', LIMITS.inputLabel),
    hint: plainText(
      'Without a time, the task is due by the end of that day in your time zone.',
      LIMITS.inputHint,
    ),
    element: {
      type: 'timepicker',
      action_id: fields.dueTime.action,
      ...(time ? { initial_time: time } : {}),
    },
  };
  return [dueDate, dueTime];
}

export function priorityInput(field: FieldId, initial: string): InputBlock {
  const priorities = priorityOptions();
  const chosen = priorities.find((o) => o.value === initial);
  return {
    type: 'input',
    block_id: field.block,
    // Optional, so a priority the menu lacks (a newer one of the service's) can stay as it is.
    optional: true,
    label: plainText('Priority', LIMITS.inputLabel),
    element: {
      type: 'static_select',
      action_id: field.action,
      options: priorities,
      ...(chosen ? { initial_option: chosen } : {}),
    },
  };
}

export function statusInput(
  field: FieldId,
  statuses: PlainTextOption[],
  opts: {
    /** The option shown chosen. Default: none. */
    chosen?: PlainTextOption | undefined;
    /** Whether the form may be sent without one. Default: false. */
    optional?: boolean;
  },
): InputBlock {
  return {
    type: 'input',
    block_id: field.block,
    ...(opts.optional ? { optional: true } : {}),
    label: plainText('Status', LIMITS.inputLabel),
    element: {
      type: 'static_select',
      action_id: field.action,
      options: statuses,
      ...(opts.chosen ? { initial_option: opts.chosen } : {}),
    },
  };
}

/** The fields both modals read the same way, before each reads what only it has. */
interface CommonTaskValues {
  /** Trimmed. */
  title: string;
  /** Trimmed; empty when none. */
  description: string;
  /** Without repeats. */
  assigneeSlackUserIds: string[];
  /** As picked, to compare with what the form showed. */
  dateText: string | null;
  timeText: string | null;
  /** Null when no date was picked, or it could not be read (then `errors` says so). */
  due: DueDate | null;
}

/**
 * Reads title, description, assignees and due date and time, in `timeZone`, adding a message
 * keyed by block id to `errors` for each that is wrong. `noTitle` is the message for an empty title.
 */
export function readCommonTaskFields(
  values: unknown,
  fields: TaskFieldIds,
  timeZone: string,
  errors: Record<string, string>,
  noTitle: string,
): CommonTaskValues {
  const title = textValue(values, fields.title).trim();
  if (title === '') errors[fields.title.block] = noTitle;
  else if (title.length > MAX_TITLE) {
    errors[fields.title.block] = `Keep the title to ${MAX_TITLE} characters (it has ${title.length}).`;
  }

  const description = textValue(values, fields.description).trim();
  if (description.length > MAX_DESCRIPTION_INPUT) {
    errors[fields.description.block] = `Keep the description to ${MAX_DESCRIPTION_INPUT} characters.`;
  }

  const users = [...new Set(selectedUsers(values, fields.assignees))];
  if (users.length > MAX_ASSIGNEES)
    errors[fields.assignees.block] = `Choose at most ${MAX_ASSIGNEES} people.`;
  else if (users.some((u) => !SLACK_USER_ID.test(u))) {
    errors[fields.assignees.block] = 'Choose people from the list.';
  }

  const dateText = selectedDate(values, fields.dueDate);
  const timeText = selectedTime(values, fields.dueTime);
  let due: DueDate | null = null;
  if (dateText === null && timeText !== null) {
    errors[fields.dueDate.block] = 'Pick a date for this time, or clear the time.';
  } else if (dateText !== null) {
    due = fromLocalDateTime(dateText, timeText, timeZone);
    if (!due) errors[fields.dueDate.block] = 'Pick a date from the calendar.';
  }
  return { title, description, assigneeSlackUserIds: users, dateText, timeText, due };
}

/**
 * The priority chosen, `none` when the menu was left empty, or undefined (with a message in
 * `errors`) for a value the menu does not offer.
 */
export function readPriority<T>(
  values: unknown,
  field: FieldId,
  none: T,
  errors: Record<string, string>,
): Priority | T | undefined {
  const text = selectedValue(values, field);
  const priority = text === null ? none : PRIORITIES.find((p) => p === text);
  if (priority === undefined) errors[field.block] = 'Choose a priority from the list.';
  return priority;
}
