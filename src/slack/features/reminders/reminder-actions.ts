/**
 * "Remind me" chosen beside a task (a card, a found task, App Home), and Cancel on a reminder. Both
 * act for the person who clicked only: a reminder is looked up under their own id, so nobody can
 * cancel another's.
 */
import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { publishHome } from '../../services/publish-home.ts';
import { decodeRemindChoice } from '../../ui/messages/remind-menu.ts';
import { reminderTimeOfChoice } from './reminder-time.ts';
import { setReminder } from './set-reminder.ts';

type Args = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;

const chosenValue = (action: Args['action']): string =>
  'selected_option' in action && action.selected_option
    ? (action.selected_option.value ?? '')
    : 'value' in action
      ? (action.value ?? '')
      : '';

/** Tells the person, beside whatever they clicked on, without changing it. */
async function tell(args: Args, text: string, blocks?: unknown[]): Promise<void> {
  const message = {
    response_type: 'ephemeral' as const,
    replace_original: false,
    text,
    ...(blocks ? { blocks } : {}),
  };
  if ('response_url' in args.body && args.body.response_url) await args.respond(message as never);
  else await args.client.chat.postMessage({ channel: args.body.user.id, text, blocks: blocks as never });
}

export function remindChosenHandler(deps: AppDeps) {
  return async (args: Args) => {
    await args.ack();
    const teamId = personOf(args.body).teamId;
    const userId = args.body.user.id;
    const chosen = decodeRemindChoice(chosenValue(args.action));
    if (!chosen) {
      await tell(
        args,
        'That menu is out of date; set a reminder by the task’s number, like `/task remind 42 in 1 hour`.',
      );
      return;
    }
    try {
      const api = await deps.workApi.clientFor(teamId);
      if (!api) {
        await tell(args, 'This workspace is not connected to the service: `/task connect`.');
        return;
      }
      const timeZone = await deps.profiles.timeZone(args.client, teamId, userId);
      const at = reminderTimeOfChoice(chosen.choice, { timeZone, now: deps.clock.now() });
      const answer = await setReminder(deps, api, {
        teamId,
        userId,
        taskId: chosen.ref.taskId,
        at,
        timeZone,
      });
      await tell(args, answer.text, answer.blocks);
      if ('view' in args.body && args.body.view?.type === 'home')
        await publishHome(deps, args.client, teamId, userId);
    } catch (error) {
      deps.logger.warn({ err: error }, 'setting a reminder failed');
      await tell(args, `:warning: No reminder was set: the service did not answer. Try again in a minute.`);
    }
  };
}

export function reminderCancelHandler(deps: AppDeps) {
  return async (args: Args) => {
    await args.ack();
    const teamId = personOf(args.body).teamId;
    const userId = args.body.user.id;
    const id = chosenValue(args.action);
    const reminder = /^[A-Za-z0-9_-]{1,64}$/.test(id)
      ? await deps.reminders.reminders.get(teamId, userId, id)
      : undefined;
    const cancelled = reminder ? await deps.reminders.reminders.remove(reminder) : false;
    const text = cancelled
      ? `Reminder cancelled: task #${reminder!.taskId} will not be sent to you.`
      : 'That reminder has already gone or was cancelled.';
    if ('view' in args.body && args.body.view?.type === 'home') {
      await publishHome(deps, args.client, teamId, userId);
      return;
    }
    await args.respond({ response_type: 'ephemeral', replace_original: true, text });
  };
}
