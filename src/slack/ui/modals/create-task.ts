/**
 * The "Create task" modal: opened by `/task new`, the shortcuts and App Home, possibly prefilled
 * (from the command's words or a message). Its submission is read by `readCreateTaskSubmission`.
 */
import type { Priority, ProjectStatusDef } from '../../../contract/index.ts';
import { PRIORITIES } from '../../../contract/index.ts';
import { dueKind, resolveTimeZone, toLocalDateString, toLocalTimeString } from '../../../lib/dates.ts';
import { escapeMrkdwn, truncate } from '../../text/mrkdwn.ts';
import type { InputBlock, KnownBlock, ModalView, PlainTextOption } from '../block-types.ts';
import { CREATE_TASK_FIELDS as F, VIEWS } from '../ids.ts';
import { contextLine, joinWithin, LIMITS, mrkdwn, option, plainText } from '../limits.ts';
import { MAX_ASSIGNEES, MAX_DESCRIPTION_INPUT, MAX_TITLE } from './create-task-submission.ts';

export interface CreateTaskInitial {
  title?: string | null | undefined;
  description?: string | null | undefined;
  assigneeSlackUserIds?: readonly string[] | undefined;
  /** A due instant; shown as a date (and a time unless it is an end-of-day due) in `timeZone`. */
  due?: Date | null | undefined;
  priority?: Priority | null | undefined;
  statusId?: number | null | undefined;
}

export interface CreateTaskViewModel {
  /** `private_metadata`, already encoded (see create-task-metadata.ts). */
  privateMetadata: string;
  /** The project, when known: preselected, and its statuses offered. */
  project?: { id: number; name: string } | null | undefined;
  /** The project's statuses; without them there is no status field (the service uses its first). */
  statuses?: readonly ProjectStatusDef[] | undefined;
  initial?: CreateTaskInitial | undefined;
  /** The person's zone, for the pickers' initial values. Default: UTC. */
  timeZone?: string | undefined;
  /** People chosen who haven't linked their account, named under the assignees. */
  unlinkedSlackUserIds?: readonly string[] | undefined;
  /** A line above the form, plain text (e.g. why the modal opened instead of creating at once). */
  notice?: string | null | undefined;
}

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

function statusOptions(statuses: readonly ProjectStatusDef[]): PlainTextOption[] {
  return [...statuses]
    .sort((a, b) => a.position - b.position)
    .slice(0, LIMITS.staticSelectOptions)
    .map((s) => option(s.name, String(s.id)));
}

const USER_ID = /^[UW][A-Z0-9]{2,31}$/;

export function renderCreateTaskView(model: CreateTaskViewModel, _now?: Date): ModalView {
  const initial = model.initial ?? {};
  const timeZone = resolveTimeZone(model.timeZone);
  const blocks: KnownBlock[] = [];
  if (model.notice) blocks.push({ type: 'section', text: mrkdwn(escapeMrkdwn(truncate(model.notice, 500))) });

  const project: InputBlock = {
    type: 'input',
    block_id: F.project.block,
    // The listener updates the view with the chosen project's statuses.
    dispatch_action: true,
    label: plainText('Project', LIMITS.inputLabel),
    element: {
      type: 'external_select',
      action_id: F.project.action,
      placeholder: plainText('Search projects', LIMITS.placeholder),
      // 0 so the recent projects show before anything is typed (Slack's default is 3).
      min_query_length: 0,
      ...(model.project ? { initial_option: option(model.project.name, String(model.project.id)) } : {}),
    },
  };
  blocks.push(project);

  const title = initial.title?.trim() ? truncate(initial.title.trim(), MAX_TITLE) : undefined;
  blocks.push({
    type: 'input',
    block_id: F.title.block,
    label: plainText('Title', LIMITS.inputLabel),
    element: {
      type: 'plain_text_input',
      action_id: F.title.action,
      max_length: MAX_TITLE,
      placeholder: plainText('What needs doing?', LIMITS.placeholder),
      ...(title ? { initial_value: title } : {}),
    },
  });

  const description = initial.description?.trim()
    ? truncate(initial.description, MAX_DESCRIPTION_INPUT)
    : undefined;
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
      ...(description ? { initial_value: description } : {}),
    },
  });

  const users = (initial.assigneeSlackUserIds ?? []).filter((u) => USER_ID.test(u)).slice(0, MAX_ASSIGNEES);
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
      ...(users.length > 0 ? { initial_users: [...new Set(users)] } : {}),
    },
  });
  const unlinked = (model.unlinkedSlackUserIds ?? []).filter((u) => USER_ID.test(u));
  if (unlinked.length > 0) {
    const names = joinWithin(
      unlinked.map((u) => `<@${u}>`),
      ', ',
      LIMITS.contextText - 200,
    );
    blocks.push(
      contextLine(
        `${names} ${unlinked.length === 1 ? "hasn't" : "haven't"} linked a service account yet, so the task can't be assigned to them. They can run \`/task link\`; we'll offer it to them.`,
      ),
    );
  }

  const due = initial.due && !Number.isNaN(initial.due.getTime()) ? initial.due : null;
  blocks.push({
    type: 'input',
    block_id: F.dueDate.block,
    optional: true,
    label: plainText('Due date', LIMITS.inputLabel),
    element: {
      type: 'datepicker',
      action_id: F.dueDate.action,
      ...(due ? { initial_date: toLocalDateString(due, timeZone) } : {}),
    },
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
    element: {
      type: 'timepicker',
      action_id: F.dueTime.action,
      ...(due && dueKind(due) === 'timed' ? { initial_time: toLocalTimeString(due, timeZone) } : {}),
    },
  });

  const priorities = priorityOptions();
  const priority = priorities.find((o) => o.value === (initial.priority ?? 'none'));
  blocks.push({
    type: 'input',
    block_id: F.priority.block,
    optional: true,
    label: plainText('Priority', LIMITS.inputLabel),
    element: {
      type: 'static_select',
      action_id: F.priority.action,
      options: priorities,
      ...(priority ? { initial_option: priority } : {}),
    },
  });

  const statuses = model.project && model.statuses ? statusOptions(model.statuses) : [];
  if (statuses.length > 0) {
    const chosen = statuses.find((o) => o.value === String(initial.statusId)) ?? statuses[0];
    blocks.push({
      type: 'input',
      block_id: F.status.block,
      optional: true,
      label: plainText('Status', LIMITS.inputLabel),
      element: {
        type: 'static_select',
        action_id: F.status.action,
        options: statuses,
        ...(chosen ? { initial_option: chosen } : {}),
      },
    });
  }

  return {
    type: 'modal',
    callback_id: VIEWS.createTask,
    title: plainText('Create task', LIMITS.modalTitle),
    submit: plainText('Create', LIMITS.modalButton),
    close: plainText('Cancel', LIMITS.modalButton),
    private_metadata: model.privateMetadata,
    blocks,
  };
}
