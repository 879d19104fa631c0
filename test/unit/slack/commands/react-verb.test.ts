import { describe, expect, it } from 'vitest';
import { parseTaskCommand } from '../../../../src/slack/commands/parse.ts';

const parse = (text: string) => parseTaskCommand(text);

describe('/task react', () => {
  it('lists with no arguments', () => {
    expect(parse('react')).toEqual({ kind: 'intent', verb: 'react', action: 'list' });
  });

  it('maps an emoji to a project, the colons and a skin tone left off', () => {
    expect(parse('react :ticket: #Website')).toEqual({
      kind: 'intent',
      verb: 'react',
      action: 'set',
      emoji: 'ticket',
      project: { kind: 'name', name: 'Website' },
    });
    expect(parse('react :+1::skin-tone-3: #Website')).toMatchObject({ action: 'set', emoji: '+1' });
    expect(parse('emoji :Bug: <#C0WEB|website>')).toMatchObject({
      action: 'set',
      emoji: 'bug',
      project: { kind: 'channel', channelId: 'C0WEB' },
    });
  });

  it('stops one with off', () => {
    expect(parse('react off :ticket:')).toEqual({
      kind: 'intent',
      verb: 'react',
      action: 'off',
      emoji: 'ticket',
    });
  });

  it('opens the form with add, or with an emoji and no project (filled in)', () => {
    expect(parse('react add')).toEqual({ kind: 'intent', verb: 'react', action: 'form', emoji: null });
    expect(parse('react :ticket:')).toEqual({
      kind: 'intent',
      verb: 'react',
      action: 'form',
      emoji: 'ticket',
    });
  });

  it('says what is missing', () => {
    for (const [text, words] of [
      ['react ticket #Website', 'Start with the emoji'],
      ['react :ticket: #Website extra', 'Name the project'],
      ['react off', 'Name one emoji'],
      ['react :no spaces: #Website', 'Start with the emoji'],
    ] as const) {
      const result = parse(text);
      expect(result.kind, text).toBe('error');
      if (result.kind === 'error') expect(result.message, text).toContain(words);
    }
  });
});
