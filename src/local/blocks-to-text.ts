/**
 * Block Kit as plain terminal text, for `npm run chat`: what a person would read in Slack, with
 * buttons shown as [Label] and dates as their fallback text.
 */
type Json = Record<string, unknown>;

function textOf(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const t = (value as Json).text;
  return typeof t === 'string' ? readable(t) : '';
}

/** Slack markup → what Slack would display. */
export function readable(mrkdwn: string): string {
  return mrkdwn
    .replace(/<!date\^\d+\^[^|>]*\|([^>]*)>/g, '$1')
    .replace(/<@([UW][A-Z0-9]+)(?:\|([^>]+))?>/g, (_m, id: string, name?: string) => `@${name ?? id}`)
    .replace(/<#([CGD][A-Z0-9]+)(?:\|([^>]*))?>/g, (_m, id: string, name?: string) => `#${name || id}`)
    .replace(/<(https?:[^|>]+)\|([^>]+)>/g, '$2')
    .replace(/<(https?:[^>]+)>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function elementText(el: Json): string {
  switch (el.type) {
    case 'button':
      return `[${textOf(el.text)}]`;
    case 'overflow':
      return '[…]';
    case 'datepicker':
      return `[date: ${String(el.initial_date ?? 'pick')}]`;
    case 'mrkdwn':
    case 'plain_text':
      return readable(String(el.text ?? ''));
    case 'image':
      return '';
    default:
      return el.placeholder ? `[${textOf(el.placeholder)} ▾]` : `[${String(el.type)}]`;
  }
}

export function blocksToText(blocks: unknown[]): string {
  const lines: string[] = [];
  for (const raw of blocks) {
    const b = raw as Json;
    switch (b.type) {
      case 'header':
        lines.push(`== ${textOf(b.text)} ==`);
        break;
      case 'section': {
        const parts = [textOf(b.text), ...((b.fields as Json[] | undefined) ?? []).map(textOf)].filter(
          Boolean,
        );
        const accessory = b.accessory ? ` ${elementText(b.accessory as Json)}` : '';
        lines.push(`${parts.join('\n')}${accessory}`);
        break;
      }
      case 'context':
        lines.push(((b.elements as Json[]) ?? []).map(elementText).filter(Boolean).join('  '));
        break;
      case 'actions':
        lines.push(((b.elements as Json[]) ?? []).map(elementText).join(' '));
        break;
      case 'input':
        lines.push(`${textOf(b.label)}: ${elementText((b.element as Json) ?? {})}`);
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
export function messageToText(message: { text?: unknown; blocks?: unknown; title?: unknown }): string {
  const title = message.title ? `[${textOf(message.title)}]\n` : '';
  if (Array.isArray(message.blocks) && message.blocks.length > 0) return title + blocksToText(message.blocks);
  return title + readable(String(message.text ?? ''));
}
