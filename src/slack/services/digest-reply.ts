/**
 * Telling one person how a digest form or button went: a view submission has no response_url, so
 * the answer goes to the channel the digest is for, seen only by them, or by direct message when
 * that is not possible (a personal digest, or a channel the app has just left).
 */
import type { WebClient } from '@slack/web-api';
import type { RenderedMessage } from '../ui/block-types.ts';

export async function tellAboutDigest(
  client: WebClient,
  to: { userId: string; channelId: string | null },
  message: RenderedMessage,
): Promise<void> {
  const payload = { text: message.text, blocks: message.blocks };
  if (to.channelId && /^[CG]/.test(to.channelId)) {
    try {
      await client.chat.postEphemeral({ channel: to.channelId, user: to.userId, ...payload });
      return;
    } catch {
      // Not in that channel any more: a direct message still reaches them.
    }
  }
  await client.chat.postMessage({ channel: to.userId, ...payload });
}
