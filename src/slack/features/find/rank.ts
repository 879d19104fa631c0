/**
 * Ranking tasks by how their titles match what was typed. Case and accents are folded ("resume"
 * finds "Résumé"); every word typed must match a word of the title: whole, then as its start, then
 * inside it, then within a typo (two for longer words). Pure and quick: a title's folded words are
 * numbered once per record (records are replaced, not changed, when a task changes), and a search
 * scores each distinct word once, so 10,000 tasks rank within a few milliseconds.
 */
import type { TaskRecord } from '../../../api/index.ts';

/** Lower case without accents: what two spellings of a word share. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a text, folded. */
function foldedWords(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Every title word seen, numbered: a title is kept as its words' numbers, so a search scores each
 * distinct word once and each task by looking its numbers up. Bounded: past the cap the numbering
 * starts again (titles are renumbered as they are next read).
 */
const MAX_WORDS = 500_000;
let dictionary = new Map<string, number>();
let spelled: string[] = [];
let generation = 0;
const titleWords = new WeakMap<TaskRecord, { ids: Int32Array; generation: number }>();

function idsOf(task: TaskRecord): Int32Array {
  const known = titleWords.get(task);
  if (known && known.generation === generation) return known.ids;
  if (dictionary.size > MAX_WORDS) {
    dictionary = new Map();
    spelled = [];
    generation++;
  }
  const words = foldedWords(task.title);
  const ids = new Int32Array(words.length);
  for (let i = 0; i < words.length; i++) {
    let id = dictionary.get(words[i]!);
    if (id === undefined) {
      id = spelled.length;
      spelled.push(words[i]!);
      dictionary.set(words[i]!, id);
    }
    ids[i] = id;
  }
  titleWords.set(task, { ids, generation });
  return ids;
}

/**
 * How one typed word meets one title word: 4 the same, 3 its start, 2 inside it, 1 within a typo
 * (two for long words), 0 not.
 */
function againstWord(wanted: string, word: string): number {
  if (word === wanted) return 4;
  if (word.startsWith(wanted)) return 3;
  if (wanted.length >= 3 && word.includes(wanted)) return 2;
  const allowed = wanted.length >= 8 ? 2 : wanted.length >= 4 ? 1 : 0;
  if (allowed === 0) return 0;
  if (withinEdits(wanted, word, allowed)) return 1;
  return word.length > wanted.length && withinEdits(wanted, word.slice(0, wanted.length), allowed) ? 1 : 0;
}

/** One typed word's score against every title word, worked out when first asked. */
function scorer(wanted: string): (id: number) => number {
  const scores = new Int8Array(spelled.length + 1024).fill(-1);
  let grown = scores;
  return (id) => {
    if (id >= grown.length) {
      const bigger = new Int8Array(Math.max(id + 1, grown.length * 2)).fill(-1);
      bigger.set(grown);
      grown = bigger;
    }
    let score = grown[id]!;
    if (score < 0) {
      score = againstWord(wanted, spelled[id]!);
      grown[id] = score;
    }
    return score;
  };
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

interface Ranked {
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
  const scorers = wanted.map(scorer);
  const ranked: Array<Ranked & { done: boolean; due: number }> = [];
  for (const task of tasks) {
    let tier = 4;
    let total = 0;
    if (scorers.length > 0) {
      const ids = idsOf(task);
      for (const score of scorers) {
        let best = 0;
        for (let i = 0; i < ids.length && best < 4; i++) {
          const s = score(ids[i]!);
          if (s > best) best = s;
        }
        if (best === 0) {
          tier = 0;
          break;
        }
        if (best < tier) tier = best;
        total += best;
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
