/**
 * Lists of tasks as one message: "my tasks" grouped by when they are due (in the reader's zone),
 * and a project's tasks grouped by status; with counts, paging buttons, and "and N more" when a
 * page holds more than one message can show.
 */

import type { TaskRecord } from '../../../api/index.ts';
import type { ProjectStatusDef } from '../../../contract/index.ts';
import { type DayBucket, dayBuckets, resolveTimeZone } from '../../../lib/dates.ts';
import { escapeMrkdwn, slackLink, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { ActionsBlock, Button, KnownBlock, RenderedMessage } from '../../ui/block-types.ts';
import { ACTIONS } from '../../ui/ids.ts';
import { contextLine, LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';
import { remindListMenu } from '../../ui/messages/remind-menu.ts';
import { type RowFacts, taskRow } from '../../ui/messages/task-card.ts';
import { dueOf, isDoneStatus, type SlackUserIds, statusesFor } from '../../ui/messages/task-parts.ts';
import { statusEmoji } from '../../ui/status-color.ts';
import { encodeListPage, type ListPage, listRowDoneEncoder } from '../../ui/values.ts';

/** What both lists share. */
export interface TaskListBase {
  /** The tasks of this page. */
  tasks: readonly TaskRecord[];
  /** 1-based. */
  page: number;
  /** Whether a next page exists (from the list envelope's meta). */
  hasNext: boolean;
  /** All tasks matching the filter (meta.total). */
  total: number;
  /** The status filter, as typed. */
  status: string | null;
  /** The reader's zone: it decides what "today" is. */
  timeZone: string;
  slackUserIds?: SlackUserIds | undefined;
  /** A task's page in the service, when known. */
  taskUrl?: ((task: TaskRecord) => string | null | undefined) | undefined;
  /** Statuses per project id, to know which tasks are done. */
  statuses?: ReadonlyMap<number, readonly ProjectStatusDef[]> | undefined;
  /** Where the whole list can be seen, for "and N more". */
  moreUrl?: string | null | undefined;
  /** Plain sentences about the list itself: how fresh, incomplete, records left out. */
  notes?: readonly string[] | undefined;
  /** An interim answer: the list follows once the service's tasks are read. */
  interim?: boolean | undefined;
}

type MyTasksModel = TaskListBase;

interface ProjectTasksModel extends TaskListBase {
  project: { id: number; name: string };
}

/** A task with what its grouping and its row both need, worked out once per list. */
interface Row extends RowFacts {
  task: TaskRecord;
  /** When it is due (ms; none last). */
  at: number;
}

interface Group {
  title: string;
  rows: Row[];
}

/** A day bucket, or `done`: a finished task is never overdue, whatever its date. */
type ListBucket = DayBucket | 'done';

const BUCKETS: ReadonlyArray<{ bucket: ListBucket; title: string }> = [
  { bucket: 'overdue', title: ':warning: Overdue' },
  { bucket: 'today', title: ':date: Today' },
  { bucket: 'upcoming', title: ':calendar: Upcoming' },
  { bucket: 'none', title: ':zzz: No due date' },
  { bucket: 'done', title: ':white_check_mark: Done' },
];

/**
 * Each task's due date, done-ness and day bucket for the reader, read once: the grouping and the
 * row both use them, and the zone and "today" are worked out once for the whole list.
 */
function rowsOf(model: TaskListBase, now: Date): Array<Row & { bucket: ListBucket }> {
  const bucketOf = dayBuckets({ timeZone: model.timeZone, now });
  const rows: Array<Row & { bucket: ListBucket }> = [];
  for (const task of model.tasks) {
    const done = isDoneStatus(task.status, statusesFor(model.statuses, task.project_id));
    const due = dueOf(task);
    const bucket = done ? 'done' : bucketOf(due);
    rows.push({
      task,
      due,
      at: due?.getTime() ?? Number.POSITIVE_INFINITY,
      done,
      overdue: bucket === 'overdue',
      bucket,
    });
  }
  return rows;
}

/** Sorts in place by due date (stable: equal dates keep their order). */
function sortByDue(rows: Row[]): Row[] {
  return rows.length < 2 ? rows : rows.sort((a, b) => a.at - b.at);
}

function groupByDay(rows: ReadonlyArray<Row & { bucket: ListBucket }>): Record<ListBucket, Row[]> {
  const groups: Record<ListBucket, Row[]> = { overdue: [], today: [], upcoming: [], none: [], done: [] };
  for (const row of rows) groups[row.bucket].push(row);
  for (const { bucket } of BUCKETS) sortByDue(groups[bucket]);
  return groups;
}

function pagingRow(model: TaskListBase, page: Omit<ListPage, 'page'>): ActionsBlock | null {
  const elements: Button[] = [];
  if (model.page > 1) {
    elements.push({
      type: 'button',
      action_id: ACTIONS.listPrevious,
      text: plainText('← Previous', LIMITS.buttonText),
      value: encodeListPage({ ...page, page: model.page - 1 }),
    });
  }
  if (model.hasNext) {
    elements.push({
      type: 'button',
      action_id: ACTIONS.listNext,
      text: plainText('Next →', LIMITS.buttonText),
      value: encodeListPage({ ...page, page: model.page + 1 }),
    });
  }
  return elements.length > 0 ? { type: 'actions', block_id: 'task_list_paging', elements } : null;
}

/**
 * Group headings and rows, capped so that `fixed` other blocks still fit: when rows must be left
 * out, the last slot says how many and where to see them.
 */
function groupBlocks(
  groups: readonly Group[],
  model: TaskListBase,
  fixed: number,
  page: ListPage,
): KnownBlock[] {
  const budget = LIMITS.messageBlocks - fixed;
  const blocks: KnownBlock[] = [];
  let totalRows = 0;
  for (const group of groups) if (group.rows.length > 0) totalRows += 1 + group.rows.length;
  const room = totalRows <= budget ? budget : budget - 1;
  const rowDoneValue = listRowDoneEncoder(page);
  const timeZone = resolveTimeZone(model.timeZone);
  let hidden = 0;
  for (const group of groups) {
    if (group.rows.length === 0) continue;
    if (blocks.length + 2 > room) {
      hidden += group.rows.length;
      continue;
    }
    blocks.push({ type: 'section', text: mrkdwn(`*${group.title}* (${group.rows.length})`) });
    for (const row of group.rows) {
      if (blocks.length >= room) {
        hidden += 1;
        continue;
      }
      const { task } = row;
      const card = {
        task,
        url: model.taskUrl?.(task),
        slackUserIds: model.slackUserIds,
        // Done on a row redraws this very page, so the button says which page it is on.
        rowDone: {
          actionId: ACTIONS.taskListDone,
          value: rowDoneValue({ taskId: task.id, projectId: task.project_id }),
        },
      };
      blocks.push(taskRow(card, timeZone, row));
    }
  }
  if (hidden > 0) {
    const where = model.moreUrl ? ` ${slackLink(model.moreUrl, 'See them all in the service')}` : '';
    blocks.push(contextLine(`…and ${hidden} more on this page.${where}`));
  }
  return blocks;
}

/** "Remind me about…" for the list's open tasks, in the order shown (none when all are done). */
function remindRow(groups: readonly Group[]): KnownBlock | null {
  const open = groups.flatMap((g) => g.rows).filter((row) => !row.done);
  const menu = remindListMenu(
    open.map((row) => ({
      ref: { taskId: row.task.id, projectId: row.task.project_id },
      title: row.task.title,
    })),
  );
  return menu ? { type: 'actions', block_id: 'task_list_remind', elements: [menu] } : null;
}

/** The list's notes as one context line (none when there are none). */
function notesLine(model: TaskListBase): KnownBlock[] {
  const notes = model.notes ?? [];
  return notes.length === 0
    ? []
    : [contextLine(`:information_source: ${escapeMrkdwn(truncate(notes.join(' '), 1500))}`)];
}

function pageNote(model: TaskListBase): string {
  const parts: string[] = [];
  if (model.status) parts.push(`status “${escapeMrkdwn(truncate(model.status, 100))}”`);
  if (model.total > model.tasks.length || model.page > 1) {
    parts.push(`page ${model.page}, ${model.tasks.length} of ${model.total}`);
  }
  return parts.join(' · ');
}

/** "My tasks": grouped overdue / today / upcoming / no date in the reader's zone, then done. */
export function renderMyTasks(model: MyTasksModel, now: Date): RenderedMessage {
  const groups = groupByDay(rowsOf(model, now));
  const overdue = groups.overdue.length;
  const today = groups.today.length;
  const upcoming = groups.upcoming.length;
  const none = groups.none.length;
  const done = groups.done.length;
  const summary = `${overdue} overdue · ${today} due today · ${upcoming} upcoming · ${none} with no date${done > 0 ? ` · ${done} done` : ''}`;
  const note = pageNote(model);
  const listPage: ListPage = { view: 'mine', status: model.status, projectId: null, page: model.page };
  const paging = pagingRow(model, listPage);
  const head: KnownBlock[] = [
    { type: 'header', text: plainText('Your tasks', LIMITS.headerText) },
    contextLine(note ? `${summary} · ${note}` : summary),
    ...notesLine(model),
  ];
  if (model.tasks.length === 0) {
    const empty = model.interim
      ? ':hourglass_flowing_sand: Looking through the service’s tasks…'
      : model.status
        ? `No tasks of yours with status “${escapeMrkdwn(truncate(model.status, 100))}”.`
        : 'Nothing assigned to you. :tada:';
    return {
      text: 'Your tasks: none',
      blocks: [...head, { type: 'section', text: mrkdwn(empty) }, ...(paging ? [paging] : [])],
    };
  }
  const ordered = BUCKETS.map(({ bucket, title }) => ({ title, rows: groups[bucket] }));
  const remind = remindRow(ordered);
  const fixed = head.length + (paging ? 1 : 0) + (remind ? 1 : 0);
  const blocks = head.concat(groupBlocks(ordered, model, fixed, listPage));
  if (remind) blocks.push(remind);
  if (paging) blocks.push(paging);
  return {
    // The summary with commas: the same counts, for notifications and screen readers.
    text: `Your tasks: ${overdue} overdue, ${today} due today, ${upcoming} upcoming, ${none} with no date${done > 0 ? `, ${done} done` : ''}`,
    blocks,
  };
}

/** A project's tasks, grouped by status in the project's order. */
export function renderProjectTasks(model: ProjectTasksModel, now: Date): RenderedMessage {
  const name = truncate(model.project.name, 100);
  const statuses = [...(model.statuses?.get(model.project.id) ?? [])].sort((a, b) => a.position - b.position);
  const order = new Map(statuses.map((s, i) => [s.id, i]));
  const groups = new Map<number, Group>();
  for (const row of rowsOf(model, now)) {
    const { status } = row.task;
    const group = groups.get(status.id) ?? {
      title: `${statusEmoji(status.color)} ${escapeMrkdwn(truncate(status.name, 100))}`,
      rows: [],
    };
    group.rows.push(row);
    groups.set(status.id, group);
  }
  const ordered = [...groups.entries()]
    .sort(([a], [b]) => (order.get(a) ?? Number.MAX_SAFE_INTEGER) - (order.get(b) ?? Number.MAX_SAFE_INTEGER))
    .map(([, group]) => ({ ...group, rows: sortByDue(group.rows) }));
  const note = pageNote(model);
  const summary = `${model.total} task${model.total === 1 ? '' : 's'}`;
  const listPage: ListPage = {
    view: 'project',
    status: model.status,
    projectId: model.project.id,
    page: model.page,
  };
  const paging = pagingRow(model, listPage);
  const head: KnownBlock[] = [
    { type: 'header', text: plainText(`${name}: tasks`, LIMITS.headerText) },
    contextLine(note ? `${summary} · ${note}` : summary),
    ...notesLine(model),
  ];
  if (model.tasks.length === 0) {
    const empty = model.status
      ? `No tasks in ${escapeMrkdwn(name)} with status “${escapeMrkdwn(truncate(model.status, 100))}”.`
      : `No tasks in ${escapeMrkdwn(name)} yet.`;
    return {
      text: `${escapeMrkdwn(name)}: no tasks`,
      blocks: [...head, { type: 'section', text: mrkdwn(empty) }, ...(paging ? [paging] : [])],
    };
  }
  const remind = remindRow(ordered);
  const body = groupBlocks(ordered, model, head.length + (paging ? 1 : 0) + (remind ? 1 : 0), listPage);
  return {
    text: `${escapeMrkdwn(name)}: ${summary}`,
    blocks: [...head, ...body, ...(remind ? [remind] : []), ...(paging ? [paging] : [])],
  };
}
