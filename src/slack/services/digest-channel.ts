/**
 * Whether the app can post a digest where `/task digest` was typed: a channel it is a member of
 * (not archived), or its own direct messages with the person. Checked before the form opens, so
 * nobody fills in a form for a channel that would only pause the digest at its first firing.
 */
import type { WebClient } from '@slack/web-api';
import { slackErrorCode } from '../../slack-platform/slack-error-code.ts';

type PostableReason = 'not_in_channel' | 'archived' | 'unknown';
type Postable = { ok: true } | { ok: false; reason: PostableReason };

export async function checkPostable(client: WebClient, channelId: string): Promise<Postable> {
  let channel: { is_im?: boolean; is_member?: boolean; is_archived?: boolean } | undefined;
  try {
    channel = (await client.conversations.info({ channel: channelId })).channel;
  } catch (error) {
    if (slackErrorCode(error) !== 'channel_not_found') throw error;
    // A private channel the app is not in is invisible to it; a DM between people is too.
    return { ok: false, reason: channelId.startsWith('D') ? 'unknown' : 'not_in_channel' };
  }
  if (!channel) return { ok: false, reason: 'unknown' };
  if (channel.is_archived) return { ok: false, reason: 'archived' };
  if (channel.is_im || channel.is_member) return { ok: true };
  return { ok: false, reason: 'not_in_channel' };
}
