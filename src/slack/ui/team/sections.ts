/**
 * Long lists of lines as section blocks: whole lines packed into sections of at most 3000
 * characters, at most `maxBlocks` blocks, and a closing "…and N more" when lines are left out,
 * so a list of any length renders within Block Kit's limits and says what is missing.
 */

import { truncate } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock } from '../block-types.ts';
import { contextLine, LIMITS, mrkdwn } from '../limits.ts';

interface LinesOptions {
  /** Blocks the lines may take, the "and N more" line included. */
  maxBlocks: number;
  /** Lines shown at most (default: as many as fit). */
  maxLines?: number;
  /** The closing line for `hidden` lines left out. Default: `…and N more`. */
  more?: (hidden: number) => string;
}

/** Lines longer than a section can hold are cut; callers keep lines short and markup-safe. */
const MAX_LINE = LIMITS.sectionText;

export function linesToSections(lines: readonly string[], options: LinesOptions): KnownBlock[] {
  const more = options.more ?? ((n: number) => `…and ${n} more`);
  const limit = Math.min(lines.length, options.maxLines ?? lines.length);
  const packed = pack(lines.slice(0, limit));
  const hiddenBeyondLimit = lines.length - limit;
  if (packed.blocks.length <= options.maxBlocks && hiddenBeyondLimit === 0) {
    return packed.blocks.map((text) => ({ type: 'section', text: mrkdwn(text) }));
  }
  // Keep whole sections that fit beside the closing line; count what is left out.
  const room = Math.max(0, options.maxBlocks - 1);
  const kept = packed.blocks.slice(0, room);
  const shownLines = packed.counts.slice(0, room).reduce((a, b) => a + b, 0);
  const hidden = lines.length - shownLines;
  const blocks: KnownBlock[] = kept.map((text) => ({ type: 'section', text: mrkdwn(text) }));
  if (hidden > 0) blocks.push(contextLine(more(hidden)));
  return blocks;
}

function pack(lines: readonly string[]): { blocks: string[]; counts: number[] } {
  const blocks: string[] = [];
  const counts: number[] = [];
  let current = '';
  let count = 0;
  for (const raw of lines) {
    const line = truncate(raw, MAX_LINE);
    if (current !== '' && current.length + 1 + line.length > MAX_LINE) {
      blocks.push(current);
      counts.push(count);
      current = '';
      count = 0;
    }
    current = current === '' ? line : `${current}\n${line}`;
    count += 1;
  }
  if (current !== '') {
    blocks.push(current);
    counts.push(count);
  }
  return { blocks, counts };
}
