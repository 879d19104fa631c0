/** The Block Kit the digest runner posts: its message and its pause notice, handed to it by the app. */
import type { DigestMessages } from '../../../digest/messages.ts';
import { digestMessage } from './compose.ts';
import { pausedNoticeMessage } from './paused-notice.ts';

export const digestMessages: DigestMessages = {
  digest: (model, now) => digestMessage(model, now),
  pausedNotice: pausedNoticeMessage,
};
