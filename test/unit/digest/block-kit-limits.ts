/**
 * Checks a message against the Block Kit limits in shared/docs/slack-platform.md and returns every
 * breach it finds (an empty list when the message is within them).
 */
import type { types } from '@slack/bolt';

type Json = Record<string, unknown>;

function textOf(value: unknown): string | undefined {
  return value && typeof value === 'object' && typeof (value as Json).text === 'string'
    ? ((value as Json).text as string)
    : undefined;
}

export function blockKitBreaches(message: { text: string; blocks: types.KnownBlock[] }): string[] {
  const breaches: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) breaches.push(what);
  };
  check(
    message.text.length >= 1 && message.text.length <= 4000,
    `fallback text length ${message.text.length}`,
  );
  check(message.blocks.length <= 50, `${message.blocks.length} blocks`);
  const blockIds = new Set<string>();
  message.blocks.forEach((block, i) => {
    const b = block as unknown as Json;
    const id = b.block_id;
    if (typeof id === 'string') {
      check(id.length <= 255, `block ${i}: block_id length ${id.length}`);
      check(!blockIds.has(id), `block ${i}: duplicate block_id ${id}`);
      blockIds.add(id);
    }
    if (b.type === 'header') {
      const t = textOf(b.text) ?? '';
      check(t.length >= 1 && t.length <= 150, `block ${i}: header length ${t.length}`);
    }
    if (b.type === 'section') {
      const t = textOf(b.text) ?? '';
      check(t.length >= 1 && t.length <= 3000, `block ${i}: section text length ${t.length}`);
      const accessory = b.accessory as Json | undefined;
      if (accessory?.type === 'overflow') {
        const options = accessory.options as Json[];
        check(options.length >= 1 && options.length <= 5, `block ${i}: ${options.length} overflow options`);
        check(String(accessory.action_id).length <= 255, `block ${i}: action_id length`);
        for (const o of options) {
          check((textOf(o.text) ?? '').length <= 75, `block ${i}: option text too long`);
          check(String(o.value).length <= 75, `block ${i}: option value length ${String(o.value).length}`);
        }
      }
    }
    if (b.type === 'context') {
      const elements = b.elements as Json[];
      check(elements.length >= 1 && elements.length <= 10, `block ${i}: ${elements.length} context elements`);
      for (const e of elements) check((textOf(e) ?? '').length <= 3000, `block ${i}: context text too long`);
    }
  });
  return breaches;
}

/** Every mrkdwn or plain text in the message, fallback first. */
export function allTexts(message: { text: string; blocks: types.KnownBlock[] }): string[] {
  const texts = [message.text];
  for (const block of message.blocks) {
    const b = block as unknown as Json;
    const t = textOf(b.text);
    if (t !== undefined) texts.push(t);
    if (Array.isArray(b.elements)) for (const e of b.elements) texts.push(textOf(e) ?? '');
  }
  return texts;
}
