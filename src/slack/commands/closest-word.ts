/**
 * "Did you mean…": the closest candidate by Damerau-Levenshtein distance (optimal string
 * alignment: insert, delete, substitute, swap two neighbours), so `nwe` finds `new`.
 */

/** Edit distance between two strings, counting a swap of neighbours as one edit. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i]!;
      const above = d[i - 1]!;
      let best = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      row[j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidate nearest to `word` within `maxDistance` edits (default 2), the first listed on a
 * tie; undefined when none is that close. Words far longer than every candidate are not compared.
 */
export function closestWord<T extends string>(
  word: string,
  candidates: readonly T[],
  maxDistance = 2,
): T | undefined {
  const needle = word.toLowerCase();
  let best: T | undefined;
  let bestDistance = maxDistance + 1;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - needle.length) > maxDistance) continue;
    const distance = editDistance(needle, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
