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
  /** A plain `#Name` (or `#"Two Words"`, `quoted`): a project name. */
  | { kind: 'project'; name: string; text: string; quoted?: boolean }
  /** Other markup (`<https://…>`, `<!here>`): kept as readable text. */
  | { kind: 'markup'; text: string };

type TokenizeResult = { ok: true; tokens: Token[] } | { ok: false; message: string };

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

interface TokenizeOptions {
  /**
   * The projects' names, when known: `#Mobile App` then reads as the project "Mobile App" (the
   * longest name that the words after `#` spell), not as `#Mobile` and the word "App".
   */
  projectNames?: readonly string[] | undefined;
}

/** A name as compared: case, runs of spaces, `-` and `_` do not matter. */
export function normaliseName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

/** The longest project name spelt by a `#Word` and the plain words after it, merged into one token. */
function joinProjectNames(tokens: Token[], names: readonly string[]): Token[] {
  const known = new Set(names.map(normaliseName));
  const longest = Math.max(0, ...names.map((n) => n.trim().split(/\s+/).length));
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    out.push(token);
    // A quoted `#"Two Words"` is whole already; only a bare `#Word` may go on, to the longest name.
    if (token.kind !== 'project' || token.quoted) continue;
    const words = [token.text.slice(1)];
    let best = 0;
    for (let k = 1; k < longest && i + k < tokens.length; k += 1) {
      const next = tokens[i + k]!;
      if (next.kind !== 'word') break;
      words.push(next.text);
      const spelt = words.join(' ').replace(TRAILING_PUNCTUATION, '');
      if (known.has(normaliseName(spelt))) best = k;
    }
    if (best === 0) continue;
    const name = words
      .slice(0, best + 1)
      .join(' ')
      .replace(TRAILING_PUNCTUATION, '');
    out[out.length - 1] = { kind: 'project', name, text: `#${words.slice(0, best + 1).join(' ')}` };
    i += best;
  }
  return out;
}

/** Tokenizes command text; fails only on an unclosed quote, naming it. */
export function tokenize(input: string, options: TokenizeOptions = {}): TokenizeResult {
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
      else if (sigil === '#' && name) tokens.push({ kind: 'project', name, text: `#${name}`, quoted: true });
      else tokens.push({ kind: 'quoted', text: sigil + text });
      i = close + 1;
      continue;
    }
    let end = i;
    while (end < input.length && !isSpace(input[end] ?? '')) end += 1;
    tokens.push(wordToken(input.slice(i, end)));
    i = end;
  }
  const names = options.projectNames ?? [];
  return { ok: true, tokens: names.length > 0 ? joinProjectNames(tokens, names) : tokens };
}

function excerpt(text: string, at: number): string {
  const piece = text.slice(at, at + 20);
  return at + 20 < text.length ? `${piece}…` : piece;
}
