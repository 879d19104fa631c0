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

/** What a form field holds as it opens: its initial value, as Slack would show it in the box. */
function initialOf(el: Json, names: MentionNames): string | undefined {
  const optionText = (o: unknown) => textOf((o as Json | undefined)?.text, names);
  const people = (ids: unknown) =>
    (Array.isArray(ids) ? ids : [ids])
      .map((id) => `@${names.users?.get(String(id)) || String(id)}`)
      .join(', ');
  const channels = (ids: unknown) =>
    (Array.isArray(ids) ? ids : [ids])
      .map((id) => `#${names.channels?.get(String(id)) || String(id)}`)
      .join(', ');
  if (typeof el.initial_value === 'string' && el.initial_value !== '') return el.initial_value;
  if (el.initial_option) return optionText(el.initial_option);
  if (Array.isArray(el.initial_options) && el.initial_options.length > 0)
    return el.initial_options.map(optionText).join(', ');
  if (el.initial_user) return people(el.initial_user);
  if (Array.isArray(el.initial_users) && el.initial_users.length > 0) return people(el.initial_users);
  const channel = el.initial_channel ?? el.initial_conversation;
  if (channel) return channels(channel);
  const several = el.initial_channels ?? el.initial_conversations;
  if (Array.isArray(several) && several.length > 0) return channels(several);
  return undefined;
}

const TEXT_INPUTS = new Set([
  'plain_text_input',
  'number_input',
  'email_text_input',
  'url_text_input',
  'rich_text_input',
]);

function elementText(el: Json, names: MentionNames): string {
  switch (el.type) {
    case 'button':
      return `[${textOf(el.text, names)}]`;
    case 'overflow':
      return '[…]';
    case 'datepicker':
      return `[date: ${String(el.initial_date ?? 'pick')}]`;
    case 'timepicker':
      return `[time: ${String(el.initial_time ?? 'pick')}]`;
    case 'mrkdwn':
    case 'plain_text':
      return readable(String(el.text ?? ''), names);
    case 'image':
      return '';
  }
  if (el.type === 'checkboxes' || el.type === 'radio_buttons') {
    // Each choice with its mark, as the form shows them: [x] chosen, [ ] not; (•) and ( ) for one of many.
    const chosen = new Set(
      (Array.isArray(el.initial_options)
        ? el.initial_options
        : el.initial_option
          ? [el.initial_option]
          : []
      ).map((o) => (o as Json).value),
    );
    const [on, off] = el.type === 'checkboxes' ? ['[x]', '[ ]'] : ['(•)', '( )'];
    const options = Array.isArray(el.options) ? (el.options as Json[]) : [];
    return options.map((o) => `${chosen.has(o.value) ? on : off} ${textOf(o.text, names)}`).join('  ');
  }
  const initial = initialOf(el, names);
  const placeholder = el.placeholder ? textOf(el.placeholder, names) : '';
  // A box to type in shows what it holds, else its grey hint; a menu shows its choice and ▾. Without
  // a hint, what Slack would show: an empty box, a menu to choose from (never the element's type).
  if (TEXT_INPUTS.has(String(el.type)))
    return initial !== undefined ? `[${initial}]` : `[${placeholder ? `${placeholder} ` : ''}(empty)]`;
  if (initial !== undefined) return `[${initial} ▾]`;
  return `[${placeholder || 'choose'} ▾]`;
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
