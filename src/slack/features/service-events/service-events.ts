/**
 * The "Service events" modal (admins): the address to register on the service as a webhook, and
 * the signing secret the service gives for it. A saved secret is never shown again; saving a new
 * one replaces it.
 */
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock, ModalView } from '../../ui/block-types.ts';
import { ACTIONS, SERVICE_EVENTS_FIELDS as F, VIEWS } from '../../ui/ids.ts';
import { LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';
import { textValue } from '../../ui/modals/view-state.ts';

interface ServiceEventsViewModel {
  /** The full address when PUBLIC_URL is set, else the path only. */
  address: string;
  /** False when the address is a path: PUBLIC_URL is not set. */
  addressIsFull: boolean;
  hasSecret: boolean;
  privateMetadata?: string | undefined;
}

export function renderServiceEventsView(model: ServiceEventsViewModel): ModalView {
  const address = `\`${escapeMrkdwn(truncate(model.address, 500))}\``;
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: mrkdwn(
        model.addressIsFull
          ? `On the service, add a webhook with this address, for task, sprint and automation events:\n${address}`
          : `On the service, add a webhook with this app's public address followed by this path:\n${address}\n(Set \`PUBLIC_URL\` on the app to show the whole address here.)`,
      ),
    },
    {
      type: 'section',
      text: mrkdwn(
        model.hasSecret
          ? ':large_green_circle: A signing secret is saved: service events arrive by webhook. Paste a new one to replace it.'
          : ':white_circle: No signing secret yet: Taskbridge checks watched projects for changes every few seconds instead.',
      ),
    },
    {
      type: 'input',
      block_id: F.secret.block,
      label: plainText('Signing secret', LIMITS.inputLabel),
      hint: plainText(
        'The secret the service shows for the webhook (whsec_…). Stored encrypted.',
        LIMITS.inputHint,
      ),
      // Never an initial value: the secret must not travel back to Slack.
      element: { type: 'plain_text_input', action_id: F.secret.action, max_length: 500 },
    },
  ];
  if (model.hasSecret) {
    // A way back when the service's webhook is removed: without the secret the app checks for
    // changes itself, and deliveries signed with the old secret are refused.
    blocks.push({
      type: 'actions',
      elements: [
        {
          type: 'button',
          action_id: ACTIONS.serviceEventsStop,
          text: plainText('Stop webhook events', LIMITS.buttonText),
          style: 'danger',
          confirm: {
            title: plainText('Stop webhook events?', LIMITS.confirmTitle),
            text: plainText(
              'Taskbridge forgets the signing secret and refuses deliveries signed with it; it checks watched projects for changes instead. Remove the webhook on the service too.',
              LIMITS.confirmText,
            ),
            confirm: plainText('Stop', LIMITS.confirmButton),
            deny: plainText('Keep', LIMITS.confirmButton),
          },
        },
      ],
    });
  }
  return {
    type: 'modal',
    callback_id: VIEWS.serviceEvents,
    title: plainText('Service events', LIMITS.modalTitle),
    submit: plainText('Save', LIMITS.modalButton),
    close: plainText('Cancel', LIMITS.modalButton),
    private_metadata: model.privateMetadata ?? '',
    blocks,
  };
}

export function readServiceEventsSubmission(values: unknown): string {
  return textValue(values, F.secret).trim();
}
