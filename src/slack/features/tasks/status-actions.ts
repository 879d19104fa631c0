/**
 * Done, the status menu and Undo on a task card (and on App Home). A status change is offered an
 * Undo for a minute: the button carries the status before and after and until when; later, or once
 * the status changed again, the undo is refused and the card redrawn without it.
 */

import type { TaskRecord } from '../../../api/index.ts';
import type { ProjectStatusDef } from '../../../contract/index.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { AppDeps } from '../../deps.ts';
import { taskCardModel } from '../../services/task-card-model.ts';
import { markTaskDone, setTaskStatus, type TaskChange } from '../../services/task-changes.ts';
import { afterChange } from '../../services/task-refusal.ts';
import { statusChangedNotice, statusUndoneNotice, type TaskNotice } from '../../ui/messages/task-notice.ts';
import { decodeTaskActionBlockId, decodeTaskRef, decodeUndoStatus } from '../../ui/values.ts';
import { type TaskActionContext, taskActionHandler } from './action-context.ts';
import type { TaskOutcome } from './task-surface.ts';

/** How long an Undo is offered after a status change. */
const UNDO_WINDOW_MS = 60_000;

/** What a status change says on the card, with an Undo for a minute from `now`. */
export function statusChangeNotice(
  change: TaskChange & { status: ProjectStatusDef },
  q: { actorSlackUserId: string; now: Date; withTitle: boolean },
): TaskNotice {
  return statusChangedNotice({
    actorSlackUserId: q.actorSlackUserId,
    statusName: change.status.name,
    done: change.status.is_done,
    title: q.withTitle ? change.after.title : null,
    undo: {
      ref: { taskId: change.after.id, projectId: change.after.project_id },
      from: change.before.status.id,
      to: change.after.status.id,
      until: q.now.getTime() + UNDO_WINDOW_MS,
    },
  });
}

/** Said when a status was already what was asked. */
export function alreadyNote(task: TaskRecord, status: ProjectStatusDef): string {
  return `Task #${task.id} is already *${escapeMrkdwn(truncate(status.name, 100))}*.`;
}

/** What a status change did, as one sentence: "Marked #42 done." */
export function statusChangeDone(change: TaskChange & { status: ProjectStatusDef }): string {
  if (!change.changed) return alreadyNote(change.after, change.status);
  if (change.status.is_done) return `Marked #${change.after.id} done.`;
  return `Moved #${change.after.id} to *${escapeMrkdwn(truncate(change.status.name, 100))}*.`;
}

/**
 * The card after a status change, with its notice and Undo; shown with the title away from the
 * card. The change is made by now: a card that cannot be drawn still says so.
 */
export async function statusChangeOutcome(
  ctx: TaskActionContext,
  change: TaskChange & { status: ProjectStatusDef },
): Promise<TaskOutcome> {
  const model = await afterChange(statusChangeDone(change), 'The card could not be redrawn', () =>
    cardOf(ctx, change.after),
  );
  if (!change.changed) return { card: model, note: alreadyNote(change.after, change.status) };
  model.notice = statusChangeNotice(change, {
    actorSlackUserId: ctx.userId,
    now: ctx.now,
    withTitle: ctx.surface.kind === 'home',
  });
  return { card: model };
}

export function taskDoneHandler(deps: AppDeps) {
  return taskActionHandler(deps, {
    refOf: (action) => ('value' in action && action.value ? decodeTaskRef(action.value) : null),
    run: async (ctx) => statusChangeOutcome(ctx, await markTaskDone(ctx.api, ctx.ref.taskId)),
  });
}

export function taskStatusHandler(deps: AppDeps) {
  return taskActionHandler(deps, {
    refOf: (action) => decodeTaskActionBlockId(action.block_id),
    run: async (ctx) => {
      const value =
        'selected_option' in ctx.action && ctx.action.selected_option ? ctx.action.selected_option.value : '';
      const statusId = /^[1-9]\d{0,15}$/.test(value ?? '') ? Number(value) : null;
      if (statusId === null) {
        const task = await ctx.api.tasks.get(ctx.ref.taskId);
        return { card: await cardOf(ctx, task), note: ':warning: Choose a status from the menu.' };
      }
      return statusChangeOutcome(ctx, await setTaskStatus(ctx.api, ctx.ref.taskId, statusId));
    },
  });
}

export function taskUndoHandler(deps: AppDeps) {
  return taskActionHandler(deps, {
    refOf: (action) =>
      'value' in action && action.value ? (decodeUndoStatus(action.value)?.ref ?? null) : null,
    run: async (ctx) => {
      const undo = decodeUndoStatus('value' in ctx.action ? (ctx.action.value ?? '') : '');
      const task = await ctx.api.tasks.get(ctx.ref.taskId);
      if (!undo || ctx.now.getTime() > undo.until) {
        return {
          card: await cardOf(ctx, task),
          note: ':hourglass: Too late to undo: an undo lasts a minute. Pick the status from the card’s menu instead.',
        };
      }
      if (task.status.id !== undo.to) {
        return {
          card: await cardOf(ctx, task),
          note: `Nothing undone: the status changed again since, to *${escapeMrkdwn(truncate(task.status.name, 100))}*.`,
        };
      }
      const change = await setTaskStatus(ctx.api, ctx.ref.taskId, undo.from);
      const model = await afterChange(statusChangeDone(change), 'The card could not be redrawn', () =>
        cardOf(ctx, change.after),
      );
      model.notice = statusUndoneNotice({
        actorSlackUserId: ctx.userId,
        statusName: change.status.name,
        title: ctx.surface.kind === 'home' ? change.after.title : null,
      });
      return { card: model };
    },
  });
}

export function cardOf(ctx: TaskActionContext, task: TaskRecord) {
  return taskCardModel(ctx.deps, ctx.client, ctx.api, {
    teamId: ctx.teamId,
    userId: ctx.userId,
    task,
  });
}
