import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRIORITIES } from '../../../../src/contract/index.ts';
import { parseTaskCommand } from '../../../../src/slack/commands/parse.ts';
import { VERBS } from '../../../../src/slack/commands/verbs.ts';
import { escapeMrkdwn } from '../../../../src/slack-platform/mrkdwn.ts';

function wellFormed(result: ReturnType<typeof parseTaskCommand>): void {
  if (result.kind === 'error') {
    expect(result.message.trim().length).toBeGreaterThan(10);
    expect(['unknown_verb', 'unavailable', 'bad_arguments']).toContain(result.code);
  } else {
    expect(VERBS.map((v) => v.name)).toContain(result.verb);
  }
}

/** Pieces of Slack markup and command syntax, glued in any order. */
const markupish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '<@U123|ana>',
        '<@W9>',
        '<#C1|web>',
        '<#C2>',
        '<!here>',
        '<!subteam^S1|@devs>',
        '<https://x.test|x>',
        '<https://y.test>',
        '<',
        '>',
        '|',
        '"',
        '“',
        '”',
        '@',
        '#',
        '!',
        '!high',
        '!9',
        'due',
        'friday',
        'tomorrow 5pm',
        'in 3 days',
        '&amp;',
        '&lt;',
        ' ',
        '  ',
        '\n',
        '\t',
        '\u00a0',
        'new',
        'list',
        'mine',
        'assign',
        'done',
        '42',
        '#42',
        'none',
        'me',
        '😀',
      ),
      fc.string({ maxLength: 6 }),
    ),
    { maxLength: 25 },
  )
  .map((parts) => parts.join(''));

describe('parseTaskCommand never throws', () => {
  it('on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'binary' }), (text) => {
        wellFormed(parseTaskCommand(text));
      }),
      { numRuns: 300 },
    );
  });

  it('on Slack-markup-like text, after any verb', () => {
    const verbs = VERBS.flatMap((v) => [v.name, ...v.aliases]);
    fc.assert(
      fc.property(fc.constantFrom(...verbs, ''), markupish, (verb, rest) => {
        wellFormed(parseTaskCommand(`${verb} ${rest}`));
      }),
      { numRuns: 400 },
    );
  });

  it('on very long text', () => {
    wellFormed(parseTaskCommand(`new ${'due friday '.repeat(400)}`));
    wellFormed(parseTaskCommand(`new ${'<@U1|a> '.repeat(500)}`));
    wellFormed(parseTaskCommand('x'.repeat(4000)));
  });
});

// Title words that mean nothing to the parser or to a date reader (no date word starts with q),
// with the characters Slack escapes.
const plainWord = fc
  .string({ maxLength: 8, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABC0123456789&<>'.split('')) })
  .map((w) => `q${w}`);
const name = fc.string({
  minLength: 1,
  maxLength: 8,
  unit: fc.constantFrom(...'abcdefghijklmnop'.split('')),
});
const dueText = fc.constantFrom(
  'friday',
  'tomorrow 5pm',
  'in 3 days',
  'next week',
  'dec 3',
  '2026-12-01',
  'eod',
);

describe('round trips: a /task new built from parts parses back into those parts', () => {
  it('with Slack’s escaping and the parts in any order', () => {
    fc.assert(
      fc.property(
        fc.array(plainWord, { minLength: 1, maxLength: 6 }),
        fc.uniqueArray(name, { maxLength: 3, comparator: (a, b) => a.toLowerCase() === b.toLowerCase() }),
        fc.option(
          name.map((n) => `P${n}`),
          { nil: null },
        ),
        fc.option(fc.constantFrom(...PRIORITIES), { nil: null }),
        fc.option(dueText, { nil: null }),
        fc.integer({ min: 0, max: 1000 }),
        (titleWords, people, project, priority, due, seed) => {
          // Options go between title words at positions chosen by the seed; the title keeps its order.
          const options = [
            ...people.map((p, i) => (i % 2 === 0 ? `@${p}` : `<@U${i}X|${p}>`)),
            ...(project ? [`#${project}`] : []),
            ...(priority ? [`!${priority}`] : []),
            ...(due ? [`due ${due}`] : []),
          ];
          // Each option goes after the previous one, so people keep their order.
          const pieces: string[] = titleWords.map(escapeMrkdwn);
          let at = 0;
          options.forEach((piece, i) => {
            at += (seed * (i + 7)) % (pieces.length + 1 - at);
            pieces.splice(at, 0, piece);
            at += 1;
          });
          const result = parseTaskCommand(`new ${pieces.join(' ')}`);
          expect(result).toMatchObject({
            kind: 'intent',
            verb: 'new',
            title: titleWords.join(' '),
            project: project ? { kind: 'name', name: project } : null,
            priority,
          });
          if (result.kind !== 'intent' || result.verb !== 'new') return;
          expect(result.assignees.map((a) => (a.kind === 'me' ? 'me' : a.name))).toEqual(people);
          expect(result.dueText).toBe(due);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a quoted title comes back exactly, whatever it holds', () => {
    const quotable = fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((s) => !/["“”<>&\s]/.test(s.slice(0, 1)) && !/["“”<>&]/.test(s));
    fc.assert(
      fc.property(quotable, (title) => {
        const result = parseTaskCommand(`new "${title}"`);
        expect(result).toMatchObject({ kind: 'intent', title: title.trim() });
      }),
    );
  });

  it('mine STATUS gives the status words back', () => {
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 4 }), (words) => {
        expect(parseTaskCommand(`mine ${words.join(' ')}`)).toEqual({
          kind: 'intent',
          verb: 'mine',
          status: words.join(' '),
        });
      }),
    );
  });

  it('a task id comes back as the same number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom('show', 'done', 'delete'),
        (id, verb) => {
          expect(parseTaskCommand(`${verb} ${id}`)).toEqual({ kind: 'intent', verb, taskId: id });
        },
      ),
    );
  });
});
