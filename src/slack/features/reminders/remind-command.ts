/** `/task remind ID WHEN`: a direct message with the task at that time, only to the person. */
import type { RemindIntent } from '../../commands/intents.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { reminderTimeOf } from './reminder-time.ts';
import { setReminder } from './set-reminder.ts';

export async function remindHandler(ctx: CommandContext, intent: RemindIntent): Promise<void> {
  const timeZone = await ctx.deps.profiles.timeZone(ctx.client, ctx.teamId, ctx.userId);
  const when = reminderTimeOf(intent.whenText, { timeZone, now: ctx.deps.clock.now() });
  if (!when.ok) {
    await ctx.respond({ response_type: 'ephemeral', text: `:warning: No reminder was set. ${when.why}` });
    return;
  }
  const api = await ctx.api();
  const answer = await setReminder(ctx.deps, api, {
    teamId: ctx.teamId,
    userId: ctx.userId,
    taskId: intent.taskId,
    at: when.at,
    timeZone,
  });
  await ctx.respond({ response_type: 'ephemeral', ...answer });
}
