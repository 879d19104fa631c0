// Slack's mrkdwn as Slack displays it: *bold*, _italic_, ~strike~, `code`, ```blocks```, > quotes,
// :emoji:, <@user>, <#channel>, <!date^…> in the viewer's zone, <url|links>. Builds Preact nodes,
// never HTML strings, so nothing in a message can inject markup into the page.
import { html } from './html.js';
import { formatSlackDate } from './slack-dates.js';

const decode = (text) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const INLINE = [
  { kind: 'special', re: /<([^<>\n]+)>/ },
  { kind: 'code', re: /`([^`\n]+)`/ },
  { kind: 'bold', re: /(?<![\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])/ },
  { kind: 'italic', re: /(?<![\w_])_(?=\S)([^_\n]*?\S)_(?![\w_])/ },
  { kind: 'strike', re: /(?<![\w~])~(?=\S)([^~\n]*?\S)~(?![\w~])/ },
  { kind: 'emoji', re: /:([a-z0-9_+'-]+):/ },
];

export function emojiChar(name, ctx) {
  return ctx.emoji?.[name];
}

function userName(id, fallback, ctx) {
  const user = ctx.users?.find((each) => each.id === id);
  return user ? user.realName : (fallback ?? id);
}

export function Mention({ userId, fallback, ctx }) {
  const me = userId === ctx.viewer;
  return html`<span class=${`mention${me ? ' mention-me' : ''}`} data-user=${userId}>@${userName(userId, fallback, ctx)}</span>`;
}

function special(body, ctx, key) {
  const [target, label] = splitOnce(body, '|');
  if (target.startsWith('@'))
    return html`<${Mention} key=${key} userId=${target.slice(1)} fallback=${label} ctx=${ctx} />`;
  if (target.startsWith('#')) {
    const id = target.slice(1);
    const channel = ctx.channels?.find((each) => each.id === id);
    return html`<span key=${key} class="mention channel-mention">#${channel?.name ?? label ?? id}</span>`;
  }
  if (target.startsWith('!date^')) {
    const [, seconds, format, link] = target.split('^');
    const text = formatSlackDate(seconds, format ?? '', ctx.timeZone) ?? decode(label ?? '');
    return link
      ? html`<a key=${key} href=${link} target="_blank" rel="noreferrer">${text}</a>`
      : html`<time key=${key} class="slack-date" title=${decode(label ?? '')}>${text}</time>`;
  }
  if (target.startsWith('!subteam^'))
    return html`<span key=${key} class="mention">${decode(label ?? '@team')}</span>`;
  if (target.startsWith('!'))
    return html`<span key=${key} class="mention mention-me">@${target.slice(1)}</span>`;
  const url = decode(target);
  if (/^(https?:|mailto:)/.test(url)) {
    return html`<a key=${key} href=${url} target="_blank" rel="noreferrer">${label ? inline(label, ctx) : url}</a>`;
  }
  return decode(`<${body}>`);
}

function splitOnce(text, separator) {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** One line (or a fragment of one) of mrkdwn as nodes. */
export function inline(text, ctx) {
  const out = [];
  let rest = text;
  let key = 0;
  while (rest.length > 0) {
    let best;
    for (const rule of INLINE) {
      const match = rule.re.exec(rest);
      if (match && (best === undefined || match.index < best.match.index)) best = { rule, match };
    }
    if (!best) {
      out.push(decode(rest));
      break;
    }
    const { rule, match } = best;
    if (match.index > 0) out.push(decode(rest.slice(0, match.index)));
    const inner = match[1];
    key++;
    switch (rule.kind) {
      case 'special':
        out.push(special(inner, ctx, key));
        break;
      case 'code':
        out.push(html`<code key=${key}>${decode(inner)}</code>`);
        break;
      case 'bold':
        out.push(html`<b key=${key}>${inline(inner, ctx)}</b>`);
        break;
      case 'italic':
        out.push(html`<i key=${key}>${inline(inner, ctx)}</i>`);
        break;
      case 'strike':
        out.push(html`<s key=${key}>${inline(inner, ctx)}</s>`);
        break;
      case 'emoji': {
        const char = emojiChar(inner, ctx);
        out.push(char ? html`<span key=${key} class="emoji" title=${`:${inner}:`}>${char}</span>` : match[0]);
        break;
      }
    }
    rest = rest.slice(match.index + match[0].length);
  }
  return out;
}

function lines(text, ctx) {
  const out = [];
  const all = text.split('\n');
  for (let i = 0; i < all.length; i++) {
    const line = all[i];
    if (/^(&gt;|>)\s?/.test(line)) {
      const quoted = [];
      while (i < all.length && /^(&gt;|>)\s?/.test(all[i])) {
        quoted.push(all[i].replace(/^(&gt;|>)\s?/, ''));
        i++;
      }
      i--;
      out.push(
        html`<blockquote>${quoted.map((q, n) => html`${n > 0 ? html`<br />` : ''}${inline(q, ctx)}`)}</blockquote>`,
      );
      continue;
    }
    if (out.length > 0) out.push(html`<br />`);
    out.push(inline(line, ctx));
  }
  return out;
}

/** A mrkdwn string as Slack renders it. */
export function Mrkdwn({ text, ctx, className = '' }) {
  const pieces = String(text ?? '').split(/```([\s\S]*?)```/);
  return html`<div class=${`mrkdwn ${className}`}>
    ${pieces.map((piece, index) =>
      index % 2 === 1 ? html`<pre>${decode(piece.replace(/^\n/, ''))}</pre>` : lines(piece, ctx),
    )}
  </div>`;
}

/** A text object: mrkdwn rendered, plain_text shown as is (with its emoji). */
export function TextObject({ text, ctx, className = '' }) {
  if (!text) return null;
  if (text.type === 'mrkdwn') return html`<${Mrkdwn} text=${text.text} ctx=${ctx} className=${className} />`;
  return html`<span class=${`plain ${className}`}>${plainText(text, ctx)}</span>`;
}

/** plain_text with `emoji: true` turns :names: into emoji, as Slack does. */
export function plainText(text, ctx) {
  if (!text) return '';
  const raw = String(text.text ?? '');
  if (text.emoji === false) return raw;
  return raw.replace(/:([a-z0-9_+'-]+):/g, (whole, name) => emojiChar(name, ctx) ?? whole);
}
