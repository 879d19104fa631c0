/**
 * Slack's text markup, both ways: escaping what people typed before it goes into mrkdwn, and turning
 * Slack's markup back into readable text (a message made into a task title or description).
 * https://api.slack.com/reference/surfaces/formatting
 */

/** Escapes the three characters Slack reserves (`&`, `<`, `>`), so user text can't form links or mentions. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** Reverses Slack's escaping in one pass, so `&amp;lt;` stays the literal text `&lt;`. */
export function unescapeMrkdwn(text: string): string {
  return text.replace(/&(amp|lt|gt);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : '>',
  );
}

/** The one cut for text with a length limit; it lives in lib so the client and the parser use it too. */
export { truncate } from '../lib/truncate.ts';

/**
 * Escapes `text` and keeps the result within `max` characters, cutting the raw text (with `…`) so
 * that no `&amp;` is split: for plain text whose escaped length can't be known in advance.
 */
export function escapeWithin(text: string, max: number): string {
  const escaped = escapeMrkdwn(text);
  if (escaped.length <= max) return escaped;
  let out = '';
  for (const ch of text) {
    const piece = escapeMrkdwn(ch);
    if (out.length + piece.length > max - 1) break;
    out += piece;
  }
  return max > 0 ? `${out.trimEnd()}…` : '';
}

const SAFE_URL = /^(?:https?:\/\/|mailto:)[^\s]+$/i;

/** Whether a URL may go into a link: http(s) or mailto, no spaces. */
function isLinkableUrl(url: string): boolean {
  return SAFE_URL.test(url);
}

/**
 * Plain text made safe as the label of a `<…|label>` token: escaped, and a further `|` (not reliably
 * part of the label) shown as a broken bar `¦`.
 */
export function tokenLabel(text: string): string {
  return escapeMrkdwn(text).replace(/\|/g, '¦');
}

/** A URL made safe inside `<url|label>`: `<`, `>` and `|` would end it early, `&` is an entity in Slack text. */
export function linkTarget(url: string): string {
  return url.replace(/[<>|]/g, encodeURIComponent).replace(/&/g, '&amp;');
}

/**
 * A mrkdwn link `<url|label>` with the label escaped. A URL that isn't http(s)/mailto gives the
 * label alone: nothing a service returns can become a `javascript:` link.
 */
export function slackLink(url: string | null | undefined, label: string): string {
  const text = tokenLabel(label);
  if (!url || !isLinkableUrl(url) || url.length > 3000) return text;
  return `<${linkTarget(url)}|${text}>`;
}

/** Names for ids found in markup: Slack user id → display name, channel id → channel name. */
export interface MarkupNames {
  users?: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
  channels?: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
}

/** Options of `slackMarkupToText`. */
interface MarkupToTextOptions extends MarkupNames {
  /** Remove `*bold*`, `_italic_` and `~strike~` markers where Slack treats them as markers. Default: true. */
  stripFormatting?: boolean;
}

function lookup(names: MarkupNames[keyof MarkupNames], id: string): string | undefined {
  if (!names) return undefined;
  if (names instanceof Map) return names.get(id);
  return Object.hasOwn(names, id) ? (names as Record<string, string>)[id] : undefined;
}

/** One `<…>` token as readable text. `inner` is still escaped. */
function angleToText(inner: string, options: MarkupNames): string {
  const bar = inner.indexOf('|');
  const target = bar === -1 ? inner : inner.slice(0, bar);
  const label = bar === -1 ? '' : unescapeMrkdwn(inner.slice(bar + 1));
  if (target.startsWith('@')) {
    const id = target.slice(1);
    return `@${lookup(options.users, id) ?? (label || id)}`;
  }
  if (target.startsWith('#')) {
    const id = target.slice(1);
    return `#${lookup(options.channels, id) ?? (label || id)}`;
  }
  if (target.startsWith('!')) {
    const [kind = '', id = ''] = target.slice(1).split('^');
    if (kind === 'here' || kind === 'channel' || kind === 'everyone') return `@${kind}`;
    if (kind === 'subteam') return label ? (label.startsWith('@') ? label : `@${label}`) : `@${id}`;
    return label || kind;
  }
  // A mailto link reads as the address; a link labelled with its own URL reads as the URL once.
  const url = unescapeMrkdwn(target).replace(/^mailto:/i, '');
  const withoutScheme = url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
  if (!label || label === url || label === withoutScheme) return url;
  return `${label} (${url})`;
}

// Private-use characters mark protected spans while formatting is stripped; input's own are removed.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

const BOUNDARY_BEFORE = `\\s(\\[{"'“‘.,;:!?*_~-`;
const BOUNDARY_AFTER = `\\s)\\]}"'”’.,;:!?*_~-`;

function stripMarker(text: string, marker: '*' | '_' | '~'): string {
  const m = `\\${marker}`;
  // A marker pair opens after a boundary, hugs non-space text on one line, and closes before one.
  const pattern = new RegExp(
    `(^|[${BOUNDARY_BEFORE}])${m}([^\\s${m}](?:[^\\n${m}]*[^\\s${m}])?)${m}(?=$|[${BOUNDARY_AFTER}])`,
    'gm',
  );
  let previous: string;
  let current = text;
  do {
    previous = current;
    current = current.replace(pattern, '$1$2');
  } while (current !== previous);
  return current;
}

/**
 * Slack markup as readable text: `<@U1|ana>` → `@ana` (or the name in `users`), `<#C1|general>` →
 * `#general`, `<!here>` → `@here`, `<https://x|label>` → `label (https://x)`, `<https://x>` →
 * `https://x`, `&amp; &lt; &gt;` unescaped, and (by default) `*bold*`, `_italic_`, `~strike~`
 * markers removed where they are markers (`snake_case` and `2*3*4` are left alone). Code spans
 * are kept as they are.
 */
export function slackMarkupToText(text: string, options: MarkupToTextOptions = {}): string {
  const protectedSpans: string[] = [];
  const protect = (span: string): string => {
    protectedSpans.push(span);
    return `${OPEN}${protectedSpans.length - 1}${CLOSE}`;
  };
  let work = text.replace(/[\uE000\uE001]/g, '');
  work = work.replace(/```[\s\S]*?```|`[^`\n]+`/g, (code) => protect(unescapeMrkdwn(code)));
  work = work.replace(/<([^<>\n]*)>/g, (_, inner: string) => protect(angleToText(inner, options)));
  work = unescapeMrkdwn(work);
  if (options.stripFormatting ?? true) {
    for (const marker of ['*', '_', '~'] as const) work = stripMarker(work, marker);
  }
  return work.replace(PLACEHOLDER, (_, index: string) => protectedSpans[Number(index)] ?? '');
}
