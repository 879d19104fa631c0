/**
 * Telling one person something when there is no response_url to answer on (a form's submission, a
 * button on Home): in the channel it came from, seen only by them (or by everyone when `visible`),
 * and by direct message when the bot cannot post there (not a member of it, it is gone, or there
 * is no channel at all: Home, a global shortcut, a direct message).
 */
import type { WebClient } from '@slack/web-api';
import type { RenderedMessage } from '../ui/block-types.ts';

export interface Recipient {
  userId: string;
  /** Where the request came from; null for the Home tab or a global shortcut. */
  channelId: string | null;
}

/** A public or private channel (`C…`, `G…`), where a message can be shown to one person; not a DM (`D…`). */
export function isChannelId(id: string | null | undefined): id is string {
  return typeof id === 'string' && /^[CG][A-Z0-9]+$/.test(id);
}

export async function tellPerson(
  client: WebClient,
  to: Recipient,
  message: RenderedMessage | { text: string; blocks?: RenderedMessage['blocks'] },
  options: { visible?: boolean } = {},
): Promise<void> {
  const payload = { text: message.text, ...(message.blocks ? { blocks: message.blocks } : {}) };
  if (isChannelId(to.channelId)) {
    try {
      if (options.visible) await client.chat.postMessage({ channel: to.channelId, ...payload });
      else await client.chat.postEphemeral({ channel: to.channelId, user: to.userId, ...payload });
      return;
    } catch {
      // Not in that channel, or it is gone: a direct message still reaches them.
    }
  }
  await client.chat.postMessage({ channel: to.userId, ...payload });
}
