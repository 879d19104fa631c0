/**
 * The "Personal digest" part of the Home tab: off with a Turn on button, or on with its schedule,
 * a time picker to change the hour, and Turn off. Pure.
 */
import { formatDueFallback } from '../../../lib/dates.ts';
import { slackDate } from '../../../slack-platform/date-tokens.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock } from '../block-types.ts';
import { DIGEST_ACTIONS } from '../ids.ts';
import { LIMITS, mrkdwn, plainText } from '../limits.ts';
import { scheduleText } from './schedule-text.ts';

/** The block_id of the time picker, so Home can be redrawn with it (and its value) in place. */
const PERSONAL_DIGEST_TIME_BLOCK = 'home_digest_time';

export type PersonalDigestModel =
  | { state: 'off' }
  | {
      state: 'on';
      time: string;
      timeZone: string;
      days: readonly number[];
      next: Date | null;
      /** Why it is paused, if it is. */
      paused?: string | undefined;
    };

export function renderPersonalDigest(model: PersonalDigestModel, now: Date): KnownBlock[] {
  if (model.state === 'off') {
    return [
      {
        type: 'section',
        text: mrkdwn(
          ':newspaper: *Personal digest* is off. Turn it on to get your overdue and due-today tasks by direct message, weekdays at 09:00 your time.',
        ),
        accessory: {
          type: 'button',
          action_id: DIGEST_ACTIONS.homeOn,
          text: plainText('Turn on', LIMITS.buttonText),
          style: 'primary',
        },
      },
    ];
  }
  const next = model.next
    ? ` Next: ${slackDate(model.next, '{date_short_pretty} at {time}', formatDueFallback(model.next, model.timeZone, true))}.`
    : '';
  const paused = model.paused
    ? `\n:double_vertical_bar: Paused: ${escapeMrkdwn(truncate(model.paused, 200))}.`
    : '';
  return [
    {
      type: 'section',
      text: mrkdwn(
        `:newspaper: *Personal digest* is on: your tasks by direct message at ${escapeMrkdwn(scheduleText(model, now))}.${next}${paused}`,
      ),
      accessory: {
        type: 'button',
        action_id: DIGEST_ACTIONS.homeOff,
        text: plainText('Turn off', LIMITS.buttonText),
      },
    },
    {
      type: 'actions',
      block_id: PERSONAL_DIGEST_TIME_BLOCK,
      elements: [
        {
          type: 'timepicker',
          action_id: DIGEST_ACTIONS.homeTime,
          initial_time: model.time,
          placeholder: plainText('Time of day', LIMITS.placeholder),
        },
      ],
    },
  ];
}
