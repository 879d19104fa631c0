/**
 * The value of a task menu option: which action, on which task, from which digest, in at most
 * 75 characters (Slack's safe bound for an option value). Form: `{code}:{subscriptionId}:{taskId}`.
 */

import { SubscriptionIdSchema } from '../../../digest/types.ts';
import { BLOCK_KIT_LIMITS } from '../../../slack-platform/block-kit-limits.ts';
import { DIGEST_TASK_ACTIONS, type DigestTaskAction } from './ids.ts';

/** Slack option values longer than this may be rejected. */
export const MAX_OPTION_VALUE_LENGTH = BLOCK_KIT_LIMITS.optionValue;

const CODES: Readonly<Record<DigestTaskAction, string>> = {
  done: 'd',
  snooze_1d: 's1',
  snooze_next_monday: 'sm',
};
const ACTION_BY_CODE = new Map(DIGEST_TASK_ACTIONS.map((action) => [CODES[action], action]));

interface DigestTaskActionValue {
  action: DigestTaskAction;
  subscriptionId: string;
  taskId: number;
}

type ParsedTaskActionValue = { ok: true; value: DigestTaskActionValue } | { ok: false; error: string };

/** Encodes an option value; a RangeError names an id that could not be carried. */
export function encodeTaskActionValue({ action, subscriptionId, taskId }: DigestTaskActionValue): string {
  if (!SubscriptionIdSchema.safeParse(subscriptionId).success) {
    throw new RangeError(`subscription id cannot go into an option value: ${JSON.stringify(subscriptionId)}`);
  }
  if (!Number.isSafeInteger(taskId) || taskId <= 0)
    throw new RangeError(`task id must be a positive integer`);
  return `${CODES[action]}:${subscriptionId}:${taskId}`;
}

/** Reads an option value back; the error says what is wrong with it (it comes from a Slack payload). */
export function parseTaskActionValue(value: unknown): ParsedTaskActionValue {
  if (typeof value !== 'string') return { ok: false, error: 'task menu value must be a string' };
  if (value.length > MAX_OPTION_VALUE_LENGTH) {
    return { ok: false, error: `task menu value longer than ${MAX_OPTION_VALUE_LENGTH} characters` };
  }
  const [code = '', subscriptionId = '', taskText = '', ...rest] = value.split(':');
  const action = ACTION_BY_CODE.get(code);
  if (!action || rest.length > 0) {
    return {
      ok: false,
      error: `task menu value must look like d:<subscription>:<task>, got ${JSON.stringify(value)}`,
    };
  }
  if (!SubscriptionIdSchema.safeParse(subscriptionId).success) {
    return {
      ok: false,
      error: `task menu value has a bad subscription id: ${JSON.stringify(subscriptionId)}`,
    };
  }
  const taskId = /^[1-9]\d{0,15}$/.test(taskText) ? Number(taskText) : Number.NaN;
  if (!Number.isSafeInteger(taskId)) {
    return { ok: false, error: `task menu value has a bad task id: ${JSON.stringify(taskText)}` };
  }
  return { ok: true, value: { action, subscriptionId, taskId } };
}
