/**
 * Ranking tasks by how their titles match what was typed. Case and accents are folded ("resume"
 * finds "Résumé"); every word typed must match a word of the title: whole, then inside, then as
 * the start of one, then within a typo or two (longer words allow two). Pure and quick: a title's
 * folded words are worked out once per record (records are replaced, not changed, when a task
 * changes), so 10,000 tasks rank within a few milliseconds.
 */
import type { TaskRecord } from '../../../api/index.ts';

/** Lower case without accents: what two spellings of a word share. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a text, folded. */
export function foldedWords(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const titleWords = new WeakMap<TaskRecord, { words: string[]; whole: string }>();

function wordsOf(task: TaskRecord): { words: string[]; whole: string } {
  let found = titleWords.get(task);
  if (!found) {
    const words = foldedWords(task.title);
    found = { words, whole: words.join(' ') };
    titleWords.set(task, found);
  }
  return found;
}

/** How one typed word met the title: 4 a whole word, 3 inside the title, 2 a prefix, 1 a typo, 0 not. */
function wordScore(wanted: string, title: { words: string[]; whole: string }): number {
  let best = 0;
  for (const word of title.words) {
    if (word === wanted) return 4;
    if (best < 2 && word.startsWith(wanted)) best = 2;
  }
  if (best < 3 && wanted.length >= 3 && title.whole.includes(wanted)) best = 3;
  if (best > 0) return best;
  const allowed = wanted.length >= 8 ? 2 : wanted.length >= 4 ? 1 : 0;
  if (allowed === 0) return 0;
  for (const word of title.words) {
    if (withinEdits(wanted, word, allowed) || withinEdits(wanted, word.slice(0, wanted.length), allowed)) {
      return 1;
    }
  }
  return 0;
}

/** Whether `a` becomes `b` in at most `max` insertions, deletions or substitutions (banded). */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > max) return false;
    previous = current;
  }
  return previous[b.length]! <= max;
}

export interface Ranked {
  task: TaskRecord;
  /** The weakest word's match (4 whole word … 1 typo): the tier the task ranks in. */
  tier: number;
  /** All words' matches together, within a tier. */
  total: number;
}

/**
 * The tasks whose titles match every word, best first: by tier, then total, open before done,
 * then the lower number. With no words, every task, open first, soonest due first.
 */
export function rankTasks(
  tasks: readonly TaskRecord[],
  words: readonly string[],
  isDone: (task: TaskRecord) => boolean,
): Ranked[] {
  const wanted = [...new Set(words.flatMap(foldedWords))];
  const ranked: Array<Ranked & { done: boolean; due: number }> = [];
  for (const task of tasks) {
    let tier = 4;
    let total = 0;
    if (wanted.length > 0) {
      const title = wordsOf(task);
      for (const word of wanted) {
        const score = wordScore(word, title);
        if (score === 0) {
          tier = 0;
          break;
        }
        tier = Math.min(tier, score);
        total += score;
      }
      if (tier === 0) continue;
    }
    const due = task.due_date ? Date.parse(task.due_date) : Number.POSITIVE_INFINITY;
    ranked.push({ task, tier, total, done: isDone(task), due: Number.isNaN(due) ? Infinity : due });
  }
  ranked.sort(
    (a, b) =>
      b.tier - a.tier ||
      b.total - a.total ||
      Number(a.done) - Number(b.done) ||
      (wanted.length === 0 ? a.due - b.due : 0) ||
      a.task.id - b.task.id,
  );
  return ranked.map(({ task, tier, total }) => ({ task, tier, total }));
}
