/**
 * A line about what just happened to a task ("Ana marked this Done"), shown on its card or at the
 * top of App Home, with an "Undo" button for a status change while the undo is still allowed.
 */

import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { SectionBlock } from '../block-types.ts';
import { ACTIONS } from '../ids.ts';
import { LIMITS, mrkdwn, plainText } from '../limits.ts';
import { encodeUndoStatus, type UndoStatus } from '../values.ts';

export interface TaskNotice {
  /** mrkdwn, user text already escaped by the caller. */
  text: string;
  /** Offered while `now` is before `undo.until`. */
  undo?: UndoStatus | null | undefined;
}

/** The notice as one section; the Undo button only while it can still work. */
export function renderTaskNotice(notice: TaskNotice, now: Date, blockId?: string): SectionBlock {
  const block: SectionBlock = {
    type: 'section',
    ...(blockId ? { block_id: blockId } : {}),
    text: mrkdwn(notice.text, LIMITS.sectionText),
  };
  if (notice.undo && now.getTime() < notice.undo.until) {
    block.accessory = {
      type: 'button',
      action_id: ACTIONS.taskUndo,
      text: plainText('Undo', LIMITS.buttonText),
      value: encodeUndoStatus(notice.undo),
    };
  }
  return block;
}

const USER_ID = /^[UW][A-Z0-9]{2,31}$/;

function who(slackUserId: string): string {
  return USER_ID.test(slackUserId) ? `<@${slackUserId}>` : 'Someone';
}

/** “Title” for notices shown away from the card (App Home), else nothing: the card says it. */
function about(title: string | null | undefined): string {
  return title ? ` “${escapeMrkdwn(truncate(title, 100))}”` : ' this';
}

export function statusChangedNotice(q: {
  actorSlackUserId: string;
  statusName: string;
  done: boolean;
  /** Set when shown away from the card. */
  title?: string | null | undefined;
  undo?: UndoStatus | null | undefined;
}): TaskNotice {
  const status = escapeMrkdwn(truncate(q.statusName, 100));
  const text = q.done
    ? `:white_check_mark: ${who(q.actorSlackUserId)} marked${about(q.title)} *${status}*.`
    : `:arrows_counterclockwise: ${who(q.actorSlackUserId)} moved${about(q.title)} to *${status}*.`;
  return { text, undo: q.undo ?? null };
}

export function statusUndoneNotice(q: {
  actorSlackUserId: string;
  statusName: string;
  title?: string | null | undefined;
}): TaskNotice {
  const status = escapeMrkdwn(truncate(q.statusName, 100));
  return {
    text: `:leftwards_arrow_with_hook: ${who(q.actorSlackUserId)} put${about(q.title)} back to *${status}*.`,
  };
}

export function assignedNotice(q: {
  actorSlackUserId: string;
  /** mrkdwn of who was assigned (mentions or escaped names). */
  assignees: string;
  title?: string | null | undefined;
}): TaskNotice {
  return {
    text: `:bust_in_silhouette: ${who(q.actorSlackUserId)} assigned${about(q.title)} to ${q.assignees}.`,
  };
}

export function selfAssignedNotice(q: {
  actorSlackUserId: string;
  title?: string | null | undefined;
}): TaskNotice {
  return { text: `:raising_hand: ${who(q.actorSlackUserId)} took${about(q.title)} on.` };
}

export function dueChangedNotice(q: {
  actorSlackUserId: string;
  /** mrkdwn of the new due date, or null when cleared. */
  due: string | null;
  title?: string | null | undefined;
}): TaskNotice {
  const of = q.title ? ` of “${escapeMrkdwn(truncate(q.title, 100))}”` : '';
  return {
    text: q.due
      ? `:calendar: ${who(q.actorSlackUserId)} set the due date${of} to ${q.due}.`
      : `:calendar: ${who(q.actorSlackUserId)} cleared the due date${of}.`,
  };
}

export function editedNotice(q: {
  actorSlackUserId: string;
  fields: readonly string[];
  title?: string | null;
}): TaskNotice {
  return {
    text: `:pencil2: ${who(q.actorSlackUserId)} edited${about(q.title)}: ${q.fields.join(', ')}.`,
  };
}
