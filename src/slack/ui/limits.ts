/**
 * Block Kit's limits as the renderers use them, and builders that clamp to them, so no renderer can
 * produce a payload Slack rejects whatever the data (a 3000-character title, 100 tasks, 50 assignees).
 * https://api.slack.com/reference/block-kit/blocks
 */
import { BLOCK_KIT_LIMITS } from '../../slack-platform/block-kit-limits.ts';
import { truncate } from '../../slack-platform/mrkdwn.ts';
import type {
  ContextBlock,
  KnownBlock,
  MrkdwnElement,
  PlainTextElement,
  PlainTextOption,
} from './block-types.ts';

/**
 * Slack's numbers, from the one table that describes Slack (the emulator refuses payloads past
 * them), with the names some renderers know them by.
 */
export const LIMITS = {
  ...BLOCK_KIT_LIMITS,
  fieldText: BLOCK_KIT_LIMITS.sectionFieldText,
  modalTitle: BLOCK_KIT_LIMITS.viewTitle,
  /** A modal's submit and close buttons. */
  modalButton: Math.min(BLOCK_KIT_LIMITS.viewSubmit, BLOCK_KIT_LIMITS.viewClose),
} as const;

/** A plain_text object, never empty (Slack rejects ""), cut to `max`. */
export function plainText(text: string, max: number): PlainTextElement {
  return { type: 'plain_text', text: truncate(text.trim() === '' ? ' ' : text, max), emoji: true };
}

/**
 * A mrkdwn object, never empty, cut to `max`. Cut only text whose markup can be cut safely; build
 * long lists with `joinWithin` so no `<…>` token is split.
 */
export function mrkdwn(text: string, max: number = LIMITS.sectionText): MrkdwnElement {
  return { type: 'mrkdwn', text: truncate(text.trim() === '' ? ' ' : text, max) };
}

/** A static select option with text and value cut to their limits. */
export function option(text: string, value: string): PlainTextOption {
  return { text: plainText(text, LIMITS.optionText), value: value.slice(0, LIMITS.optionValue) };
}

/**
 * Joins whole items with `separator` up to `max` characters, then says how many were left out
 * (`more(n)`), so a mention or link is never cut in half.
 */
export function joinWithin(
  items: readonly string[],
  separator: string,
  max: number,
  more: (hidden: number) => string = (n) => `and ${n} more`,
): string {
  let text = '';
  for (let i = 0; i < items.length; i += 1) {
    const candidate = i === 0 ? items[0]! : `${text}${separator}${items[i]!}`;
    const tail = i + 1 < items.length ? `${separator}${more(items.length - i - 1)}` : '';
    if (candidate.length + tail.length > max) {
      const suffix = more(items.length - i);
      return i === 0 ? truncate(suffix, max) : `${text}${separator}${suffix}`;
    }
    text = candidate;
  }
  return text;
}

/** A one-line context block. */
export function contextLine(text: string): ContextBlock {
  return { type: 'context', elements: [mrkdwn(text, LIMITS.contextText)] };
}

/**
 * Keeps at most `max` blocks: when there are more, the last kept slot goes to `moreBlock` (e.g.
 * "and 12 more", told how many blocks were left out and which), so the cap is never exceeded and
 * the reader knows something is missing.
 */
export function capBlocks(
  blocks: readonly KnownBlock[],
  max: number,
  moreBlock: (hidden: number, hiddenBlocks: readonly KnownBlock[]) => KnownBlock = (hidden) =>
    contextLine(`…and ${hidden} more`),
): KnownBlock[] {
  if (blocks.length <= max) return [...blocks];
  const kept = blocks.slice(0, Math.max(0, max - 1));
  const hidden = blocks.slice(kept.length);
  return [...kept, moreBlock(hidden.length, hidden)];
}
