/** The Home tab's direct-message notification switches: assigned to me, due tomorrow. Pure. */
import type { KnownBlock } from '../block-types.ts';
import { NOTIFY_ACTIONS } from '../ids.ts';
import { LIMITS, mrkdwn, plainText } from '../limits.ts';

function row(label: string, on: boolean, actionId: string): KnownBlock {
  return {
    type: 'section',
    block_id: `${actionId}_row`,
    text: mrkdwn(`${on ? ':large_green_circle:' : ':white_circle:'} ${label}: *${on ? 'on' : 'off'}*`),
    accessory: {
      type: 'button',
      action_id: actionId,
      text: plainText(on ? 'Turn off' : 'Turn on', LIMITS.buttonText),
      value: on ? 'off' : 'on',
    },
  };
}

/** The switches as the Home shows them (the store's notification preferences have this shape). */
export interface NotifyPrefs {
  assigned: boolean;
  dueTomorrow: boolean;
}

export function renderNotificationPrefs(prefs: NotifyPrefs): KnownBlock[] {
  return [
    { type: 'section', text: mrkdwn(':bell: *Direct messages*') },
    row('When I am assigned a task', prefs.assigned, NOTIFY_ACTIONS.homeAssigned),
    row('My tasks due tomorrow (from 09:00 my time)', prefs.dueTomorrow, NOTIFY_ACTIONS.homeDue),
  ];
}
