/**
 * The "Edit task" modal, opened from a card's overflow menu: title, description, assignees, due
 * date and time, priority and status, filled with the task as it is. Read back by
 * `readEditTaskSubmission`; what changed meanwhile is judged by `planTaskEdit`.
 */
import type { ProjectStatusDef, Task } from '../../../contract/index.ts';
import { PRIORITIES, type Priority } from '../../../contract/index.ts';
import { escapeMrkdwn, truncate } from '../../text/mrkdwn.ts';
import type { KnownBlock, ModalView, PlainTextOption } from '../block-types.ts';
import { EDIT_TASK_FIELDS as F, VIEWS } from '../ids.ts';
import { contextLine, joinWithin, LIMITS, option, plainText } from '../limits.ts';
import type { SlackUserIds } from '../messages/task-parts.ts';
import { MAX_ASSIGNEES, MAX_DESCRIPTION_INPUT, MAX_TITLE } from './create-task-submission.ts';
import { taskFormValues } from './edit-task-values.ts';

export interface EditTaskViewModel {
  task: Task;
  /** The project's statuses; without them the status stays as it is. */
  statuses?: readonly ProjectStatusDef[] | undefined;
  projectName?: string | null | undefined;
  /** The zone the due date is shown (and later read) in. */
  timeZone: string;
  slackUserIds: SlackUserIds;
  /** Sealed metadata (see edit-task-metadata.ts). */
  privateMetadata: string;
}

const PRIORITY_TEXT: Readonly<Record<Priority, string>> = {
  urgent: 'Urgent',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  none: 'None',
};

/** Whether the description fits the form's text box; a longer one is left to the service. */
export function isDescriptionEditable(task: Task): boolean {
  return (task.description ?? '').trim().length <= MAX_DESCRIPTION_INPUT;
}

export function renderEditTaskView(model: EditTaskViewModel, _now?: Date): ModalView {
  const { task } = model;
  const { values, unlinked } = taskFormValues(task, model.timeZone, model.slackUserIds);
  const blocks: KnownBlock[] = [];
  const where = model.projectName ? ` in *${escapeMrkdwn(truncate(model.projectName, 200))}*` : '';
  blocks.push(contextLine(`Task #${task.id}${where}`));
  blocks.push({
    type: 'input',
    block_id: F.title.block,
    label: plainText('Title', LIMITS.inputLabel),
    element: {
      type: 'plain_text_input',
      action_id: F.title.action,
      max_length: MAX_TITLE,
      ...(values.title ? { initial_value: truncate(values.title, MAX_TITLE) } : {}),
    },
  });
  if (isDescriptionEditable(task)) {
    blocks.push({
      type: 'input',
      block_id: F.description.block,
      optional: true,
      label: plainText('Description', LIMITS.inputLabel),
      element: {
        type: 'plain_text_input',
        action_id: F.description.action,
        multiline: true,
        max_length: MAX_DESCRIPTION_INPUT,
        ...(values.description ? { initial_value: values.description } : {}),
      },
    });
  } else {
    blocks.push(
      contextLine('The description is longer than this form can hold; edit it in the service. It is kept.'),
    );
  }
  const users = values.assignees === '' ? [] : values.assignees.split(',').slice(0, MAX_ASSIGNEES);
  blocks.push({
    type: 'input',
    block_id: F.assignees.block,
    optional: true,
    label: plainText('Assignees', LIMITS.inputLabel),
    element: {
      type: 'multi_users_select',
      action_id: F.assignees.action,
      max_selected_items: MAX_ASSIGNEES,
      placeholder: plainText('Choose people', LIMITS.placeholder),
      ...(users.length > 0 ? { initial_users: users } : {}),
    },
  });
  if (unlinked.length > 0) {
    const names = joinWithin(
      unlinked.map((m) => escapeMrkdwn(truncate(m.name, 80))),
      ', ',
      LIMITS.contextText - 200,
    );
    blocks.push(
      contextLine(
        `Also assigned: ${names} (no Slack account linked, so not listed above). They stay assigned.`,
      ),
    );
  }
  const [date = '', time = ''] = values.due.split('|');
  blocks.push({
    type: 'input',
    block_id: F.dueDate.block,
    optional: true,
    label: plainText('Due date', LIMITS.inputLabel),
    element: { type: 'datepicker', action_id: F.dueDate.action, ...(date ? { initial_date: date } : {}) },
  });
  blocks.push({
    type: 'input',
    block_id: F.dueTime.block,
    optional: true,
    label: plainText('Due time', LIMITS.inputLabel),
    hint: plainText(
      'Without a time, the task is due by the end of that day in your time zone.',
      LIMITS.inputHint,
    ),
    element: { type: 'timepicker', action_id: F.dueTime.action, ...(time ? { initial_time: time } : {}) },
  });
  const priorities: PlainTextOption[] = PRIORITIES.map((p) => option(PRIORITY_TEXT[p], p));
  const priority = priorities.find((o) => o.value === values.priority);
  blocks.push({
    type: 'input',
    block_id: F.priority.block,
    // Optional, so a priority the menu lacks (a newer one of the service's) can stay as it is.
    optional: true,
    label: plainText('Priority', LIMITS.inputLabel),
    element: {
      type: 'static_select',
      action_id: F.priority.action,
      options: priorities,
      ...(priority ? { initial_option: priority } : {}),
    },
  });
  const statuses = statusOptions(task, model.statuses ?? []);
  if (statuses.length > 0) {
    const current = statuses.find((o) => o.value === values.status);
    blocks.push({
      type: 'input',
      block_id: F.status.block,
      label: plainText('Status', LIMITS.inputLabel),
      element: {
        type: 'static_select',
        action_id: F.status.action,
        options: statuses,
        ...(current ? { initial_option: current } : {}),
      },
    });
  }
  return {
    type: 'modal',
    callback_id: VIEWS.editTask,
    title: plainText('Edit task', LIMITS.modalTitle),
    submit: plainText('Save', LIMITS.modalButton),
    close: plainText('Cancel', LIMITS.modalButton),
    private_metadata: model.privateMetadata,
    blocks,
  };
}

/** At most 100, always including the task's own status (so it can stay as it is). */
function statusOptions(task: Task, statuses: readonly ProjectStatusDef[]): PlainTextOption[] {
  const sorted = [...statuses].sort((a, b) => a.position - b.position);
  let shown = sorted.slice(0, LIMITS.staticSelectOptions);
  const own = sorted.find((s) => s.id === task.status.id);
  if (own && !shown.includes(own)) shown = [...shown.slice(0, LIMITS.staticSelectOptions - 1), own];
  return shown.map((s) => option(s.name, String(s.id)));
}
