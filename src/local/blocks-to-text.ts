/**
 * Block Kit as plain terminal text, for `npm run chat`: what a person would read in Slack, with
 * buttons shown as [Label] and dates as their fallback text.
 */
type Json = Record<string, unknown>;

/**
 * The names Slack would show for ids in mentions. Slack's client shows a person's or channel's
 * current name, looked up by id: a bare `<@U…>` or `<#C…>` carries none, and a `|label` may be old.
 * An id not known here is shown by its label, else as the id.
 */
export type MentionNames = {
  users?: ReadonlyMap<string, string>;
  channels?: ReadonlyMap<string, string>;
};

function textOf(value: unknown, names: MentionNames): string {
  if (!value || typeof value !== 'object') return '';
  const t = (value as Json).text;
  return typeof t === 'string' ? readable(t, names) : '';
}

/** Slack markup → what Slack would display. */
export function readable(mrkdwn: string, names: MentionNames = {}): string {
  return mrkdwn
    .replace(/<!date\^\d+\^[^|>]*\|([^>]*)>/g, '$1')
    .replace(
      /<@([UW][A-Z0-9]+)(?:\|([^>]+))?>/g,
      (_m, id: string, name?: string) => `@${names.users?.get(id) || name || id}`,
    )
    .replace(
      /<#([CGD][A-Z0-9]+)(?:\|([^>]*))?>/g,
      (_m, id: string, name?: string) => `#${names.channels?.get(id) || name || id}`,
    )
    .replace(/<(https?:[^|>]+)\|([^>]+)>/g, '$2')
    .replace(/<(https?:[^>]+)>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function elementText(el: Json, names: MentionNames): string {
  switch (el.type) {
    case 'button':
      return `[${textOf(el.text, names)}]`;
    case 'overflow':
      return '[…]';
    case 'datepicker':
      return `[date: ${String(el.initial_date ?? 'pick')}]`;
    case 'mrkdwn':
    case 'plain_text':
      return readable(String(el.text ?? ''), names);
    case 'image':
      return '';
    default:
      return el.placeholder ? `[${textOf(el.placeholder, names)} ▾]` : `[${String(el.type)}]`;
  }
}

function blocksToText(blocks: unknown[], names: MentionNames = {}): string {
  const lines: string[] = [];
  for (const raw of blocks) {
    const b = raw as Json;
    switch (b.type) {
      case 'header':
        lines.push(`== ${textOf(b.text, names)} ==`);
        break;
      case 'section': {
        const fields = ((b.fields as Json[] | undefined) ?? []).map((f) => textOf(f, names));
        const parts = [textOf(b.text, names), ...fields].filter(Boolean);
        const accessory = b.accessory ? ` ${elementText(b.accessory as Json, names)}` : '';
        lines.push(`${parts.join('\n')}${accessory}`);
        break;
      }
      case 'context':
        lines.push(
          ((b.elements as Json[]) ?? [])
            .map((e) => elementText(e, names))
            .filter(Boolean)
            .join('  '),
        );
        break;
      case 'actions':
        lines.push(((b.elements as Json[]) ?? []).map((e) => elementText(e, names)).join(' '));
        break;
      case 'input':
        lines.push(`${textOf(b.label, names)}: ${elementText((b.element as Json) ?? {}, names)}`);
        break;
      case 'divider':
        lines.push('────────');
        break;
      default:
        break;
    }
  }
  return lines.join('\n');
}

/** A message or view as text: its blocks when it has them, else its text. */
export function messageToText(
  message: { text?: unknown; blocks?: unknown; title?: unknown },
  names: MentionNames = {},
): string {
  const title = message.title ? `[${textOf(message.title, names)}]\n` : '';
  if (Array.isArray(message.blocks) && message.blocks.length > 0)
    return title + blocksToText(message.blocks, names);
  return title + readable(String(message.text ?? ''), names);
}
