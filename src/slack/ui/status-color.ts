/**
 * A status's `#RRGGBB` colour as the nearest coloured-square emoji: messages can't colour text,
 * and attachments' colour bars are legacy.
 */
const SQUARES: ReadonlyArray<{ emoji: string; rgb: readonly [number, number, number] }> = [
  { emoji: ':large_red_square:', rgb: [221, 46, 68] },
  { emoji: ':large_orange_square:', rgb: [244, 144, 12] },
  { emoji: ':large_yellow_square:', rgb: [253, 203, 88] },
  { emoji: ':large_green_square:', rgb: [120, 177, 89] },
  { emoji: ':large_blue_square:', rgb: [85, 172, 238] },
  { emoji: ':large_purple_square:', rgb: [170, 142, 214] },
  { emoji: ':large_brown_square:', rgb: [193, 105, 79] },
  { emoji: ':black_large_square:', rgb: [49, 55, 61] },
  { emoji: ':white_large_square:', rgb: [230, 231, 232] },
];

/** Squares as last worked out per colour: a list asks for every row's, and statuses are few. */
const nearest = new Map<string, string>();
/** Colours remembered at most; past this the memo starts afresh. */
const NEAREST_MAX = 1_000;

/** The square nearest in colour (a weighted RGB distance close to how eyes rank it). */
export function statusEmoji(hex: string): string {
  let emoji = nearest.get(hex);
  if (emoji === undefined) {
    if (nearest.size >= NEAREST_MAX) nearest.clear();
    emoji = nearestSquare(hex);
    nearest.set(hex, emoji);
  }
  return emoji;
}

function nearestSquare(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return ':white_large_square:';
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => Number.parseInt(h ?? '0', 16)) as [number, number, number];
  let best = SQUARES[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const square of SQUARES) {
    const mean = (r + square.rgb[0]) / 2;
    const dr = r - square.rgb[0];
    const dg = g - square.rgb[1];
    const db = b - square.rgb[2];
    // "redmean" distance: cheap and far better than plain Euclidean RGB.
    const distance = (2 + mean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean) / 256) * db * db;
    if (distance < bestDistance) {
      best = square;
      bestDistance = distance;
    }
  }
  return best.emoji;
}
