/**
 * The "Edit task" modal, opened from a card's overflow menu: title, description, assignees, due
 * date and time, priority and status, filled with the task as it is. Read back by
 * `readEditTaskSubmission`; what changed meanwhile is judged by `planTaskEdit`.
 */

import type { TaskRecord } from '../../../api/index.ts';
import type { MemberRef, ProjectStatusDef } from '../../../contract/index.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { InputBlock, KnownBlock, ModalView, PlainTextOption } from '../../ui/block-types.ts';
import { EDIT_TASK_FIELDS as F, VIEWS } from '../../ui/ids.ts';
import { contextLine, LIMITS, option, plainText } from '../../ui/limits.ts';
import type { SlackUserIds } from '../../ui/messages/task-parts.ts';
import {
  assigneesInput,
  descriptionInput,
  dueInputs,
  MAX_ASSIGNEES,
  MAX_DESCRIPTION_INPUT,
  priorityInput,
  SLACK_USER_ID,
  statusInput,
  titleInput,
} from '../../ui/modals/task-fields.ts';
import { keptValue, taskFormValues } from './edit-task-values.ts';

interface EditTaskViewModel {
  task: TaskRecord;
  /** The project's statuses; without them the status stays as it is. */
  statuses?: readonly ProjectStatusDef[] | undefined;
  projectName?: string | null | undefined;
  /** The zone the due date is shown (and later read) in. */
  timeZone: string;
  slackUserIds: SlackUserIds;
  /** Sealed metadata (see edit-task-metadata.ts). */
  privateMetadata: string;
}

/** Whether the description fits the form's text box; a longer one is left to the service. */
function isDescriptionEditable(task: TaskRecord): boolean {
  return (task.description ?? '').trim().length <= MAX_DESCRIPTION_INPUT;
}

export function renderEditTaskView(model: EditTaskViewModel, _now?: Date): ModalView {
  const { task } = model;
  const form = taskFormValues(task, model.timeZone, model.slackUserIds);
  const { values } = form;
  const blocks: KnownBlock[] = [];
  const where = model.projectName ? ` in *${escapeMrkdwn(truncate(model.projectName, 200))}*` : '';
  blocks.push(contextLine(`Task #${task.id}${where}`));
  blocks.push(titleInput(F.title, { initial: values.title }));
  if (isDescriptionEditable(task)) {
    blocks.push(descriptionInput(F.description, values.description));
  } else {
    blocks.push(
      contextLine('The description is longer than this form can hold; edit it in the service. It is kept.'),
    );
  }
  const users = values.assignees
    .split(',')
    .filter((v) => SLACK_USER_ID.test(v))
    .slice(0, MAX_ASSIGNEES);
  blocks.push(assigneesInput(F.assignees, users));
  const { unlinked, alwaysKept } = form;
  if (unlinked.length > 0) blocks.push(keptInput(unlinked, alwaysKept));
  const [date = '', time = ''] = values.due.split('|');
  blocks.push(...dueInputs(F, date, time));
  blocks.push(priorityInput(F.priority, values.priority));
  const statuses = statusOptions(task, model.statuses ?? []);
  if (statuses.length > 0) {
    const current = statuses.find((o) => o.value === values.status);
    blocks.push(statusInput(F.status, statuses, { chosen: current }));
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

/**
 * Assignees no Slack picker can show (no linked account, and none with their email), named, each a
 * ticked box: they stay assigned unless unticked.
 */
function keptInput(unlinked: readonly MemberRef[], alwaysKept: readonly MemberRef[]): InputBlock {
  const options = unlinked.map((m) => option(truncate(m.name, 75), keptValue(m.id)));
  const who = unlinked.length === 1 ? 'has' : 'have';
  const more =
    alwaysKept.length > 0
      ? ` ${alwaysKept.length} more (${alwaysKept
          .slice(0, 5)
          .map((m) => truncate(m.name, 40))
          .join(', ')}${alwaysKept.length > 5 ? '…' : ''}) stay assigned too.`
      : '';
  return {
    type: 'input',
    block_id: F.kept.block,
    optional: true,
    label: plainText('Also assigned', LIMITS.inputLabel),
    hint: plainText(
      `${joinNames(unlinked)} ${who} no Slack account linked, so the picker above cannot show ${unlinked.length === 1 ? 'them' : 'any of them'}. Untick to unassign.${more}`,
      LIMITS.inputHint,
    ),
    element: { type: 'checkboxes', action_id: F.kept.action, options, initial_options: options },
  };
}

function joinNames(members: readonly MemberRef[]): string {
  const names = members.map((m) => truncate(m.name, 40));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/** At most 100, always including the task's own status (so it can stay as it is). */
function statusOptions(task: TaskRecord, statuses: readonly ProjectStatusDef[]): PlainTextOption[] {
  const sorted = [...statuses].sort((a, b) => a.position - b.position);
  let shown = sorted.slice(0, LIMITS.staticSelectOptions);
  const own = sorted.find((s) => s.id === task.status.id);
  if (own && !shown.includes(own)) shown = [...shown.slice(0, LIMITS.staticSelectOptions - 1), own];
  return shown.map((s) => option(s.name, String(s.id)));
}
