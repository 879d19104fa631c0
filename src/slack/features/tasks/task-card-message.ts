/**
 * A task card inside a message that may hold more than the card (the "created from this message"
 * line above it): swapping just the card's blocks for new ones, and reading back the title a card
 * showed (for the tombstone of a task that is gone).
 */
import { unescapeMrkdwn } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock } from '../../ui/block-types.ts';
import { capBlocks, LIMITS } from '../../ui/limits.ts';
import { isTaskCardBlock } from '../../ui/values.ts';

/**
 * The message's blocks with the card of `taskId` replaced by `card`: everything before and after
 * the card stays. A message without that card becomes the card alone.
 */
export function replaceCardBlocks(
  blocks: readonly unknown[] | undefined,
  taskId: number,
  card: readonly KnownBlock[],
): KnownBlock[] {
  const list = (blocks ?? []) as KnownBlock[];
  const idOf = (b: KnownBlock) => (b as { block_id?: string }).block_id;
  const first = list.findIndex((b) => isTaskCardBlock(idOf(b), taskId));
  if (first < 0) return [...card];
  let last = first;
  for (let i = first; i < list.length; i += 1) if (isTaskCardBlock(idOf(list[i]!), taskId)) last = i;
  return capBlocks([...list.slice(0, first), ...card, ...list.slice(last + 1)], LIMITS.messageBlocks);
}

/** The title a card's fallback text (`Task #12: Title · status …`) carries, or null. */
export function cardTitleFromText(text: string | undefined, taskId: number): string | null {
  const prefix = `Task #${taskId}: `;
  const at = text?.indexOf(prefix) ?? -1;
  if (!text || at < 0) return null;
  const rest = text.slice(at + prefix.length);
  const end = rest.indexOf(' · ');
  const title = unescapeMrkdwn(end < 0 ? rest : rest.slice(0, end)).trim();
  return title === '' ? null : title;
}

/** Who shared the card of `taskId` into the channel, as its footer says, so a redrawn card keeps it. */
export function sharedByInCard(blocks: readonly unknown[] | undefined, taskId: number): string | null {
  for (const block of (blocks ?? []) as Array<{ block_id?: string; elements?: Array<{ text?: string }> }>) {
    if (!block.block_id?.endsWith(':footer') || !isTaskCardBlock(block.block_id, taskId)) continue;
    const said = block.elements?.map((e) => e.text ?? '').join(' ') ?? '';
    return /shared by <@([UW][A-Z0-9]{2,31})>/.exec(said)?.[1] ?? null;
  }
  return null;
}
