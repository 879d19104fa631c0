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

  it('shows what a form holds as it opens: typed text, chosen options, people and times; never an element type', () => {
    const input = (label: string, element: Record<string, unknown>) => ({
      type: 'input',
      label: { type: 'plain_text', text: label },
      element,
    });
    const hint = (text: string) => ({ type: 'plain_text', text });
    const option = (text: string) => ({ text: { type: 'plain_text', text }, value: text.toLowerCase() });
    const text = messageToText(
      {
        blocks: [
          input('Title', {
            type: 'plain_text_input',
            initial_value: 'Review the budget',
            placeholder: hint('What?'),
          }),
          input('Description', { type: 'plain_text_input', placeholder: hint('Details') }),
          input('Notes', { type: 'plain_text_input' }),
          input('Priority', {
            type: 'static_select',
            initial_option: option('High'),
            placeholder: hint('Pick'),
          }),
          input('Project', { type: 'external_select', placeholder: hint('Search projects') }),
          input('Owner', { type: 'users_select' }),
          input('Labels', { type: 'multi_static_select', initial_options: [option('Bug'), option('UI')] }),
          input('Assignees', { type: 'multi_users_select', initial_users: ['U0BEN', 'U0NEW'] }),
          input('Channel', { type: 'conversations_select', initial_conversation: 'C0WEBSITE' }),
          input('Due time', { type: 'timepicker', initial_time: '09:30' }),
          input('Start', { type: 'timepicker' }),
          input('Notify', {
            type: 'checkboxes',
            options: [option('Me'), option('Team')],
            initial_options: [option('Me')],
          }),
          input('Repeat', {
            type: 'radio_buttons',
            options: [option('Daily'), option('Weekly')],
            initial_option: option('Weekly'),
          }),
        ],
      },
      names,
    );
    expect(text.split('\n')).toEqual([
      'Title: [Review the budget]',
      'Description: [Details (empty)]',
      'Notes: [(empty)]',
      'Priority: [High ▾]',
      'Project: [Search projects ▾]',
      'Owner: [choose ▾]',
      'Labels: [Bug, UI ▾]',
      'Assignees: [@Ben Okafor, @U0NEW ▾]',
      'Channel: [#website ▾]',
      'Due time: [time: 09:30]',
      'Start: [time: pick]',
      'Notify: [x] Me  [ ] Team',
      'Repeat: ( ) Daily  (•) Weekly',
    ]);
  });
});
