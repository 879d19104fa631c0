/** How words said to the app read: its mention taken out, a sentence with no verb read as `new`. */
import { describe, expect, it } from 'vitest';
import { VERB_NAMES } from '../../../../src/slack/commands/verbs.ts';
import { readSaid, wordsForApp } from '../../../../src/slack/router/conversation.ts';

const enabled = VERB_NAMES;

describe('words said to the app', () => {
  it('takes out the app’s own mentions, wherever they are, and keeps everyone else’s', () => {
    expect(wordsForApp('<@U0TASKBOT> mine', 'U0TASKBOT')).toBe('mine');
    expect(wordsForApp('hey <@U0TASKBOT|taskbridge>  done 42', 'U0TASKBOT')).toBe('hey done 42');
    expect(wordsForApp('<@U0TASKBOT> Fix it <@U0BEN>', 'U0TASKBOT')).toBe('Fix it <@U0BEN>');
    expect(wordsForApp('<@U0TASKBOT>', 'U0TASKBOT')).toBe('');
  });

  it('reads a verb as /task does, and a sentence with no verb as a new task', () => {
    expect(readSaid('mine', { enabled })).toMatchObject({ kind: 'intent', verb: 'mine' });
    expect(readSaid('done 42', { enabled })).toMatchObject({ kind: 'intent', verb: 'done' });
    expect(readSaid('Fix the login page <@U0BEN> due fri !high', { enabled })).toMatchObject({
      kind: 'intent',
      verb: 'new',
      title: 'Fix the login page',
      dueText: 'fri',
      priority: 'high',
    });
  });

  it('keeps a one-word typo of a verb a question, with the verb it is near', () => {
    expect(readSaid('mnie', { enabled })).toMatchObject({ kind: 'error', suggestion: 'mine' });
  });
});
