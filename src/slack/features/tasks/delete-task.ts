/**
 * "Delete this task?": the confirmation asked before a task is deleted (from `/task delete` or a
 * card's overflow menu), with what it carries in its sealed metadata.
 */

import type { TaskRecord } from '../../../api/index.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { ModalView } from '../../ui/block-types.ts';
import { VIEWS } from '../../ui/ids.ts';
import { contextLine, LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';
import { readTaskLocation, type TaskLocation } from './task-location.ts';

export interface DeleteTaskMetadata {
  teamId: string;
  userId: string;
  taskId: number;
  /** The title (shortened), for the tombstone. */
  title: string;
  /** Where the task's card is, to put the tombstone there; null when it was asked for by command. */
  location: TaskLocation | null;
  /** The command's response_url, to answer a `/task delete` that has no card. */
  responseUrl: string | null;
}

export function renderDeleteTaskView(
  model: { task: TaskRecord; projectName?: string | null | undefined; privateMetadata: string },
  _now?: Date,
): ModalView {
  const { task } = model;
  const title = escapeMrkdwn(truncate(task.title.trim() || `Task ${task.id}`, 300));
  const where = model.projectName ? ` from *${escapeMrkdwn(truncate(model.projectName, 200))}*` : '';
  return {
    type: 'modal',
    callback_id: VIEWS.deleteTask,
    title: plainText('Delete task', LIMITS.modalTitle),
    submit: plainText('Delete', LIMITS.modalButton),
    close: plainText('Keep it', LIMITS.modalButton),
    private_metadata: model.privateMetadata,
    blocks: [
      {
        type: 'section',
        text: mrkdwn(`:wastebasket: Delete *${title}*${where}?`),
      },
      contextLine(
        `Task #${task.id}. This cannot be undone: the task is deleted in the service for everyone.`,
      ),
    ],
  };
}

export function toDeletePayload(meta: DeleteTaskMetadata): Record<string, unknown> {
  return {
    t: meta.teamId,
    u: meta.userId,
    k: meta.taskId,
    n: meta.title.slice(0, 150),
    ...(meta.location ? { l: meta.location } : {}),
    ...(meta.responseUrl ? { r: meta.responseUrl } : {}),
  };
}

/** Reads the compact form back, checked; null when it isn't a delete form's. */
export function fromDeletePayload(payload: unknown): DeleteTaskMetadata | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const r = payload as Record<string, unknown>;
  const { t, u, k, n } = r;
  if (typeof t !== 'string' || typeof u !== 'string' || typeof n !== 'string') return null;
  if (typeof k !== 'number' || !Number.isSafeInteger(k) || k <= 0) return null;
  const location = r.l === undefined ? null : readTaskLocation(r.l);
  if (r.l !== undefined && !location) return null;
  const responseUrl = typeof r.r === 'string' && /^https?:\/\/\S{1,990}$/.test(r.r) ? r.r : null;
  return { teamId: t, userId: u, taskId: k, title: n, location, responseUrl };
}
