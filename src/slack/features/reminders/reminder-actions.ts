/**
 * "Remind me" chosen beside a task (a card, a found task, App Home), and Cancel on a reminder. Both
 * act for the person who clicked only: a reminder is looked up under their own id, so nobody can
 * cancel another's.
 */
import { type ActionArgs, buttonHandler } from '../../kit/team-action.ts';
import { publishHome } from '../../services/publish-home.ts';
import { decodeRemindChoice } from '../../ui/messages/remind-menu.ts';
import { reminderTimeOfChoice } from './reminder-time.ts';
import { setReminder } from './set-reminder.ts';

/** Tells the person, beside whatever they clicked on, without changing it. */
async function tell(args: ActionArgs, text: string, blocks?: unknown[]): Promise<void> {
  const message = {
    response_type: 'ephemeral' as const,
    replace_original: false,
    text,
    ...(blocks ? { blocks } : {}),
  };
  if ('response_url' in args.body && args.body.response_url) await args.respond(message as never);
  else await args.client.chat.postMessage({ channel: args.body.user.id, text, blocks: blocks as never });
}

export const remindChosenHandler = buttonHandler(async (ctx, args) => {
  const { deps, client, teamId, userId } = ctx;
  const chosen = decodeRemindChoice(ctx.value ?? '');
  if (!chosen) {
    await tell(
      args,
      'That menu is out of date; set a reminder by the task’s number, like `/task remind 42 in 1 hour`.',
    );
    return;
  }
  const api = await ctx.api();
  const timeZone = await deps.profiles.timeZone(client, teamId, userId);
  const at = reminderTimeOfChoice(chosen.choice, { timeZone, now: ctx.now });
  const answer = await setReminder(deps, api, { teamId, userId, taskId: chosen.ref.taskId, at, timeZone });
  await tell(args, answer.text, answer.blocks);
  if ('view' in args.body && args.body.view?.type === 'home') await publishHome(deps, client, teamId, userId);
}, 'setting a reminder');

export const reminderCancelHandler = buttonHandler(async (ctx, args) => {
  const { deps, client, teamId, userId } = ctx;
  const id = ctx.value ?? '';
  const reminder = /^[A-Za-z0-9_-]{1,64}$/.test(id)
    ? await deps.reminders.reminders.get(teamId, userId, id)
    : undefined;
  const cancelled = reminder ? await deps.reminders.reminders.remove(reminder) : false;
  const text = cancelled
    ? `Reminder cancelled: task #${reminder!.taskId} will not be sent to you.`
    : 'That reminder has already gone or was cancelled.';
  if ('view' in args.body && args.body.view?.type === 'home') {
    await publishHome(deps, client, teamId, userId);
    return;
  }
  await ctx.respond({ response_type: 'ephemeral', replace_original: true, text });
}, 'cancelling a reminder');
