/**
 * What buttons and menus carry back to the app, compactly and checked on the way in: a task
 * reference `taskId.projectId` in button values, overflow options and action block_ids (selects and
 * date pickers send no value of their own), and the page and filter of a task list.
 */
import { OVERFLOW, type OverflowChoice } from './ids.ts';

/**
 * Which task an action is about, and its project, for statuses without another lookup (null when
 * the service did not tell it: the spec does not promise a task's project).
 */
export interface TaskRef {
  taskId: number;
  projectId: number | null;
}

/** Stands for "project unknown" in an encoded reference (ids are positive). */
const NO_PROJECT = '0';

const ID = /^[1-9]\d{0,15}$/;

function toId(text: string | undefined): number | null {
  return text !== undefined && ID.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;
}

/** `12.3`: well within a button value (2000) and an option value (75). */
export function encodeTaskRef(ref: TaskRef): string {
  return `${ref.taskId}.${ref.projectId ?? NO_PROJECT}`;
}

export function decodeTaskRef(value: string): TaskRef | null {
  const [task, project, ...extra] = value.split('.');
  const taskId = toId(task);
  const projectId = project === NO_PROJECT ? null : toId(project);
  const projectOk = projectId !== null || project === NO_PROJECT;
  return taskId !== null && projectOk && extra.length === 0 ? { taskId, projectId } : null;
}

const TASK_BLOCK_PREFIX = 'task';

/**
 * The block_id of a task card's action row: the task, plus a version (e.g. the task's `updated_at`)
 * because Slack keeps a select's old choice when an updated message reuses a block_id.
 */
export function taskBlockId(ref: TaskRef, version: string): string {
  const tag = version.replace(/[^0-9A-Za-z]/g, '').slice(-24);
  return `${TASK_BLOCK_PREFIX}:${encodeTaskRef(ref)}:${tag}`;
}

export function decodeTaskBlockId(blockId: string): TaskRef | null {
  const [prefix, ref, ...rest] = blockId.split(':');
  if (prefix !== TASK_BLOCK_PREFIX || ref === undefined || rest.length > 1) return null;
  return decodeTaskRef(ref);
}

/** An overflow option value: `edit:12.3`. */
export function encodeOverflowValue(choice: OverflowChoice, ref: TaskRef): string {
  return `${choice}:${encodeTaskRef(ref)}`;
}

export function decodeOverflowValue(value: string): { choice: OverflowChoice; ref: TaskRef } | null {
  const [choice, ref, ...extra] = value.split(':');
  const known = Object.values(OVERFLOW).find((c) => c === choice);
  const decoded = ref === undefined ? null : decodeTaskRef(ref);
  return known && decoded && extra.length === 0 ? { choice: known, ref: decoded } : null;
}

/** A page of a task list and the filter that made it, carried by the paging buttons. */
export interface ListPage {
  view: 'mine' | 'project';
  /** 1-based. */
  page: number;
  status: string | null;
  projectId: number | null;
}

/** Status names are at most 255 characters in the contract; 2000 is the button value limit. */
const MAX_STATUS = 255;

/**
 * `{"v":…,"p":…,"s":…,"j":…}` (`s` and `j` only when set), written part by part: the text
 * JSON.stringify gives for that object, without building one of changing shape.
 */
export function encodeListPage(page: ListPage): string {
  let json = `{"v":${JSON.stringify(page.view)},"p":${JSON.stringify(page.page)}`;
  if (page.status !== null) json += `,"s":${JSON.stringify(page.status.slice(0, MAX_STATUS))}`;
  if (page.projectId !== null) json += `,"j":${JSON.stringify(page.projectId)}`;
  return `${json}}`;
}

export function decodeListPage(value: string): ListPage | null {
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { v, p, s, j } = raw as Record<string, unknown>;
  if (v !== 'mine' && v !== 'project') return null;
  if (typeof p !== 'number' || !Number.isSafeInteger(p) || p < 1) return null;
  if (s !== undefined && (typeof s !== 'string' || s.length > MAX_STATUS)) return null;
  if (j !== undefined && (typeof j !== 'number' || !Number.isSafeInteger(j) || j < 1)) return null;
  return { view: v, page: p, status: s ?? null, projectId: j ?? null };
}

/**
 * The block_id of a row of task actions shown under a list row (App Home): not `task:` like the
 * card's, because the row above it already uses that id and block_ids are unique in a view.
 */
const TASK_BAR_PREFIX = 'taskbar';

export function taskBarBlockId(ref: TaskRef, version: string): string {
  return taskBlockId(ref, version).replace(`${TASK_BLOCK_PREFIX}:`, `${TASK_BAR_PREFIX}:`);
}

/** The task of any block that holds task actions: a card's action row, a list row, a Home action bar. */
export function decodeTaskActionBlockId(blockId: string): TaskRef | null {
  if (blockId.startsWith(`${TASK_BAR_PREFIX}:`)) {
    return decodeTaskBlockId(`${TASK_BLOCK_PREFIX}:${blockId.slice(TASK_BAR_PREFIX.length + 1)}`);
  }
  return decodeTaskBlockId(blockId);
}

const CARD_PREFIX = 'card';

/** The parts of a task card other than its action row. */
type TaskCardPart = 'title' | 'fields' | 'notice' | 'share' | 'footer';

/**
 * The block_id of one part of a task card, so that a message holding a card among other blocks
 * (the "created from this message" line) can have just the card redrawn.
 */
export function taskCardBlockId(ref: TaskRef, part: TaskCardPart): string {
  return `${CARD_PREFIX}:${encodeTaskRef(ref)}:${part}`;
}

/** Whether a block belongs to the card of `taskId`: one of its parts, or its action row. */
export function isTaskCardBlock(blockId: string | undefined, taskId: number): boolean {
  if (!blockId) return false;
  const [prefix, ref] = blockId.split(':');
  if (prefix === CARD_PREFIX) return decodeTaskRef(ref ?? '')?.taskId === taskId;
  return prefix === TASK_BLOCK_PREFIX && decodeTaskBlockId(blockId)?.taskId === taskId;
}

/** What an "Undo" button undoes: the task's status set back from `to` to `from`, until `until`. */
export interface UndoStatus {
  ref: TaskRef;
  /** The status before the change. */
  from: number;
  /** The status the change set. */
  to: number;
  /** Epoch milliseconds after which the undo is refused. */
  until: number;
}

/** `12.3:4>6:1795237199`: ids and a time in seconds, far within a button value. */
export function encodeUndoStatus(undo: UndoStatus): string {
  return `${encodeTaskRef(undo.ref)}:${undo.from}>${undo.to}:${Math.ceil(undo.until / 1000)}`;
}

export function decodeUndoStatus(value: string): UndoStatus | null {
  const [ref, change, until, ...extra] = value.split(':');
  const decoded = decodeTaskRef(ref ?? '');
  const [from, to, ...more] = (change ?? '').split('>');
  const fromId = toId(from);
  const toStatus = toId(to);
  const seconds = toId(until);
  if (!decoded || fromId === null || toStatus === null || seconds === null) return null;
  if (extra.length > 0 || more.length > 0) return null;
  return { ref: decoded, from: fromId, to: toStatus, until: seconds * 1000 };
}

/** Done on a list row: the task, then the list page to redraw (`12.3|{"v":"mine","p":1}`). */
export function encodeListRowDone(ref: TaskRef, page: ListPage): string {
  return listRowDoneEncoder(page)(ref);
}

/** The same for every row of one page: the page is encoded once, not once per row. */
export function listRowDoneEncoder(page: ListPage): (ref: TaskRef) => string {
  const encodedPage = encodeListPage(page);
  return (ref) => `${encodeTaskRef(ref)}|${encodedPage}`;
}

export function decodeListRowDone(value: string): { ref: TaskRef; page: ListPage } | null {
  const bar = value.indexOf('|');
  if (bar < 0) return null;
  const ref = decodeTaskRef(value.slice(0, bar));
  const page = decodeListPage(value.slice(bar + 1));
  return ref && page ? { ref, page } : null;
}
