/**
 * The "Create task" modal: opened by `/task new`, the shortcuts and App Home, possibly prefilled
 * (from the command's words or a message). Its submission is read by `readCreateTaskSubmission`.
 */
import type { Priority, ProjectStatusDef } from '../../../contract/index.ts';
import { dueKind, resolveTimeZone, toLocalDateString, toLocalTimeString } from '../../../lib/dates.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { InputBlock, KnownBlock, ModalView, PlainTextOption } from '../../ui/block-types.ts';
import { CREATE_TASK_FIELDS as F, VIEWS } from '../../ui/ids.ts';
import { contextLine, joinWithin, LIMITS, mrkdwn, option, plainText } from '../../ui/limits.ts';
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

interface CreateTaskInitial {
  title?: string | null | undefined;
  description?: string | null | undefined;
  assigneeSlackUserIds?: readonly string[] | undefined;
  /** A due instant; shown as a date (and a time unless it is an end-of-day due) in `timeZone`. */
  due?: Date | null | undefined;
  priority?: Priority | null | undefined;
  statusId?: number | null | undefined;
}

interface CreateTaskViewModel {
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

function statusOptions(statuses: readonly ProjectStatusDef[]): PlainTextOption[] {
  return [...statuses]
    .sort((a, b) => a.position - b.position)
    .slice(0, LIMITS.staticSelectOptions)
    .map((s) => option(s.name, String(s.id)));
}

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

  blocks.push(titleInput(F.title, { initial: initial.title?.trim(), placeholder: 'What needs doing?' }));

  const description = initial.description?.trim()
    ? truncate(initial.description, MAX_DESCRIPTION_INPUT)
    : undefined;
  blocks.push(descriptionInput(F.description, description));

  const users = (initial.assigneeSlackUserIds ?? [])
    .filter((u) => SLACK_USER_ID.test(u))
    .slice(0, MAX_ASSIGNEES);
  blocks.push(assigneesInput(F.assignees, [...new Set(users)]));
  const unlinked = (model.unlinkedSlackUserIds ?? []).filter((u) => SLACK_USER_ID.test(u));
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
  blocks.push(
    ...dueInputs(
      F,
      due ? toLocalDateString(due, timeZone) : undefined,
      due && dueKind(due) === 'timed' ? toLocalTimeString(due, timeZone) : undefined,
    ),
  );

  blocks.push(priorityInput(F.priority, initial.priority ?? 'none'));

  const statuses = model.project && model.statuses ? statusOptions(model.statuses) : [];
  if (statuses.length > 0) {
    const chosen = statuses.find((o) => o.value === String(initial.statusId)) ?? statuses[0];
    blocks.push(statusInput(F.status, statuses, { chosen, optional: true }));
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
