/**
 * A task as a message: the full card (with the row of actions people use on it), a one-line row
 * for lists, and the tombstone left where a deleted task's card was.
 */

import type { TaskRecord } from '../../../api/index.ts';
import type { ProjectStatusDef } from '../../../contract/index.ts';
import { formatDueFallback, isOverdue, resolveTimeZone, toLocalDateString } from '../../../lib/dates.ts';
import { slackDate } from '../../../slack-platform/date-tokens.ts';
import { escapeMrkdwn, escapeWithin, slackLink, truncate } from '../../../slack-platform/mrkdwn.ts';
import type {
  ActionsBlock,
  ActionsBlockElement,
  KnownBlock,
  PlainTextOption,
  RenderedMessage,
  SectionBlock,
} from '../block-types.ts';
import { ACTIONS, OVERFLOW } from '../ids.ts';
import { contextLine, joinWithin, LIMITS, mrkdwn, option, plainText } from '../limits.ts';
import {
  encodeOverflowValue,
  encodeTaskRef,
  type TaskRef,
  taskBarBlockId,
  taskBlockId,
  taskCardBlockId,
} from '../values.ts';
import { remindMenu } from './remind-menu.ts';
import { renderTaskNotice, type TaskNotice } from './task-notice.ts';
import {
  dueOf,
  dueView,
  dueViewMrkdwn,
  isDoneStatus,
  memberMrkdwn,
  memberPlain,
  priorityMrkdwn,
  priorityPlain,
  type SlackUserIds,
  statusMrkdwn,
} from './task-parts.ts';

export interface TaskCardModel {
  task: TaskRecord;
  /** The task's page in the service; the title links there. */
  url?: string | null | undefined;
  projectName?: string | null | undefined;
  /** The project's statuses: the status menu's options, and which status means done. */
  statuses?: readonly ProjectStatusDef[] | undefined;
  /** Service member id → Slack user id for linked members; others show by name. */
  slackUserIds?: SlackUserIds | undefined;
  /** Zone of the fallback text and the date picker's initial day. Default: UTC. */
  timeZone?: string | undefined;
  /** Show the row of actions. Default: true. */
  withActions?: boolean | undefined;
  /** What just happened to the task, under the actions (with Undo for a status change). */
  notice?: TaskNotice | null | undefined;
  /** A card only its reader sees: offer to share it in the channel. Default: false. */
  shareable?: boolean | undefined;
  /** Who shared the card into the channel, named in its footer. */
  sharedBySlackUserId?: string | null | undefined;
  /** Who asked for the task when the service's creator is only the token's owner ("Created from Slack by <@U…>"), mrkdwn. */
  origin?: string | null | undefined;
  /** Replaces the Done button of a list row (e.g. one that also carries the list page). */
  rowDone?: { actionId: string; value: string } | undefined;
}

/** How much of a title a card shows; the rest is one click away. */
const TITLE_SHOWN = 300;
/** Room left in the 4000-character message text for a prefix such as "Task created: ". */
const FALLBACK_MAX = 3000;
/** A list row shows less, so status, date and people still fit in one section. */
const ROW_TITLE_SHOWN = 150;

/**
 * What a card shows, as a short tag for its block ids: `updated_at` alone does not change where a
 * service does not show it (it is then the creation time), and Slack keeps a select's old choice
 * in a block whose id did not change.
 */
export function cardVersion(task: TaskRecord): string {
  const shown = JSON.stringify([
    task.updated_at,
    task.status.id,
    task.due_date,
    task.priority,
    task.title,
    task.assignees.map((a) => a.id),
  ]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < shown.length; i++) hash = Math.imul(hash ^ shown.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

function refOf(task: TaskRecord): TaskRef {
  return { taskId: task.id, projectId: task.project_id };
}

/** The title, bold and linked; a URL too long for the block is left out rather than cut. */
function titleMrkdwn(task: TaskRecord, url: string | null | undefined, shown = TITLE_SHOWN): string {
  const title = truncate(task.title.trim() || `Task ${task.id}`, shown);
  const link = url && url.length <= 1000 ? url : null;
  return `*${slackLink(link, title)}*`;
}

/** Options of the status menu: at most 100, and always the current status. */
function statusOptions(task: TaskRecord, statuses: readonly ProjectStatusDef[]): PlainTextOption[] {
  const sorted = [...statuses].sort((a, b) => a.position - b.position);
  let shown = sorted.slice(0, LIMITS.staticSelectOptions);
  if (!shown.some((s) => s.id === task.status.id) && sorted.some((s) => s.id === task.status.id)) {
    shown = [...shown.slice(0, LIMITS.staticSelectOptions - 1), sorted.find((s) => s.id === task.status.id)!];
  }
  return shown.map((s) => option(s.name, String(s.id)));
}

function actionsRow(model: TaskCardModel, done: boolean, timeZone: string, withDone = true): ActionsBlock {
  const { task } = model;
  const ref = refOf(task);
  const value = encodeTaskRef(ref);
  const elements: ActionsBlockElement[] = [];
  if (!done && withDone) {
    elements.push({
      type: 'button',
      action_id: ACTIONS.taskDone,
      text: plainText('Done', LIMITS.buttonText),
      style: 'primary',
      value,
    });
  }
  const options = model.statuses ? statusOptions(task, model.statuses) : [];
  if (options.length > 0) {
    const initial = options.find((o) => o.value === String(task.status.id));
    elements.push({
      type: 'static_select',
      action_id: ACTIONS.taskStatus,
      placeholder: plainText('Status', LIMITS.placeholder),
      options,
      ...(initial ? { initial_option: initial } : {}),
    });
  }
  elements.push({
    type: 'button',
    action_id: ACTIONS.taskAssignMe,
    text: plainText('Assign to me', LIMITS.buttonText),
    value,
  });
  elements.push({
    type: 'users_select',
    action_id: ACTIONS.taskAssignee,
    placeholder: plainText('Assign someone', LIMITS.placeholder),
  });
  const due = task.due_date ? new Date(task.due_date) : null;
  elements.push({
    type: 'datepicker',
    action_id: ACTIONS.taskDue,
    placeholder: plainText('Due date', LIMITS.placeholder),
    ...(due && !Number.isNaN(due.getTime()) ? { initial_date: toLocalDateString(due, timeZone) } : {}),
  });
  const openUrl = model.url && model.url.length <= LIMITS.url ? model.url : null;
  elements.push({
    type: 'overflow',
    action_id: ACTIONS.taskOverflow,
    options: [
      ...(openUrl
        ? [{ ...option('Open in the service', encodeOverflowValue(OVERFLOW.open, ref)), url: openUrl }]
        : []),
      option('Edit', encodeOverflowValue(OVERFLOW.edit, ref)),
      option('Delete', encodeOverflowValue(OVERFLOW.delete, ref)),
    ],
  });
  // A personal reminder: nothing to set on a task already done.
  if (!done) elements.push(remindMenu(ref));
  return { type: 'actions', block_id: taskBlockId(ref, cardVersion(task)), elements };
}

function assigneesMrkdwn(model: TaskCardModel, max: number): string {
  const names = model.task.assignees.map((m) => memberMrkdwn(m, model.slackUserIds));
  return names.length === 0 ? '_Unassigned_' : joinWithin(names, ', ', max);
}

/** The top-level text: what a notification or a screen reader says. */
function fallbackText(model: TaskCardModel, done: boolean, now: Date, timeZone: string): string {
  const { task } = model;
  const parts = [`Task #${task.id}: ${truncate(task.title, TITLE_SHOWN)}`, truncate(task.status.name, 100)];
  const due = dueView(task, now, timeZone, done);
  if (due) parts.push(`due ${due.plain}`);
  if (task.assignees.length > 0) {
    parts.push(`assigned to ${joinWithin(task.assignees.map(memberPlain), ', ', 1000)}`);
  }
  if (task.priority !== 'none') parts.push(`${priorityPlain(task.priority)} priority`);
  if (model.projectName) parts.push(`in ${truncate(model.projectName, 100)}`);
  return escapeWithin(parts.join(' · '), FALLBACK_MAX);
}

/** The full card: linked title, status, due date (with an overdue marker), people, priority, project, actions. */
export function renderTaskCard(model: TaskCardModel, now: Date): RenderedMessage {
  const { task } = model;
  const timeZone = resolveTimeZone(model.timeZone);
  const done = isDoneStatus(task.status, model.statuses);
  const due = dueView(task, now, timeZone, done);
  const label = (name: string, value: string) => `*${name}*\n${value}`;
  const fields = [
    mrkdwn(label('Status', statusMrkdwn(task.status)), LIMITS.fieldText),
    mrkdwn(label('Due', due ? due.mrkdwn : '_No due date_'), LIMITS.fieldText),
    mrkdwn(label('Assignees', assigneesMrkdwn(model, LIMITS.fieldText - 20)), LIMITS.fieldText),
    mrkdwn(label('Priority', priorityMrkdwn(task.priority)), LIMITS.fieldText),
  ];
  if (model.projectName) {
    fields.push(mrkdwn(label('Project', escapeMrkdwn(truncate(model.projectName, 200))), LIMITS.fieldText));
  }
  const ref = refOf(task);
  const blocks: KnownBlock[] = [
    { type: 'section', block_id: taskCardBlockId(ref, 'title'), text: mrkdwn(titleMrkdwn(task, model.url)) },
    { type: 'section', block_id: taskCardBlockId(ref, 'fields'), fields },
  ];
  const withActions = model.withActions ?? true;
  if (withActions) blocks.push(actionsRow(model, done, timeZone));
  if (model.notice) blocks.push(renderTaskNotice(model.notice, now, taskCardBlockId(ref, 'notice')));
  if (withActions && model.shareable) blocks.push(shareBlock(ref));
  const shared =
    model.sharedBySlackUserId && /^[UW][A-Z0-9]{2,31}$/.test(model.sharedBySlackUserId)
      ? ` · shared by <@${model.sharedBySlackUserId}>`
      : '';
  const origin = model.origin ? ` · ${truncate(model.origin, 300)}` : '';
  const footer = contextLine(`Task #${task.id}${done ? ' · :white_check_mark: Done' : ''}${origin}${shared}`);
  blocks.push({ ...footer, block_id: taskCardBlockId(ref, 'footer') });
  return { text: fallbackText(model, done, now, timeZone), blocks };
}

/** Under a card only its reader sees (it cannot become visible itself): post it for everyone. */
function shareBlock(ref: TaskRef): SectionBlock {
  return {
    type: 'section',
    block_id: taskCardBlockId(ref, 'share'),
    text: mrkdwn('_Only you can see this card._'),
    accessory: {
      type: 'button',
      action_id: ACTIONS.taskShare,
      text: plainText('Share in channel', LIMITS.buttonText),
      value: encodeTaskRef(ref),
    },
  };
}

/**
 * A card's actions without Done, under a list row that has its own Done button (App Home). Its
 * block_id differs from the row's, as block_ids must within one view.
 */
export function renderTaskActionBar(model: TaskCardModel): ActionsBlock {
  const timeZone = resolveTimeZone(model.timeZone);
  const done = isDoneStatus(model.task.status, model.statuses);
  const row = actionsRow(model, done, timeZone, false);
  return { ...row, block_id: taskBarBlockId(refOf(model.task), cardVersion(model.task)) };
}

/**
 * One task on one line, for lists: status, number, linked title, due date, people, priority, and a Done
 * button for open tasks.
 */
export function renderTaskRow(model: TaskCardModel, now: Date): SectionBlock {
  const { task } = model;
  const timeZone = resolveTimeZone(model.timeZone);
  const done = isDoneStatus(task.status, model.statuses);
  const due = dueOf(task);
  const overdue = due !== null && !done && isOverdue(due, { timeZone, now });
  return taskRow(model, timeZone, { done, due, overdue });
}

/** What a list works out once per task (its grouping needs it too) and hands to the task's row. */
export interface RowFacts {
  done: boolean;
  due: Date | null;
  overdue: boolean;
}

/** `renderTaskRow` from facts already worked out, in a zone already resolved. */
export function taskRow(model: TaskCardModel, timeZone: string, facts: RowFacts): SectionBlock {
  const { task } = model;
  // The number as the commands take it (`/task show 12`, `done #12`): lists are where people find it.
  let text = `${statusMrkdwn(task.status)}  \`#${task.id}\` ${titleMrkdwn(task, model.url, ROW_TITLE_SHOWN)}`;
  if (facts.due) text += `${ROW_SEPARATOR}${dueViewMrkdwn(facts.due, timeZone, facts.overdue)}`;
  if (task.priority !== 'none') text += `${ROW_SEPARATOR}${priorityMrkdwn(task.priority)}`;
  if (task.assignees.length > 0) {
    const fixed = text.length + 10;
    text += `${ROW_SEPARATOR}${assigneesMrkdwn(model, Math.max(40, LIMITS.sectionText - fixed))}`;
  }
  const block: SectionBlock = {
    type: 'section',
    block_id: taskBlockId(refOf(task), cardVersion(task)),
    text: mrkdwn(text),
  };
  if (!facts.done && (model.withActions ?? true)) {
    block.accessory = {
      type: 'button',
      action_id: model.rowDone?.actionId ?? ACTIONS.taskDone,
      text: plainText('Done', LIMITS.buttonText),
      value: model.rowDone?.value ?? encodeTaskRef(refOf(task)),
    };
  }
  return block;
}

const ROW_SEPARATOR = '  ·  ';

export interface DeletedTaskModel {
  taskId: number;
  title: string;
  /** Who deleted it, when known. */
  deletedBySlackUserId?: string | null | undefined;
  /** Zone of the fallback text. Default: UTC. */
  timeZone?: string | undefined;
}

/** What replaces a card once its task is deleted: the title struck through, who and when. */
export function renderDeletedTask(model: DeletedTaskModel, now: Date): RenderedMessage {
  const title = escapeMrkdwn(truncate(model.title.trim() || `Task ${model.taskId}`, TITLE_SHOWN));
  const by =
    model.deletedBySlackUserId && /^[UW][A-Z0-9]{2,31}$/.test(model.deletedBySlackUserId)
      ? ` by <@${model.deletedBySlackUserId}>`
      : '';
  const when = slackDate(
    now,
    '{date_short_pretty} at {time}',
    formatDueFallback(now, resolveTimeZone(model.timeZone), true),
  );
  return {
    text: `Task #${model.taskId} was deleted: ${escapeWithin(model.title, 1000)}`,
    blocks: [
      { type: 'section', text: mrkdwn(`:wastebasket: ~${title}~`) },
      contextLine(`Task #${model.taskId} deleted${by} ${when}`),
    ],
  };
}
