// Emoji reactions as Slack shows them under a message: a pill per emoji with its count, pressed
// when the viewer reacted (a click takes theirs off or adds it), and the "Add reaction" picker.
import { useState } from 'preact/hooks';
import { html } from './html.js';
import { emojiChar } from './mrkdwn.js';

/** Slack's frequently used, and :ticket:, which the README maps to a project. */
const OFTEN = ['ticket', 'white_check_mark', 'eyes', '+1', 'bug', 'tada', 'fire', 'pray'];

const glyph = (name, ctx) => emojiChar(name.split('::')[0], ctx) ?? `:${name}:`;

export function Reactions({ message, ctx }) {
  if (!message.reactions?.length) return null;
  return html`<div class="reactions" role="group" aria-label="Reactions">
    ${message.reactions.map((r) => {
      const mine = r.users.includes(ctx.viewer);
      const who = r.users.map((id) => ctx.users.find((u) => u.id === id)?.realName ?? id).join(', ');
      return html`<button
        type="button"
        class=${`reaction${mine ? ' reaction-mine' : ''}`}
        data-emoji=${r.name}
        aria-pressed=${mine ? 'true' : 'false'}
        title=${`${who} reacted with :${r.name}:`}
        onClick=${() => ctx.react(message, r.name)}
      >${glyph(r.name, ctx)} <span class="reaction-count">${r.count}</span></button>`;
    })}
  </div>`;
}

export function EmojiPicker({ message, ctx, onClose }) {
  const [name, setName] = useState('');
  const pick = (chosen) => {
    onClose();
    ctx.react(message, chosen);
  };
  return html`<div class="emoji-picker" role="dialog" aria-label="Add reaction">
    <div class="emoji-grid">
      ${OFTEN.map(
        (each) =>
          html`<button type="button" class="emoji-choice" aria-label=${`:${each}:`} title=${`:${each}:`} onClick=${() => pick(each)}>${glyph(each, ctx)}</button>`,
      )}
    </div>
    <form onSubmit=${(e) => {
      e.preventDefault();
      const typed = name.trim().replace(/^:|:$/g, '');
      if (typed) pick(typed);
    }}>
      <input aria-label="Emoji name" placeholder="or type a name: ticket" value=${name} onInput=${(e) => setName(e.target.value)} />
    </form>
  </div>`;
}
