/**
 * What the runner posts, as a port: the models it hands over and the messages it gets back. The
 * Block Kit itself is built with the rest of the Slack UI (src/slack/ui/digest/), which the app
 * passes to the runner as `messages`; the runner selects, schedules and sends.
 */
import type { types } from '@slack/bolt';
import type { DigestSelection, DigestTask } from './select.ts';
import type { DigestFiring, DigestSubscription } from './types.ts';

export interface DigestMessageModel<T extends DigestTask = DigestTask> {
  /** Its id goes into every menu value; its zone formats fallback dates. */
  subscription: Pick<
    DigestSubscription,
    'id' | 'timeZone' | 'sections' | 'filters' | 'postWhenEmpty' | 'time' | 'days'
  >;
  /** The local date in the header; a late firing adds a line saying when it was due. */
  firing: Pick<DigestFiring, 'localDate' | 'scheduledAt' | 'late'>;
  /** What `selectTasks` chose, re-selected for each edit in place. */
  selection: DigestSelection<T>;
  /** Service member id → Slack user id, for members linked to Slack: they are mentioned. */
  slackUserIds: ReadonlyMap<number, string>;
  /** Where a task's title links to. */
  taskUrl: (task: T) => string | undefined;
  /** Where "and N more" links to: the full list in the service. */
  moreUrl: string | undefined;
  /**
   * When its lists were read, if ahead of the firing (the oldest of its projects'). A digest read
   * more than `STALE_LIST_MS` before it is composed says when, in its footer, rather than "now".
   */
  listedAt?: Date | undefined;
  /** Set for "Send a preview now": the message says it is a preview and when the real one posts. */
  preview?: DigestMessagePreview | undefined;
}

/** A digest whose lists are older than this says how old (a read-ahead's lead can reach an hour). */
export const STALE_LIST_MS = 15 * 60_000;

export interface DigestMessagePreview {
  /** The Slack user who asked for it. */
  by?: string | undefined;
}

export interface PausedNoticeModel {
  /** The conversation the digests were posted to. */
  channelId: string;
  /** How many digests there were paused. */
  count: number;
  /** Slack's error code, e.g. `not_in_channel`. */
  code: string;
}

export interface DigestMessage {
  /** Notification and screen-reader text. */
  text: string;
  blocks: types.KnownBlock[];
}

export interface DigestMessages {
  /** A firing's message (its first post, a preview, every edit), or null when it stays silent. */
  digest(model: DigestMessageModel, now: Date): DigestMessage | null;
  /** The direct message to whoever set up a channel's digests when the channel can no longer be posted to. */
  pausedNotice(model: PausedNoticeModel): DigestMessage;
}
