import type { AssignIntent } from '../../commands/intents.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { resolvePeople, unresolvedText } from '../../services/resolve-people.ts';
import { setTaskAssignees } from '../../services/task-changes.ts';
import { TaskRefusal } from '../../services/task-refusal.ts';
import { joinWithin } from '../../ui/limits.ts';
import { assignedNotice } from '../../ui/messages/task-notice.ts';
import { memberMrkdwn } from '../../ui/messages/task-parts.ts';
import { actOnTask, cardModelFor } from './command-support.ts';

export async function assignHandler(ctx: CommandContext, intent: AssignIntent): Promise<void> {
  await actOnTask(ctx, intent.taskId, async ({ api }) => {
    const task = await api.tasks.get(intent.taskId);
    const people = await resolvePeople(intent.assignees, {
      deps: ctx.deps,
      api,
      client: ctx.client,
      teamId: ctx.teamId,
      userId: ctx.userId,
      projectId: task.project_id,
    });
    if (people.unresolved.length > 0) {
      throw new TaskRefusal(`Nobody was assigned to task #${task.id}. ${unresolvedText(people.unresolved)}`);
    }
    const change = await setTaskAssignees(
      api,
      task.id,
      people.members.map((m) => m.id),
    );
    const model = await cardModelFor(ctx, api, change.after);
    const names = change.after.assignees.map((m) => memberMrkdwn(m, model.slackUserIds));
    model.notice = change.changed
      ? names.length === 0
        ? { text: `:bust_in_silhouette: <@${ctx.userId}> unassigned everyone.` }
        : assignedNotice({ actorSlackUserId: ctx.userId, assignees: joinWithin(names, ', ', 1500) })
      : { text: 'The task was already assigned exactly so.' };
    return model;
  });
}
