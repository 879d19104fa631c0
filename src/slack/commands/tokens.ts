/**
 * Splits `/task` text into tokens. With `should_escape: true` Slack sends people and channels as
 * `<@U…|name>` and `<#C…|name>` and escapes `& < >`; text typed elsewhere (tests, `npm run chat`)
 * has the plain `@name` and `#Name` forms, so both are read.
 * https://api.slack.com/interactivity/slash-commands#creating_commands (escaping)
 */
import { slackMarkupToText, unescapeMrkdwn } from '../../slack-platform/mrkdwn.ts';

export type Token =
  /** A plain word, unescaped. */
  | { kind: 'word'; text: string }
  /** Text in quotes: kept literally (no `@`, `#`, `!` or `due` meaning inside). */
  | { kind: 'quoted'; text: string }
  /** A Slack user reference `<@U…|name>`. */
  | { kind: 'user'; userId: string; name: string | null; text: string }
  /** A plain `@name` (or `@"Two Words"`): a name to look up. */
  | { kind: 'person'; name: string; text: string }
  /** A Slack channel reference `<#C…|name>`. */
  | { kind: 'channel'; channelId: string; name: string | null; text: string }
  /** A plain `#Name` (or `#"Two Words"`): a project name. */
  | { kind: 'project'; name: string; text: string }
  /** Other markup (`<https://…>`, `<!here>`): kept as readable text. */
  | { kind: 'markup'; text: string };

export type TokenizeResult = { ok: true; tokens: Token[] } | { ok: false; message: string };

const OPEN_QUOTES: Readonly<Record<string, readonly string[]>> = {
  '"': ['"', '”', '“'],
  '“': ['”', '"'],
  '”': ['”', '"'],
};

// Words end before these when they trail a name: "@ana," is ana, "#Website." is Website.
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

function isSpace(c: string): boolean {
  return /\s/.test(c);
}

/** The index of the quote that closes one opened at `start`, or -1. */
function closingQuote(text: string, start: number): number {
  const closers = OPEN_QUOTES[text[start] ?? ''] ?? [];
  for (let i = start + 1; i < text.length; i += 1) {
    if (closers.includes(text[i] ?? '')) return i;
  }
  return -1;
}

function angleToken(inner: string): Token {
  const bar = inner.indexOf('|');
  const target = bar === -1 ? inner : inner.slice(0, bar);
  const label = bar === -1 ? null : unescapeMrkdwn(inner.slice(bar + 1)) || null;
  const text = slackMarkupToText(`<${inner}>`, { stripFormatting: false });
  if (/^@[UW][A-Z0-9]+$/.test(target)) return { kind: 'user', userId: target.slice(1), name: label, text };
  if (/^#C[A-Z0-9]+$/.test(target) || /^#G[A-Z0-9]+$/.test(target)) {
    return { kind: 'channel', channelId: target.slice(1), name: label, text };
  }
  return { kind: 'markup', text };
}

/** A plain word, classified by its first character. */
function wordToken(raw: string): Token {
  const text = unescapeMrkdwn(raw);
  const sigil = text[0];
  if (sigil === '@' || sigil === '#') {
    const name = text.slice(1).replace(TRAILING_PUNCTUATION, '');
    if (name !== '') return sigil === '@' ? { kind: 'person', name, text } : { kind: 'project', name, text };
  }
  return { kind: 'word', text };
}

/** Tokenizes command text; fails only on an unclosed quote, naming it. */
export function tokenize(input: string): TokenizeResult {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i] ?? '';
    if (isSpace(c)) {
      i += 1;
      continue;
    }
    if (c === '<') {
      const end = input.indexOf('>', i + 1);
      const inner = end === -1 ? '' : input.slice(i + 1, end);
      if (end !== -1 && !inner.includes('<') && !inner.includes('\n')) {
        tokens.push(angleToken(inner));
        i = end + 1;
        continue;
      }
    }
    // A quote opens a literal title part; `@"…"` and `#"…"` quote a name with spaces.
    const sigil = c === '@' || c === '#' ? c : '';
    const quoteAt = i + sigil.length;
    if (OPEN_QUOTES[input[quoteAt] ?? ''] !== undefined) {
      const close = closingQuote(input, quoteAt);
      if (close === -1) {
        return {
          ok: false,
          message: `The quote at “${excerpt(input, quoteAt)}” is never closed: add a closing ${'"'}.`,
        };
      }
      const text = slackMarkupToText(input.slice(quoteAt + 1, close), { stripFormatting: false });
      const name = text.trim();
      if (sigil === '@' && name) tokens.push({ kind: 'person', name, text: `@${name}` });
      else if (sigil === '#' && name) tokens.push({ kind: 'project', name, text: `#${name}` });
      else tokens.push({ kind: 'quoted', text: sigil + text });
      i = close + 1;
      continue;
    }
    let end = i;
    while (end < input.length && !isSpace(input[end] ?? '')) end += 1;
    tokens.push(wordToken(input.slice(i, end)));
    i = end;
  }
  return { ok: true, tokens };
}

function excerpt(text: string, at: number): string {
  const piece = text.slice(at, at + 20);
  return at + 20 < text.length ? `${piece}…` : piece;
}
