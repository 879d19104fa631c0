/** How `npm run chat` shows Slack markup: mentions by the names Slack would show. Pure logic. */
import { describe, expect, it } from 'vitest';
import { messageToText, readable } from '../../../src/local/blocks-to-text.ts';
import { describeCalls } from '../../../src/local/chat-replies.ts';

const names = {
  users: new Map([['U0BEN', 'Ben Okafor']]),
  channels: new Map([['C0WEBSITE', 'website']]),
};

describe('Slack markup as text', () => {
  it('names people and channels by id, as Slack shows them', () => {
    expect(readable('<@U0BEN> moved it to <#C0WEBSITE>', names)).toBe('@Ben Okafor moved it to #website');
    // A label may be out of date; Slack shows the current name.
    expect(readable('<@U0BEN|ben> in <#C0WEBSITE|old-name>', names)).toBe('@Ben Okafor in #website');
  });

  it('falls back to the label, then the id, for an id it does not know', () => {
    expect(readable('<@U0NEW|newbie> <#C0NEW|new-room>', names)).toBe('@newbie #new-room');
    expect(readable('<@U0NEW> <#C0NEW>', names)).toBe('@U0NEW #C0NEW');
    expect(readable('<@U0BEN> <#C0WEBSITE>')).toBe('@U0BEN #C0WEBSITE');
  });

  it('uses the names in every part of a message', () => {
    const text = messageToText(
      {
        blocks: [
          { type: 'section', text: { type: 'mrkdwn', text: 'Assigned to <@U0BEN>' } },
          { type: 'context', elements: [{ type: 'mrkdwn', text: 'Posted in <#C0WEBSITE>' }] },
        ],
      },
      names,
    );
    expect(text).toBe('Assigned to @Ben Okafor\nPosted in #website');
  });

  it('reads the local workspace’s people and channels by name in the chat’s replies', () => {
    const [reply] = describeCalls([
      {
        method: 'chat.postMessage',
        args: { channel: 'C0GENERAL', text: '<@U0CHLOE> shared a task in <#C0WEBSITE>' },
      },
    ]);
    expect(reply).toBe('--- chat.postMessage ---\n@Chloe Martin shared a task in #website');
  });
});
