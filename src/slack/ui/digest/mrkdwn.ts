/**
 * The digest's own pieces of Slack mrkdwn: its links, mentions, and cuts that count characters as
 * readers do. Escaping and the pieces of a `<…|…>` token are the shared ones in slack-platform/mrkdwn.ts.
 * https://docs.slack.dev/messaging/formatting-message-text
 */
import { linkTarget, tokenLabel } from '../../../slack-platform/mrkdwn.ts';

export { escapeMrkdwn as escapeText } from '../../../slack-platform/mrkdwn.ts';

/**
 * Cuts to at most `max` characters (code points, so no surrogate pair is split), ending with "…"
 * when cut. Titles and names are cut by the characters a reader sees, so a title in emoji keeps as
 * many as one in letters; the shared `truncate` counts UTF-16 units, as Slack's length limits do.
 */
export function truncateChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/**
 * A link, or the label alone when there is nowhere to link to (no web address configured). Unlike
 * the shared `slackLink`, it does not drop a link whose address is long or not http(s): digest
 * addresses come from WORK_TASK_URL_PATTERN, which the config only accepts as http(s), and a row
 * that an overlong address pushes past Slack's section limit is redone by `compose` as the bold title.
 */
export function link(url: string | undefined, label: string): string {
  return url ? `<${linkTarget(url)}|${tokenLabel(label)}>` : tokenLabel(label);
}

/** A Slack user mention, or null when the id is not a user id (so nothing odd is injected). */
export function mention(slackUserId: string | undefined): string | null {
  return slackUserId && /^[UW][A-Z0-9]{2,31}$/.test(slackUserId) ? `<@${slackUserId}>` : null;
}
