/**
 * Slack's emoji names (iamcal's set, which Slack uses) → characters, from emojibase-data, built once
 * and served to the page as one small JSON object so `:white_check_mark:` renders as Slack shows it.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface CompactEmoji {
  hexcode: string;
  unicode: string;
  skins?: CompactEmoji[];
}

let table: Record<string, string> | undefined;

export function emojiTable(): Record<string, string> {
  if (table) return table;
  const compact = require('emojibase-data/en/compact.json') as CompactEmoji[];
  const names = require('emojibase-data/en/shortcodes/iamcal.json') as Record<string, string | string[]>;
  const byHex = new Map<string, string>();
  for (const emoji of compact) {
    byHex.set(emoji.hexcode, emoji.unicode);
    for (const skin of emoji.skins ?? []) byHex.set(skin.hexcode, skin.unicode);
  }
  const built: Record<string, string> = {};
  for (const [hex, name] of Object.entries(names)) {
    const unicode = byHex.get(hex);
    if (!unicode) continue;
    for (const each of Array.isArray(name) ? name : [name]) built[each] = unicode;
  }
  table = built;
  return built;
}
