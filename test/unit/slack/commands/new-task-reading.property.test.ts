/**
 * `/task new …` loses no word without saying so: every word typed ends up in the title, the
 * people, the project, the priority, the due date, or a note the person is shown; a reading that
 * fails is an error message, and nothing is created from it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NewTaskIntent } from '../../../../src/slack/commands/intents.ts';
import { parseTaskCommand } from '../../../../src/slack/commands/parse.ts';
import { unreadDate } from '../../../../src/slack/commands/parse-new-task.ts';

const PROJECT_NAMES = ['Website', 'Mobile App', 'Mobile', 'Ops Team Alpha'];

/** Words people type in a new task: titles, dates and their typos, people, projects, priorities. */
const word = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom('Fix', 'login', 'bug', 'App', 'Team', 'diligence', 'doc', 'the', 'page'),
  },
  { weight: 3, arbitrary: fc.constantFrom('due', 'by') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('friday', 'tomorrow', 'fridya', 'tomorow', '2026-13-45', '5pm', 'dec', '3'),
  },
  { weight: 2, arbitrary: fc.constantFrom('@ana', '@ben', '<@U0BEN|ben>', '@me') },
  { weight: 2, arbitrary: fc.constantFrom('#Website', '#Mobile', '#Ops', '#42', '<#C1|website>') },
  { weight: 1, arbitrary: fc.constantFrom('!high', '!low') },
  { weight: 1, arbitrary: fc.constantFrom('"Use #tags literally"', '#"Mobile App"') },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z]{1,8}$/) },
);

/** Everything the reading kept, as one lower-case text to look words up in. */
function keptText(intent: NewTaskIntent): string {
  const people = intent.assignees.map((a) =>
    a.kind === 'me' ? 'me' : a.kind === 'name' ? a.name : (a.name ?? a.userId),
  );
  const project = intent.project
    ? intent.project.kind === 'name'
      ? intent.project.name
      : (intent.project.name ?? intent.project.channelId)
    : '';
  return [
    intent.title,
    intent.dueText ?? '',
    ...people,
    project,
    intent.priority ?? '',
    ...intent.notes.map((n) => n.text),
  ]
    .join(' ')
    .toLowerCase();
}

/** The part of a typed word that must be found again: without sigils, quotes and trailing marks. */
function core(typed: string): string[] {
  const label = /^<[#@][A-Z0-9]+\|([^>]*)>$/.exec(typed)?.[1];
  if (label) return [label.toLowerCase()];
  return typed
    .replace(/^[@#!]/, '')
    .replace(/^#?"|"$/g, '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
}

describe('reading /task new', () => {
  it('keeps every word somewhere the person sees, or answers with an error', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 12 }), (words) => {
        const result = parseTaskCommand(`new ${words.join(' ')}`, { projectNames: PROJECT_NAMES });
        if (result.kind === 'error') {
          expect(result.message.length).toBeGreaterThan(10);
          return;
        }
        expect(result.verb).toBe('new');
        const intent = result as NewTaskIntent;
        const kept = keptText(intent);
        // `due` is the keyword of a date: it is spent when a date (or a note about one) came of it.
        const dueSpent = intent.dueText !== null || intent.notes.length > 0;
        for (const typed of words) {
          if (typed === 'due' && dueSpent) continue;
          for (const piece of core(typed)) expect(kept).toContain(piece);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('never keeps a date it could not read in the title, and says which word it set aside', () => {
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 6 }),
        fc.constantFrom('fridya', 'tomorow', 'wednesdy', '2026-13-45', '31/02'),
        fc.array(word, { maxLength: 6 }),
        (before, typo, after) => {
          const text = `new ${[...before, 'due', typo, ...after].join(' ')}`;
          const result = parseTaskCommand(text, { projectNames: PROJECT_NAMES });
          if (result.kind === 'error') return;
          const intent = result as NewTaskIntent;
          // An earlier `due` may have taken the typo as part of its date; otherwise it is a note.
          const noted = intent.notes.some((n) => n.text === typo);
          expect(noted || (intent.dueText ?? '').includes(typo) || intent.title.includes(`due ${typo}`)).toBe(
            true,
          );
          if (noted) expect(unreadDate(typo)).not.toBeNull();
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('reads the longest known project name after #, leaving the words after it in the title', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('Fix', 'the', 'App', 'login', 'Team'), { maxLength: 4 }),
        fc.array(fc.constantFrom('Fix', 'the', 'login', 'now'), { maxLength: 4 }),
        (before, after) => {
          const result = parseTaskCommand(`new ${[...before, '#Mobile', 'App', ...after].join(' ')}`, {
            projectNames: PROJECT_NAMES,
          });
          expect(result.kind).toBe('intent');
          const intent = result as NewTaskIntent;
          expect(intent.project).toEqual({ kind: 'name', name: 'Mobile App' });
          expect(intent.title).toBe([...before, ...after].join(' '));
        },
      ),
    );
  });
});
