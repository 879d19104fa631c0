/**
 * Offered instead of a failure when a person who has not linked their service account tries
 * something that needs it: one click opens the link form.
 */
import type { RenderedMessage } from '../block-types.ts';
import { ACTIONS } from '../ids.ts';
import { mrkdwn, plainText } from '../limits.ts';

interface LinkOfferModel {
  /** What linking would let them do, e.g. "to see the tasks assigned to you". */
  reason: string;
}

export function linkOfferMessage(model: LinkOfferModel): RenderedMessage {
  const line = `:link: Link your account in the work-management service ${model.reason}.`;
  return {
    text: `Link your account ${model.reason}: /task link`,
    blocks: [
      {
        type: 'section',
        text: mrkdwn(line),
        accessory: {
          type: 'button',
          action_id: ACTIONS.offerLink,
          text: plainText('Link my account', 75),
          style: 'primary',
        },
      },
    ],
  };
}
