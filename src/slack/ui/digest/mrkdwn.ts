/**
 * The digest's own pieces of Slack mrkdwn: its links and mentions. Escaping, cutting and the pieces
 * of a `<…|…>` token are the shared ones in slack-platform/mrkdwn.ts.
 * https://docs.slack.dev/messaging/formatting-message-text
 */
import { linkTarget, tokenLabel } from '../../../slack-platform/mrkdwn.ts';

export { escapeMrkdwn as escapeText } from '../../../slack-platform/mrkdwn.ts';

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
