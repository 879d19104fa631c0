/** `/task react`'s answer: the channel's emoji, each with the project it files into and Remove. */

import { escapeMrkdwn } from '../../../slack-platform/mrkdwn.ts';
import type { ReactionMapping } from '../../../store/repositories/reaction-tasks.ts';
import type { KnownBlock, RenderedMessage } from '../../ui/block-types.ts';
import { REACTION_ACTIONS } from '../../ui/ids.ts';

const HOW =
  'Add one with the button or `/task react :ticket: #Project`; stop one with `/task react off :ticket:`.';

/** "Add an emoji": opens the form (`reaction-form.ts`) for this channel. */
const ADD: KnownBlock = {
  type: 'actions',
  elements: [
    {
      type: 'button',
      action_id: REACTION_ACTIONS.add,
      text: { type: 'plain_text', text: 'Add an emoji' },
      value: 'add',
    },
  ],
};

export function mappingsMessage(channelId: string, mappings: readonly ReactionMapping[]): RenderedMessage {
  if (mappings.length === 0) {
    const text = `No emoji make tasks in <#${channelId}> yet. ${HOW}`;
    return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }, ADD] };
  }
  const head = `Reacting in <#${channelId}> with one of these makes the message a task:`;
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text: head } }];
  // Block Kit allows 50 blocks: the list keeps room for its head, its foot and a notice above.
  for (const m of mappings.slice(0, 45)) {
    blocks.push({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `:${m.emoji}: → *${escapeMrkdwn(m.projectName)}*  (set by <@${m.setBy}>)`,
      },
      accessory: {
        type: 'button',
        action_id: REACTION_ACTIONS.remove,
        text: { type: 'plain_text', text: 'Remove' },
        value: m.emoji,
      },
    });
  }
  blocks.push(ADD, { type: 'context', elements: [{ type: 'mrkdwn', text: HOW }] });
  const list = mappings.map((m) => `:${m.emoji}: → ${m.projectName}`).join(', ');
  return { text: `${head} ${list}`, blocks };
}
