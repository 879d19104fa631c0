// Block Kit layout blocks as Slack lays them out: header, section (text, fields, accessory),
// context, divider, actions, image, rich text, and (in modals) input with its error under it.

import { Element, ImageElement } from './elements.js';
import { html } from './html.js';
import { emojiChar, Mention, plainText, TextObject } from './mrkdwn.js';
import { formatSlackDate } from './slack-dates.js';

function Section({ block, ctx }) {
  return html`<div class="bk-section">
    <div class="bk-section-body">
      ${block.text ? html`<${TextObject} text=${block.text} ctx=${ctx} />` : null}
      ${
        block.fields
          ? html`<div class="bk-fields">${block.fields.map((field) => html`<${TextObject} text=${field} ctx=${ctx} className="bk-field" />`)}</div>`
          : null
      }
    </div>
    ${
      block.accessory
        ? html`<div class=${`bk-accessory bk-accessory-${block.accessory.type}`}><${Element} el=${block.accessory} blockId=${block.block_id} ctx=${ctx} /></div>`
        : null
    }
  </div>`;
}

function Context({ block, ctx }) {
  return html`<div class="bk-context">
    ${block.elements.map((el) =>
      el.type === 'image'
        ? html`<${ImageElement} el=${el} />`
        : html`<${TextObject} text=${el} ctx=${ctx} className="bk-context-text" />`,
    )}
  </div>`;
}

function Actions({ block, ctx }) {
  return html`<div class="bk-actions" data-block-id=${block.block_id}>
    ${block.elements.map((el) => html`<${Element} el=${el} blockId=${block.block_id} ctx=${ctx} />`)}
  </div>`;
}

function Input({ block, ctx }) {
  const error = ctx.errors?.[block.block_id];
  return html`<div class=${`bk-input-block${error ? ' bk-has-error' : ''}`} data-block-id=${block.block_id}>
    <label class="bk-label" id=${`bk-label-${block.block_id}`}>
      ${plainText(block.label, ctx)}${block.optional ? html`<span class="bk-optional"> (optional)</span>` : null}
    </label>
    <${Element} el=${block.element} blockId=${block.block_id} ctx=${ctx} inInput=${true} />
    ${error ? html`<div class="bk-error" role="alert">${error}</div>` : null}
    ${block.hint ? html`<div class="bk-hint">${plainText(block.hint, ctx)}</div>` : null}
  </div>`;
}

function Image({ block, ctx }) {
  return html`<figure class="bk-image">
    ${block.title ? html`<figcaption>${plainText(block.title, ctx)}</figcaption>` : null}
    <img src=${block.image_url} alt=${block.alt_text ?? ''} />
  </figure>`;
}

function richElement(el, ctx, key) {
  const style = el.style ?? {};
  let node;
  switch (el.type) {
    case 'text':
      node = el.text;
      break;
    case 'link':
      node = html`<a href=${el.url} target="_blank" rel="noreferrer">${el.text ?? el.url}</a>`;
      break;
    case 'user':
      node = html`<${Mention} userId=${el.user_id} ctx=${ctx} />`;
      break;
    case 'channel': {
      const channel = ctx.channels?.find((c) => c.id === el.channel_id);
      node = html`<span class="mention channel-mention">#${channel?.name ?? el.channel_id}</span>`;
      break;
    }
    case 'emoji':
      node = emojiChar(el.name, ctx) ?? `:${el.name}:`;
      break;
    case 'date':
      node = formatSlackDate(el.timestamp, el.format, ctx.timeZone) ?? el.fallback ?? '';
      break;
    case 'broadcast':
      node = html`<span class="mention mention-me">@${el.range}</span>`;
      break;
    default:
      node = '';
  }
  if (style.code) node = html`<code>${node}</code>`;
  if (style.bold) node = html`<b>${node}</b>`;
  if (style.italic) node = html`<i>${node}</i>`;
  if (style.strike) node = html`<s>${node}</s>`;
  return html`<span key=${key}>${node}</span>`;
}

function richPart(part, ctx) {
  const inline = (elements) => (elements ?? []).map((el, i) => richElement(el, ctx, i));
  switch (part.type) {
    case 'rich_text_section':
      return html`<div class="rt-section">${inline(part.elements)}</div>`;
    case 'rich_text_quote':
      return html`<blockquote>${inline(part.elements)}</blockquote>`;
    case 'rich_text_preformatted':
      return html`<pre>${inline(part.elements)}</pre>`;
    case 'rich_text_list': {
      const items = (part.elements ?? []).map((section) => html`<li>${inline(section.elements)}</li>`);
      const indent = { style: `margin-left: ${(part.indent ?? 0) * 1.5}em` };
      return part.style === 'ordered'
        ? html`<ol ...${indent}>${items}</ol>`
        : html`<ul ...${indent}>${items}</ul>`;
    }
    default:
      return null;
  }
}

function RichText({ block, ctx }) {
  return html`<div class="bk-rich-text mrkdwn">${(block.elements ?? []).map((part) => richPart(part, ctx))}</div>`;
}

const BLOCKS = {
  section: Section,
  header: ({ block, ctx }) => html`<h3 class="bk-header">${plainText(block.text, ctx)}</h3>`,
  context: Context,
  divider: () => html`<hr class="bk-divider" />`,
  actions: Actions,
  input: Input,
  image: Image,
  rich_text: RichText,
};

export function Blocks({ blocks, ctx }) {
  return html`<div class="bk-blocks">
    ${(blocks ?? []).map((block, index) => {
      const Component = BLOCKS[block.type];
      return Component
        ? html`<${Component} key=${block.block_id ?? index} block=${block} ctx=${ctx} />`
        : html`<div class="bk-unknown">[${block.type} block]</div>`;
    })}
  </div>`;
}

/** Legacy attachments (a coloured bar, then their blocks or text and fields). */
export function Attachments({ attachments, ctx }) {
  return (attachments ?? []).map(
    (
      a,
    ) => html`<div class="attachment" style=${{ borderLeftColor: a.color?.startsWith('#') ? a.color : '#ddd' }}>
      ${a.pretext ? html`<${TextObject} text=${{ type: 'mrkdwn', text: a.pretext }} ctx=${ctx} />` : null}
      ${a.blocks ? html`<${Blocks} blocks=${a.blocks} ctx=${ctx} />` : null}
      ${a.title ? html`<div class="attachment-title">${a.title}</div>` : null}
      ${a.text ? html`<${TextObject} text=${{ type: 'mrkdwn', text: a.text }} ctx=${ctx} />` : null}
      ${
        a.fields?.length
          ? html`<div class="bk-fields">${a.fields.map((f) => html`<div class="bk-field"><b>${f.title}</b><${TextObject} text=${{ type: 'mrkdwn', text: f.value }} ctx=${ctx} /></div>`)}</div>`
          : null
      }
    </div>`,
  );
}
