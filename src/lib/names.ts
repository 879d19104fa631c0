/** People's and projects' names compared as people read them. Pure. */

/** Name words without accents, case or punctuation, sorted: "Lima, Ána" → "ana lima". */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort()
    .join(' ');
}
