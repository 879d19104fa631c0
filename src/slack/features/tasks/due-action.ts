/**
 * The date picker on a task card: the day picked, in the person's zone. A task due at a time of day
 * keeps that time on the new day; otherwise it is due by the end of that day.
 */

import type { TaskRecord } from '../../../api/index.ts';
import { dueKind, fromLocalDateTime, toLocalTimeString } from '../../../lib/dates.ts';
import { dueMrkdwn } from '../../../slack-platform/date-tokens.ts';
import type { AppDeps } from '../../deps.ts';
import { changeTask } from '../../services/task-changes.ts';
import { TaskRefusal } from '../../services/task-refusal.ts';
import { dueChangedNotice } from '../../ui/messages/task-notice.ts';
import { dueOf } from '../../ui/messages/task-parts.ts';
import { decodeTaskActionBlockId } from '../../ui/values.ts';
import { taskActionHandler } from './action-context.ts';
import { cardOf } from './status-actions.ts';

/** The due instant for a day picked in `timeZone`, keeping a timed due's time of day. */
export function pickedDue(day: string, current: TaskRecord, timeZone: string): Date | null {
  const due = dueOf(current);
  const time = due && dueKind(due) === 'timed' ? toLocalTimeString(due, timeZone) : null;
  return fromLocalDateTime(day, time, timeZone)?.date ?? null;
}

export function taskDueHandler(deps: AppDeps) {
  return taskActionHandler(deps, {
    refOf: (action) => decodeTaskActionBlockId(action.block_id),
    run: async (ctx) => {
      const day = 'selected_date' in ctx.action ? ctx.action.selected_date : undefined;
      if (!day) throw new TaskRefusal('Pick a day in the calendar to set the due date.');
      const timeZone = await ctx.deps.profiles.timeZone(ctx.client, ctx.teamId, ctx.userId);
      const change = await changeTask(ctx.api, ctx.ref.taskId, (task) => {
        const due = pickedDue(day, task, timeZone);
        if (!due) throw new TaskRefusal('That day is not in the calendar. Pick another.');
        return task.due_date && new Date(task.due_date).getTime() === due.getTime()
          ? null
          : { due_date: due.toISOString() };
      });
      const model = await cardOf(ctx, change.after);
      const due = dueOf(change.after);
      if (!change.changed) return { card: model, note: 'The due date was already that day.' };
      model.notice = dueChangedNotice({
        actorSlackUserId: ctx.userId,
        due: due ? dueMrkdwn(due, timeZone) : null,
        title: ctx.surface.kind === 'home' ? change.after.title : null,
      });
      return { card: model };
    },
  });
}
