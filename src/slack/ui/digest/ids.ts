/**
 * The Slack identifiers the digest message carries, shared by the renderer and the Slack-side
 * router so the two can never drift apart.
 */

/** The overflow menu on each task row (Done, Snooze +1 day, Snooze to next Monday). */
export const DIGEST_TASK_MENU_ACTION_ID = 'digest_task_menu';

/** Prefix of every block_id in a digest message. */
export const DIGEST_BLOCK_ID_PREFIX = 'digest';

/** What an option of the task menu asks for. */
export const DIGEST_TASK_ACTIONS = ['done', 'snooze_1d', 'snooze_next_monday'] as const;
export type DigestTaskAction = (typeof DIGEST_TASK_ACTIONS)[number];
