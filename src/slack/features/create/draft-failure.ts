/** A task that could not be created: why, and one click to reopen the form with everything typed. */
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { mrkdwn, plainText } from '../../ui/limits.ts';

/** The action that reopens a saved draft (its value is the draft id). */
export const REOPEN_DRAFT_ACTION = 'reopen_task_draft';

export function draftFailureMessage(model: {
  title: string;
  reason: string;
  draftId: string;
}): RenderedMessage {
  const title = escapeMrkdwn(truncate(model.title, 200));
  return {
    text: `“${truncate(model.title, 200)}” was not created. ${model.reason}`,
    blocks: [
      { type: 'section', text: mrkdwn(`*“${title}” was not created.*\n${truncate(model.reason, 1500)}`) },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            action_id: REOPEN_DRAFT_ACTION,
            value: model.draftId,
            text: plainText('Open the form again', 75),
            style: 'primary',
          },
        ],
      },
    ],
  };
}
