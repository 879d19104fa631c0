/**
 * "Assign to me" and the people picker on a task card: each adds one assignee and keeps the
 * others. Someone without an account in the task's project cannot be assigned; the person is told
 * why, and nothing changes.
 */
import type { AppDeps } from '../../deps.ts';
import { resolveSlackUsers } from '../../services/resolve-slack-users.ts';
import { addTaskAssignee, type TaskChange } from '../../services/task-changes.ts';
import { TaskRefusal } from '../../services/task-refusal.ts';
import { assignedNotice, selfAssignedNotice } from '../../ui/messages/task-notice.ts';
import { memberMrkdwn } from '../../ui/messages/task-parts.ts';
import { decodeTaskActionBlockId, decodeTaskRef } from '../../ui/values.ts';
import { type TaskActionContext, taskActionHandler } from './action-context.ts';
import { cardOf } from './status-actions.ts';
import type { TaskOutcome } from './task-surface.ts';

async function assignOutcome(
  ctx: TaskActionContext,
  change: TaskChange,
  member: { id: number; name: string },
  whoText: string,
): Promise<TaskOutcome> {
  const model = await cardOf(ctx, change.after);
  if (!change.changed) return { card: model, note: `${whoText} already on task #${change.after.id}.` };
  const title = ctx.surface.kind === 'home' ? change.after.title : null;
  model.notice =
    member.id === ctx.actor.memberId
      ? selfAssignedNotice({ actorSlackUserId: ctx.userId, title })
      : assignedNotice({
          actorSlackUserId: ctx.userId,
          assignees: memberMrkdwn(member, model.slackUserIds),
          title,
        });
  return { card: model };
}

export function taskAssignMeHandler(deps: AppDeps) {
  return taskActionHandler(deps, {
    refOf: (action) => ('value' in action && action.value ? decodeTaskRef(action.value) : null),
    run: async (ctx) => {
      const me = { id: ctx.actor.memberId, name: ctx.actor.memberName };
      return assignOutcome(ctx, await addTaskAssignee(ctx.api, ctx.ref.taskId, me), me, 'You are');
    },
  });
}

export function taskAssigneeHandler(deps: AppDeps) {
  return taskActionHandler(deps, {
    refOf: (action) => decodeTaskActionBlockId(action.block_id),
    run: async (ctx) => {
      const chosen = 'selected_user' in ctx.action ? ctx.action.selected_user : undefined;
      if (!chosen) throw new TaskRefusal('Choose someone from the list to assign.');
      const people = await resolveSlackUsers([chosen], {
        deps: ctx.deps,
        api: ctx.api,
        client: ctx.client,
        teamId: ctx.teamId,
        userId: ctx.userId,
        projectId: ctx.ref.projectId,
      });
      const [member] = people.members;
      if (!member) {
        const why = people.unresolved[0]?.reason ?? 'has no account in this project';
        throw new TaskRefusal(`Nobody was assigned: <@${chosen}> ${why}.`);
      }
      const change = await addTaskAssignee(ctx.api, ctx.ref.taskId, member);
      return assignOutcome(ctx, change, member, `<@${chosen}> is`);
    },
  });
}
