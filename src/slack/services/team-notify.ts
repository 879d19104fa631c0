/**
 * Telling one person the outcome of a form: a view submission has no response_url, so the answer
 * goes to the channel the form came from, seen only by them, and by direct message when the bot
 * cannot post there (not a member of it, or no channel at all).
 */
import type { WebClient } from '@slack/web-api';
import type { RenderedMessage } from '../ui/block-types.ts';

export interface Recipient {
  userId: string;
  /** Where the form was opened from; null for the Home tab or a global shortcut. */
  channelId: string | null;
}

export async function tellPerson(client: WebClient, to: Recipient, message: RenderedMessage): Promise<void> {
  const payload = { text: message.text, blocks: message.blocks };
  if (to.channelId && !to.channelId.startsWith('D')) {
    try {
      await client.chat.postEphemeral({ channel: to.channelId, user: to.userId, ...payload });
      return;
    } catch {
      // Not in that channel, or it is gone: a direct message still reaches them.
    }
  }
  await client.chat.postMessage({ channel: to.userId, ...payload });
}
