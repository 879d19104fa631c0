/** `/task due ID DATE | none`: the date read in the person's zone ("friday", "tomorrow 5pm"). */
import { describeDueProblem, parseDueDate } from '../../../lib/dates.ts';
import { dueMrkdwn } from '../../../slack-platform/date-tokens.ts';
import type { DueIntent } from '../../commands/intents.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { setTaskDue } from '../../services/task-changes.ts';
import { dueChangedNotice } from '../../ui/messages/task-notice.ts';
import { actOnTask, cardModelFor } from './command-support.ts';

export async function dueHandler(ctx: CommandContext, intent: DueIntent): Promise<void> {
  const timeZone = await ctx.deps.profiles.timeZone(ctx.client, ctx.teamId, ctx.userId);
  const now = ctx.deps.clock.now();
  let due: Date | null = null;
  if (intent.dueText !== null) {
    const parsed = parseDueDate(intent.dueText, { timeZone, now });
    if (!parsed) {
      const why =
        describeDueProblem(intent.dueText, { timeZone, now }) ?? `“${intent.dueText}” is not a date I know.`;
      await ctx.respond({ response_type: 'ephemeral', text: `:warning: Nothing was changed. ${why}` });
      return;
    }
    due = parsed.date;
  }
  await actOnTask(ctx, intent.taskId, async ({ api }) => {
    const change = await setTaskDue(api, intent.taskId, due);
    const model = await cardModelFor(ctx, api, change.after);
    if (!change.changed) {
      model.notice = { text: due ? 'The due date was already that.' : 'The task had no due date.' };
      return model;
    }
    model.notice = dueChangedNotice({
      actorSlackUserId: ctx.userId,
      due: due ? dueMrkdwn(due, timeZone) : null,
    });
    return model;
  });
}
