/**
 * Shortens `text` to at most `max` UTF-16 units, ending in `…` when cut. Never splits a surrogate
 * pair, so an emoji is never cut in half.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let cut = max - 1;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut).trimEnd()}…`;
}
