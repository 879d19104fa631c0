/**
 * Setting a reminder for oneself, from the command or the menu: the task must exist and be open;
 * the answer says when, in the person's zone, with a Cancel button.
 */

import { NotFoundError } from '../../../api/errors.ts';
import type { TaskRecord, WorkApiClient } from '../../../api/index.ts';
import { doneFor } from '../../../api/task-lists.ts';
import { formatDueFallback } from '../../../lib/dates.ts';
import { slackDate } from '../../../slack-platform/date-tokens.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import { MAX_REMINDERS_PER_PERSON } from '../../../store/repositories/reminders.ts';
import type { AppDeps } from '../../deps.ts';
import type { KnownBlock } from '../../ui/block-types.ts';
import { ACTIONS } from '../../ui/ids.ts';
import { LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';

/** What to tell the person: blocks with Cancel when a reminder was set. */
interface ReminderAnswer {
  text: string;
  blocks?: KnownBlock[];
}

export async function setReminder(
  deps: AppDeps,
  api: WorkApiClient,
  q: { teamId: string; userId: string; taskId: number; at: Date; timeZone: string },
): Promise<ReminderAnswer> {
  let task: TaskRecord;
  try {
    task = await api.tasks.get(q.taskId);
  } catch (error) {
    if (error instanceof NotFoundError) {
      return {
        text: `:warning: No reminder was set: there is no task #${q.taskId}. Find it by its title, like \`/task find login\`.`,
      };
    }
    throw error;
  }
  const title = escapeMrkdwn(truncate(task.title, 150));
  if (doneFor(api)(task.status)) {
    return { text: `Task #${task.id} ${title} is already done, so no reminder was set.` };
  }
  const mine = await deps.reminders.reminders.listFor(q.teamId, q.userId);
  if (mine.length >= MAX_REMINDERS_PER_PERSON) {
    return {
      text: `:warning: No reminder was set: you have ${mine.length} waiting, the most Taskbridge keeps. Cancel some on the app’s Home tab.`,
    };
  }
  const reminder = await deps.reminders.reminders.add(
    {
      teamId: q.teamId,
      userId: q.userId,
      taskId: task.id,
      projectId: task.project_id,
      title: task.title,
      at: q.at,
    },
    deps.clock.now(),
  );
  const when = slackDate(q.at, '{date_short_pretty} at {time}', formatDueFallback(q.at, q.timeZone, true));
  const line = `:alarm_clock: I’ll send you task #${task.id} *${title}* ${when}, unless it is done by then. Your reminders are on the app’s Home tab.`;
  return {
    text: `Reminder set: task #${task.id} ${truncate(task.title, 150)}`,
    blocks: [
      {
        type: 'section',
        text: mrkdwn(line),
        accessory: {
          type: 'button',
          action_id: ACTIONS.reminderCancel,
          text: plainText('Cancel', LIMITS.buttonText),
          value: reminder.id,
        },
      },
    ],
  };
}
