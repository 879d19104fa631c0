/**
 * What buttons and menus carry back to the app, compactly and checked on the way in: a task
 * reference `taskId.projectId` in button values, overflow options and action block_ids (selects and
 * date pickers send no value of their own), and the page and filter of a task list.
 */
import { OVERFLOW, type OverflowChoice } from './ids.ts';

/** Which task an action is about (and its project, for statuses without another lookup). */
export interface TaskRef {
  taskId: number;
  projectId: number;
}

const ID = /^[1-9]\d{0,15}$/;

function toId(text: string | undefined): number | null {
  return text !== undefined && ID.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;
}

/** `12.3`: well within a button value (2000) and an option value (75). */
export function encodeTaskRef(ref: TaskRef): string {
  return `${ref.taskId}.${ref.projectId}`;
}

export function decodeTaskRef(value: string): TaskRef | null {
  const [task, project, ...extra] = value.split('.');
  const taskId = toId(task);
  const projectId = toId(project);
  return taskId !== null && projectId !== null && extra.length === 0 ? { taskId, projectId } : null;
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

export function encodeListPage(page: ListPage): string {
  const compact: Record<string, string | number> = { v: page.view, p: page.page };
  if (page.status !== null) compact.s = page.status.slice(0, MAX_STATUS);
  if (page.projectId !== null) compact.j = page.projectId;
  return JSON.stringify(compact);
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
