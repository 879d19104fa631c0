/**
 * The direct message to the person who set up a channel's digests when the bot can no longer post
 * there. Pure: the runner sends it once per pause (the notice is claimed in the store).
 */
import type { DigestMessage, PausedNoticeModel } from '../../../digest/messages.ts';
import { escapeText } from './mrkdwn.ts';

function why(code: string): string {
  if (code === 'is_archived') return 'the channel was archived';
  if (code === 'channel_not_found') return 'the channel is gone or the app can no longer see it';
  if (code === 'not_in_channel') return 'the app was removed from the channel';
  return `Slack refused the post (${escapeText(code)})`;
}

export function pausedNoticeMessage(model: PausedNoticeModel): DigestMessage {
  const what = model.count === 1 ? 'The scheduled digest' : `The ${model.count} scheduled digests`;
  const text =
    `${what} you set up in <#${model.channelId}> ${model.count === 1 ? 'is' : 'are'} paused: ${why(model.code)}. ` +
    'Add the app to the channel again, then resume them from `/task digest show` there.';
  return {
    text,
    blocks: [{ type: 'section', block_id: 'digest:paused-notice', text: { type: 'mrkdwn', text } }],
  };
}
