/**
 * Safe pieces of Slack mrkdwn: user text escaped, links and date tokens that user text cannot
 * break out of, and length cuts that never split a character.
 * https://docs.slack.dev/messaging/formatting-message-text
 */

/** Escapes the three characters Slack reads as control characters in message text. */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Cuts to at most `max` characters (code points, so no surrogate pair is split), ending with "…" when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/** A URL made safe inside `<url|label>`: `|` and `>` would end it early, `&` is an entity in Slack text. */
function linkTarget(url: string): string {
  return url.replace(/&/g, '&amp;').replace(/</g, '%3C').replace(/>/g, '%3E').replace(/\|/g, '%7C');
}

/**
 * Inside `<…|…>` a further `|` is not reliably part of the label, so user text shows a broken bar
 * there instead.
 */
function tokenLabel(text: string): string {
  return escapeText(text).replace(/\|/g, '¦');
}

/** A link; `label` is plain text and is escaped here. */
/** A link, or the label alone when there is nowhere to link to (no web address configured). */
export function link(url: string | undefined, label: string): string {
  if (!url) return tokenLabel(label);
  return `<${linkTarget(url)}|${tokenLabel(label)}>`;
}

/** A Slack user mention, or null when the id is not a user id (so nothing odd is injected). */
export function mention(slackUserId: string | undefined): string | null {
  return slackUserId && /^[UW][A-Z0-9]{2,31}$/.test(slackUserId) ? `<@${slackUserId}>` : null;
}

/**
 * A date each reader sees in their own zone; `fallback` (plain text) is shown where Slack cannot
 * render the token. https://docs.slack.dev/messaging/formatting-message-text#date-formatting
 */
export function slackDate(instant: Date, format: string, fallback: string): string {
  const unix = Math.floor(instant.getTime() / 1000);
  return `<!date^${unix}^${format}|${tokenLabel(fallback)}>`;
}
