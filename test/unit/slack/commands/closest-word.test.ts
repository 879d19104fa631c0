import { describe, expect, it } from 'vitest';
import { closestWord, editDistance } from '../../../../src/slack/commands/closest-word.ts';

describe('editDistance (Damerau-Levenshtein, optimal string alignment)', () => {
  it.each([
    ['', '', 0],
    ['new', 'new', 0],
    ['nwe', 'new', 1], // one swap
    ['ne', 'new', 1],
    ['neww', 'new', 1],
    ['mien', 'mine', 1],
    ['lst', 'list', 1],
    ['abc', 'xyz', 3],
    ['', 'help', 4],
  ])('%s → %s is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('closestWord', () => {
  const verbs = ['new', 'mine', 'list', 'done', 'due'] as const;

  it('picks the nearest within two edits, the first on a tie', () => {
    expect(closestWord('lsit', verbs)).toBe('list');
    expect(closestWord('MNIE', verbs)).toBe('mine');
    expect(closestWord('du', verbs)).toBe('due');
  });

  it('gives nothing past the distance', () => {
    expect(closestWord('zzzzzz', verbs)).toBeUndefined();
    expect(closestWord('x'.repeat(1000), verbs)).toBeUndefined();
  });
});
