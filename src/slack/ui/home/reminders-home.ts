/** The person's own reminders on App Home, soonest first, each with Cancel. */
import { formatDueFallback, resolveTimeZone } from '../../../lib/dates.ts';
import { slackDate } from '../../../slack-platform/date-tokens.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock } from '../block-types.ts';
import { ACTIONS } from '../ids.ts';
import { contextLine, LIMITS, mrkdwn, plainText } from '../limits.ts';

export interface HomeReminder {
  id: string;
  taskId: number;
  title: string;
  at: Date;
}

/** Shown at most; the rest are counted. */
const SHOWN = 10;

export function renderRemindersHome(
  reminders: readonly HomeReminder[],
  timeZone: string | undefined,
): KnownBlock[] {
  if (reminders.length === 0) return [];
  const zone = resolveTimeZone(timeZone);
  const blocks: KnownBlock[] = [
    { type: 'section', text: mrkdwn(`:alarm_clock: *Your reminders* (${reminders.length})`) },
  ];
  for (const r of reminders.slice(0, SHOWN)) {
    const when = slackDate(r.at, '{date_short_pretty} at {time}', formatDueFallback(r.at, zone, true));
    blocks.push({
      type: 'section',
      block_id: `reminder_${r.id}`,
      text: mrkdwn(`${when}: \`#${r.taskId}\` ${escapeMrkdwn(truncate(r.title, 150))}`),
      accessory: {
        type: 'button',
        action_id: ACTIONS.reminderCancel,
        text: plainText('Cancel', LIMITS.buttonText),
        value: r.id,
      },
    });
  }
  if (reminders.length > SHOWN)
    blocks.push(contextLine(`…and ${reminders.length - SHOWN} more after these.`));
  return blocks;
}
