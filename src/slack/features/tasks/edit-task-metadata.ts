/**
 * What the edit form carries in `private_metadata` (sealed by the caller): whose form it is, the
 * task and the `updated_at` it was opened at, a short hash of each field as shown (to tell later
 * who changed what), the zone those values were shown in, and where the task's card is so the
 * card can be redrawn after saving.
 */
import { createHash } from 'node:crypto';
import { EDIT_FIELDS, type EditField, type EditValues } from './edit-task-values.ts';
import { readTaskLocation, type TaskLocation } from './task-location.ts';

export interface EditTaskMetadata {
  teamId: string;
  userId: string;
  taskId: number;
  projectId: number | null;
  /** The task's `updated_at` when the form opened. */
  version: string;
  /** The zone the due date was shown in: submitted dates are read in it. */
  timeZone: string;
  /** Hash of each field's value as the form showed it, plus `members` (every assignee). */
  hashes: Record<EditField | 'members', string>;
  /** The title (shortened), for the tombstone if the task turns out to be gone. */
  title: string;
  location: TaskLocation;
  /**
   * Assignees the picker showed by their Slack email rather than a link (member id → Slack user
   * id): saving reads the task in the same terms the form showed it.
   */
  byEmail: ReadonlyMap<number, string>;
}

/** Email-found people the form carries at most (the rest show as "Also assigned"). */
const MAX_BY_EMAIL = 20;

/** Short, stable and not reversible: enough to see that a value changed, without carrying it. */
export function valueHash(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 12);
}

export function hashesOf(values: EditValues, members: string): EditTaskMetadata['hashes'] {
  const out = { members: valueHash(members) } as EditTaskMetadata['hashes'];
  for (const field of EDIT_FIELDS) out[field] = valueHash(values[field]);
  return out;
}

/** The compact form for `seal`: short keys. */
export function toEditPayload(meta: EditTaskMetadata): Record<string, unknown> {
  return {
    t: meta.teamId,
    u: meta.userId,
    k: meta.taskId,
    p: meta.projectId,
    v: meta.version,
    z: meta.timeZone,
    h: meta.hashes,
    n: meta.title.slice(0, 150),
    l: meta.location,
    e: Object.fromEntries([...meta.byEmail].slice(0, MAX_BY_EMAIL)),
  };
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

/** Reads the compact form back, checking every field; null when it isn't a well-formed edit form's. */
export function fromEditPayload(payload: unknown): EditTaskMetadata | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const r = payload as Record<string, unknown>;
  const location = readTaskLocation(r.l);
  const h = r.h as Record<string, unknown> | null | undefined;
  if (!location || typeof h !== 'object' || h === null) return null;
  if (!isText(r.t, 32) || !isText(r.u, 32) || !isId(r.k) || !isId(r.p)) return null;
  if (!isText(r.v, 64) || !isText(r.z, 64) || !isText(r.n, 150)) return null;
  const byEmail = new Map<number, string>();
  if (r.e !== undefined) {
    if (typeof r.e !== 'object' || r.e === null || Array.isArray(r.e)) return null;
    for (const [member, user] of Object.entries(r.e as Record<string, unknown>)) {
      const id = Number(member);
      if (!isId(id) || !isText(user, 32) || !/^[UW][A-Z0-9]{2,31}$/.test(user)) return null;
      byEmail.set(id, user);
    }
  }
  const hashes = {} as EditTaskMetadata['hashes'];
  for (const field of [...EDIT_FIELDS, 'members'] as const) {
    const value = h[field];
    if (!isText(value, 64)) return null;
    hashes[field] = value;
  }
  return {
    teamId: r.t,
    userId: r.u,
    taskId: r.k,
    projectId: r.p,
    version: r.v,
    timeZone: r.z,
    hashes,
    title: r.n,
    location,
    byEmail,
  };
}
