/**
 * The Slack calls the notifications make, as the shapes they use: the app hands in a client per
 * workspace that makes them (its Web API client, adapted). A failed call throws Slack's own error,
 * which the post queue reads (`lib/slack-failure.ts`).
 */
import type { NotifyMessage } from './messages.ts';

interface ChatPost extends NotifyMessage {
  /** A channel id, or a user id for a direct message. */
  channel: string;
  thread_ts?: string;
  reply_broadcast?: boolean;
  unfurl_links?: boolean;
}

interface ChatUpdate extends NotifyMessage {
  channel: string;
  ts: string;
}

export interface NotifyChatClient {
  chat: {
    /** Answers where the message went (`channel`, `ts`). */
    postMessage(post: ChatPost): Promise<{ channel?: string | undefined; ts?: string | undefined }>;
    update(update: ChatUpdate): Promise<unknown>;
  };
}
