/** A Slack thread as a mind map tree: parent at the root, replies in order, markup cleaned, whole. */
import { describe, expect, it } from 'vitest';
import {
  MAX_NODE_TEXT,
  mentionedUsers,
  threadToTree,
  titleFromMessage,
} from '../../../../src/slack/features/mind-maps/team-thread-tree.ts';

const names = new Map([['U0BEN', 'ben']]);

describe('threadToTree', () => {
  it('makes the parent the root and every reply a child, in the thread’s order', () => {
    const tree = threadToTree(
      [
        { ts: '100.000001', text: 'Plan' },
        { ts: '100.000003', text: 'Second' },
        { ts: '100.000002', text: 'First?' },
      ],
      names,
    );
    expect(tree.text).toBe('Plan');
    expect(tree.children.map((c) => c.text)).toEqual(['Second', 'First?']);
    expect(new Set([tree.id, ...tree.children.map((c) => c.id)]).size).toBe(3);
    expect(tree.children.every((c) => c.children.length === 0)).toBe(true);
  });

  it('cleans Slack markup into text, with names for mentions', () => {
    const tree = threadToTree(
      [
        { ts: '1.1', text: '*Bold* &amp; <@U0BEN> in <#C1|general>' },
        { ts: '1.2', text: 'See <https://x.test/a|the doc> &lt;soon&gt;\nnext line' },
        { ts: '1.3', text: '<@U0NOBODY> ~struck~' },
      ],
      names,
    );
    expect(tree.text).toBe('Bold & @ben in #general');
    expect(tree.children.map((c) => c.text)).toEqual([
      'See the doc (https://x.test/a) <soon> next line',
      '@U0NOBODY struck',
    ]);
  });

  it('gives every node the text the service needs: never empty, never too long', () => {
    const tree = threadToTree(
      [
        { ts: '1.1', text: '' },
        { ts: '1.2', text: '   ' },
        { ts: '1.3', text: 'x'.repeat(5000) },
      ],
      names,
    );
    expect(tree.text).toBe('(no text)');
    expect(tree.children[0]!.text).toBe('(no text)');
    expect(tree.children[1]!.text).toHaveLength(MAX_NODE_TEXT);
  });

  it('keeps a message once even if Slack lists it twice', () => {
    const tree = threadToTree(
      [
        { ts: '1.1', text: 'a' },
        { ts: '1.2', text: 'b' },
        { ts: '1.2', text: 'b' },
      ],
      names,
    );
    expect(tree.children).toHaveLength(1);
  });

  it('refuses a thread without its parent', () => {
    expect(() => threadToTree([], names)).toThrow(/parent/);
  });
});

describe('titles and mentions', () => {
  it('takes the first non-empty line of the parent as the title, short', () => {
    expect(titleFromMessage('\n\n*Relaunch* plan\nmore', names)).toBe('Relaunch plan');
    expect(titleFromMessage('', names)).toBe('Thread');
    expect(titleFromMessage('y'.repeat(300), names)).toHaveLength(100);
  });

  it('lists the people mentioned without a name, once each', () => {
    expect(mentionedUsers([{ ts: '1', text: '<@U1> <@U2|two> <@U1> <@W3>' }])).toEqual(['U1', 'W3']);
  });
});
