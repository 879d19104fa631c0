// One message as Slack shows it: avatar, name (with APP for the bot), time in the viewer's zone,
// its blocks (or text), "(edited)", unfurled links, thread replies, "Only visible to you" for
// ephemeral ones, and a "More actions" menu holding the message shortcuts.
import { useState } from 'preact/hooks';
import { Attachments, Blocks } from './blocks.js';
import { html } from './html.js';
import { Mrkdwn } from './mrkdwn.js';
import { EmojiPicker, Reactions } from './reactions.js';
import { messageTime } from './slack-dates.js';
import { EntityChip } from './work-objects.js';

const COLORS = ['#e8912d', '#2bac76', '#1264a3', '#e01e5a', '#4a154b', '#36c5f0'];

export function Avatar({ user, small = false }) {
  const size = small ? ' avatar-small' : '';
  if (!user || user.isBot)
    return html`<span class=${`avatar avatar-app${size}`} aria-hidden="true">TB</span>`;
  const initials = user.realName
    .split(' ')
    .map((w) => w[0])
    .join('')
    .slice(0, 2);
  const color = COLORS[[...user.id].reduce((n, c) => n + c.charCodeAt(0), 0) % COLORS.length];
  return html`<span class=${`avatar${size}`} style=${{ background: color }} aria-hidden="true">${initials}</span>`;
}

function ShortcutMenu({ shortcuts, onPick, onClose }) {
  return html`<ul class="message-menu" role="menu" onMouseLeave=${onClose}>
    <li class="message-menu-heading">Shortcuts</li>
    ${shortcuts.map(
      (s) => html`<li role="menuitem" title=${s.description} onClick=${() => onPick(s)}>
        <span class="menu-app">TB</span> ${s.name} <span class="menu-app-name">Taskbridge</span>
      </li>`,
    )}
  </ul>`;
}

export function Message({ message, ctx, shortcuts, onShortcut, onOpenThread, inThread = false }) {
  const [menu, setMenu] = useState(false);
  const [picking, setPicking] = useState(false);
  const author = ctx.users.find((u) => u.id === message.user);
  const isApp = !author || author.isBot;
  const messageCtx = {
    ...ctx,
    act: (action) => ctx.actOnMessage(message, action),
    suggest: (actionId, blockId, value) => ctx.suggestOnMessage(message, actionId, blockId, value),
  };
  return html`<article
    class=${`message${message.ephemeral ? ' message-ephemeral' : ''}`}
    data-ts=${message.ts}
    aria-label=${`Message from ${isApp ? 'Taskbridge' : author.realName}`}
  >
    ${message.ephemeral ? html`<div class="ephemeral-note"><span aria-hidden="true">👁</span> Only visible to you</div>` : null}
    <div class="message-row">
      <${Avatar} user=${author} />
      <div class="message-main">
        <div class="message-meta">
          <span class="message-author">${isApp ? 'Taskbridge' : author.realName}</span>
          ${isApp ? html`<span class="app-badge">APP</span>` : null}
          <time class="message-time">${messageTime(message.ts, ctx.timeZone)}</time>
        </div>
        ${
          message.blocks?.length
            ? html`<${Blocks} blocks=${message.blocks} ctx=${messageCtx} />`
            : html`<${Mrkdwn} text=${message.text} ctx=${ctx} />`
        }
        ${message.edited ? html`<span class="edited">(edited)</span>` : null}
        <${Attachments} attachments=${message.attachments} ctx=${messageCtx} />
        ${Object.entries(message.unfurls ?? {}).map(
          ([url, unfurl]) => html`<div class="unfurl" data-url=${url}>
            <div class="unfurl-source">work.example.com</div>
            ${unfurl.blocks ? html`<${Blocks} blocks=${unfurl.blocks} ctx=${messageCtx} />` : html`<${Mrkdwn} text=${unfurl.text ?? ''} ctx=${ctx} />`}
          </div>`,
        )}
        ${message.ephemeral ? null : html`<${Reactions} message=${message} ctx=${ctx} />`}
        ${(message.entities ?? []).map(
          (entity) => html`<${EntityChip} entity=${entity} onOpen=${(e) => ctx.openEntity(message, e)} />`,
        )}
        ${
          !inThread && message.replyCount
            ? html`<button type="button" class="thread-link" onClick=${() => onOpenThread(message.ts)}>
              <${Avatar} user=${ctx.users.find((u) => u.isBot)} small=${true} />
              ${message.replyCount} ${message.replyCount === 1 ? 'reply' : 'replies'}
              ${message.latestReply ? html`<span class="thread-last">Last reply ${messageTime(message.latestReply, ctx.timeZone)}</span>` : null}
            </button>`
            : null
        }
      </div>
    </div>
    ${
      message.ephemeral
        ? null
        : html`<div class="message-hover">
          <button type="button" class="hover-button" aria-label="Add reaction" title="Add reaction" onClick=${() => setPicking(!picking)}>☺</button>
          ${picking ? html`<${EmojiPicker} message=${message} ctx=${ctx} onClose=${() => setPicking(false)} />` : null}
          ${!inThread ? html`<button type="button" class="hover-button" aria-label="Reply in thread" title="Reply in thread" onClick=${() => onOpenThread(message.ts)}>💬</button>` : null}
          <button type="button" class="hover-button" aria-label="More actions" title="More actions" onClick=${() => setMenu(!menu)}>⋮</button>
          ${
            menu
              ? html`<${ShortcutMenu} shortcuts=${shortcuts} onClose=${() => setMenu(false)} onPick=${(s) => {
                  setMenu(false);
                  onShortcut(message, s);
                }} />`
              : null
          }
        </div>`
    }
  </article>`;
}
