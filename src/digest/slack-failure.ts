/**
 * What a failed Slack call means for a digest, as the person who asked reads it (the classification
 * itself is shared: `lib/slack-failure.ts`).
 */
import type { SlackFailure } from '../lib/slack-failure.ts';

/** A preview or an edit Slack refused; `code` is Slack's, the message says what to do about it. */
export class DigestDeliveryError extends Error {
  override readonly name = 'DigestDeliveryError';
  readonly code: string;
  readonly kind: SlackFailure['kind'] | 'not-connected';
  constructor(message: string, code: string, kind: DigestDeliveryError['kind'], options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.kind = kind;
  }
}

/** A sentence for the person who asked, from a classified failure. */
export function describeSlackFailure(failure: SlackFailure): string {
  switch (failure.kind) {
    case 'channel-gone':
      return failure.code === 'is_archived'
        ? 'The channel is archived, so the digest cannot be posted there.'
        : 'The app is not in that channel: invite it (/invite) and try again.';
    case 'rate-limited':
      return 'Slack asked the app to slow down; try again in a minute.';
    case 'transient':
      return `Slack could not take the message just now (${failure.code}); try again in a minute.`;
    case 'permanent':
      return `Slack refused the digest message (${failure.code}).`;
  }
}
