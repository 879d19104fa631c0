import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  escapeMrkdwn,
  slackLink,
  slackMarkupToText,
  truncate,
  unescapeMrkdwn,
} from '../../../src/slack-platform/mrkdwn.ts';

describe('escapeMrkdwn / unescapeMrkdwn', () => {
  it('escapes exactly & < >', () => {
    expect(escapeMrkdwn('a & b <@U1> > *x*')).toBe('a &amp; b &lt;@U1&gt; &gt; *x*');
  });

  it('round-trips any text', () => {
    fc.assert(fc.property(fc.string(), (text) => unescapeMrkdwn(escapeMrkdwn(text)) === text));
  });

  it('never leaves a < or > that Slack could read as markup', () => {
    fc.assert(fc.property(fc.string(), (text) => !/[<>]/.test(escapeMrkdwn(text))));
  });

  it('unescapes in one pass', () => {
    expect(unescapeMrkdwn('&amp;lt;')).toBe('&lt;');
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('hello world', 6)).toBe('hello…');
    expect(truncate('abc', 0)).toBe('');
  });

  it('never splits an emoji', () => {
    expect(truncate('ab😀cd', 4)).toBe('ab…');
  });

  it('always fits and ends whole', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: 0, max: 50 }), (text, max) => {
        const cut = truncate(text, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        if (text.length <= max) expect(cut).toBe(text);
        const last = cut.charCodeAt(cut.length - 2);
        if (cut.endsWith('…') && cut.length >= 2) expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
      }),
    );
  });
});

describe('slackMarkupToText', () => {
  it('turns mentions, channels and broadcasts into names', () => {
    expect(slackMarkupToText('hi <@U1|ana> and <@U2> in <#C1|general> <#C2> <!here> <!channel>')).toBe(
      'hi @ana and @U2 in #general #C2 @here @channel',
    );
  });

  it('uses names from the maps when given', () => {
    const users = new Map([['U2', 'Bob Stone']]);
    expect(slackMarkupToText('<@U1|ana> <@U2>', { users, channels: { C9: 'random' } })).toBe(
      '@ana @Bob Stone',
    );
    expect(slackMarkupToText('<#C9>', { channels: { C9: 'random' } })).toBe('#random');
  });

  it('reads user groups and dates by their labels', () => {
    expect(slackMarkupToText('<!subteam^S1|@devs> <!subteam^S2> <!date^1795186800^{date}|Nov 20>')).toBe(
      '@devs @S2 Nov 20',
    );
  });

  it('writes links as label (url), a bare link as the url', () => {
    expect(slackMarkupToText('see <https://x.test/a?b=1&amp;c=2|the doc> or <https://y.test>')).toBe(
      'see the doc (https://x.test/a?b=1&c=2) or https://y.test',
    );
    expect(slackMarkupToText('<mailto:a@b.test|a@b.test> <https://y.test|y.test>')).toBe(
      'a@b.test https://y.test',
    );
  });

  it('unescapes entities', () => {
    expect(slackMarkupToText('A &amp; B &lt;3 &gt;')).toBe('A & B <3 >');
  });

  it('strips formatting markers only where they are markers', () => {
    expect(slackMarkupToText('*bold* _it_ ~gone~ and *two words*')).toBe('bold it gone and two words');
    expect(slackMarkupToText('snake_case_name 2*3*4 a_b_ file_*')).toBe('snake_case_name 2*3*4 a_b_ file_*');
    expect(slackMarkupToText('(*nested _both_*)')).toBe('(nested both)');
    expect(slackMarkupToText('* not bold * and _ _')).toBe('* not bold * and _ _');
  });

  it('leaves code and URLs alone', () => {
    expect(slackMarkupToText('`*keep*` <https://x.test/_a_|x>')).toBe('`*keep*` x (https://x.test/_a_)');
  });

  it('can keep formatting', () => {
    expect(slackMarkupToText('*bold* &amp;', { stripFormatting: false })).toBe('*bold* &');
  });

  it('never throws and never leaves its own placeholders', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            '<',
            '>',
            '@',
            '#',
            '!',
            '|',
            '*',
            '_',
            '~',
            '`',
            '&amp;',
            'U1',
            'a',
            ' ',
            '\n',
            '\uE000',
            '\uE001',
            '0',
          ),
        ),
        (parts) => {
          const out = slackMarkupToText(parts.join(''));
          expect(out).not.toMatch(/[\uE000\uE001]/);
        },
      ),
    );
  });

  it('is the identity on plain text without markup characters', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[<>&*_~`\uE000\uE001]/.test(s)),
        (text) => slackMarkupToText(text) === text,
      ),
    );
  });
});

describe('slackLink', () => {
  it('escapes the label and the URL', () => {
    expect(slackLink('https://x.test/a?b=1&c=<2>|', 'A & <B>')).toBe(
      '<https://x.test/a?b=1&amp;c=%3C2%3E%7C|A &amp; &lt;B&gt;>',
    );
  });

  it('gives the label alone for a missing or unsafe URL', () => {
    expect(slackLink(null, 'T')).toBe('T');
    expect(slackLink('javascript:alert(1)', 'T')).toBe('T');
    expect(slackLink('https://x.test/a b', 'T')).toBe('T');
  });
});
