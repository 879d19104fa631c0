/**
 * What a lookup that found nothing can say instead: the names there are, closest to what was
 * typed first ("Projects: Website, Mobile App, Operations."), and the one name within a couple of
 * edits as a did-you-mean. Pure: each verb passes the names it read anyway.
 */

import { truncate } from '../../../lib/truncate.ts';
import { closestWord, editDistance } from '../../commands/closest-word.ts';

/** Names listed at most; the rest are counted. */
const MAX_NAMES = 12;
const MAX_NAME_CHARS = 60;

const fold = (name: string) => name.normalize('NFKD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** How near a name is to what was typed: its start, then within it, then by edits. */
function nearness(name: string, typed: string): number {
  const n = fold(name);
  if (typed === '') return 0;
  if (n.startsWith(typed)) return 0;
  if (n.includes(typed)) return 1;
  return 2 + editDistance(typed, n.slice(0, typed.length + 2));
}

/** The names, closest to `typed` first (ties keep their order), without repeats. */
function closestFirst(names: readonly string[], typed: string): string[] {
  const wanted = fold(typed.replace(/^[#@]/, ''));
  const unique = [...new Set(names.filter((n) => n.trim() !== ''))];
  return unique
    .map((name, i) => ({ name, i, near: nearness(name, wanted) }))
    .sort((a, b) => a.near - b.near || a.i - b.i)
    .map((x) => x.name);
}

/**
 * "Projects: Website, Mobile App and 3 more." (plain text; the caller escapes), or `none` when
 * there are none.
 */
export function namesThatExist(
  label: string,
  names: readonly string[],
  typed: string,
  none: string,
  format: (name: string) => string = (name) => name,
): string {
  const ordered = closestFirst(names, typed);
  if (ordered.length === 0) return none;
  const cut = (name: string) => truncate(name, MAX_NAME_CHARS);
  const shown = ordered.slice(0, MAX_NAMES).map((n) => format(cut(n)));
  const more = ordered.length - shown.length;
  return `${label}: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`;
}

/** The one name a typo was probably meant as, if any is within two edits (or begins with it). */
export function didYouMean(names: readonly string[], typed: string): string | undefined {
  const wanted = fold(typed.replace(/^[#@]/, ''));
  if (wanted === '') return undefined;
  const folded = names.map(fold);
  const near = closestWord(wanted, folded);
  const i = near === undefined ? folded.findIndex((n) => n.startsWith(wanted)) : folded.indexOf(near);
  return i >= 0 ? names[i] : undefined;
}
