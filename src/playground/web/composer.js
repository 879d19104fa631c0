// The message box: `/task` verbs suggested as you type, `@` to pick a person and `#` a channel
// (sent as Slack sends them: <@U…|name> in commands, <@U…> in messages, <#C…|name>), links
// wrapped as Slack wraps them, Enter to send, Shift+Enter for a new line, ⚡ for shortcuts.
// What is typed is kept as a draft per person and conversation, and the box is emptied only once
// the send has gone through: a failed one leaves the text and says why beside the box.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { readDraft, writeDraft } from './drafts.js';
import { html } from './html.js';

const escapeSlack = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The text Slack would deliver for what was typed, with the picked mentions encoded. */
function encodeForSlack(text, picks, { command }) {
  let out = escapeSlack(text.trim());
  for (const pick of [...picks].sort((a, b) => b.display.length - a.display.length)) {
    const encoded = pick.kind === 'user' && !command ? `<@${pick.id}>` : pick.encoded;
    out = out.replace(
      new RegExp(`${pick.display.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.-])`, 'g'),
      encoded,
    );
  }
  return out.replace(/(^|[\s(])(https?:\/\/[^\s<>]+)/g, (_, before, url) => `${before}<${url}>`);
}

/** What to suggest for the text before the caret. */
function suggestionMode(before) {
  const slash = /^\/(\w*)$/.exec(before);
  if (slash) return { kind: 'command', query: slash[1] };
  const verb = /^\/task\s+(\w*)$/.exec(before);
  if (verb) return { kind: 'verb', query: verb[1].toLowerCase() };
  const at = /(?:^|\s)@([\w.-]*)$/.exec(before);
  if (at) return { kind: 'user', query: at[1].toLowerCase(), length: at[1].length + 1 };
  const hash = /(?:^|\s)#([\w-]*)$/.exec(before);
  if (hash) return { kind: 'channel', query: hash[1].toLowerCase(), length: hash[1].length + 1 };
  return undefined;
}

/** Why a send failed, and what the person can do about it. */
function notSent(error) {
  const reason = error?.message || String(error);
  return `Not sent: ${reason.replace(/\.$/, '')}. Your text is kept here: change it or press Enter to try again.`;
}

/**
 * onCommand and onMessage return the playground's answer (a command's says `ok: false` and why
 * when Slack would have failed it) or reject; draftKey names the person and conversation.
 */
export function Composer({
  placeholder,
  snapshot,
  draftKey,
  onCommand,
  onMessage,
  allowCommands = true,
  globalShortcuts = [],
  onGlobalShortcut,
}) {
  const [draft] = useState(() => readDraft(draftKey));
  const [text, setText] = useState(draft.text);
  const [caret, setCaret] = useState(draft.text.length);
  const [picks, setPicks] = useState(draft.picks);
  const [highlight, setHighlight] = useState(0);
  const [shortcutMenu, setShortcutMenu] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState('');
  const box = useRef(null);
  const typedNow = useRef(text);
  typedNow.current = text;
  useEffect(() => writeDraft(draftKey, text, picks), [draftKey, text, picks]);
  const before = text.slice(0, caret);
  const mode = suggestionMode(before);

  const suggestions = useMemo(() => {
    if (!mode) return [];
    if (mode.kind === 'command') {
      return allowCommands && '/task'.startsWith(`/${mode.query}`)
        ? [
            {
              key: 'task',
              label: '/task',
              detail: 'Create, list and act on tasks · Taskbridge',
              insert: '/task ',
            },
          ]
        : [];
    }
    if (mode.kind === 'verb') {
      return allowCommands
        ? snapshot.commands
            .filter((c) => c.verb.startsWith(mode.query))
            .map((c) => ({
              key: c.verb,
              label: `/task ${c.verb}`,
              usage: c.usage,
              detail: c.summary,
              insert: `/task ${c.verb} `,
            }))
        : [];
    }
    if (mode.kind === 'user') {
      // People, and the app itself (mentioning it sends it an app_mention, as in Slack).
      return snapshot.users
        .filter(
          (u) =>
            (!u.isBot || u.id === snapshot.botUserId) &&
            (u.name.startsWith(mode.query) || u.realName.toLowerCase().includes(mode.query)),
        )
        .map((u) => ({
          key: u.id,
          label: u.realName,
          detail: u.isBot ? 'App' : `@${u.name}`,
          user: u,
        }));
    }
    return snapshot.channels
      .filter((c) => c.name.startsWith(mode.query))
      .map((c) => ({ key: c.id, label: `#${c.name}`, channel: c }));
  }, [mode?.kind, mode?.query, snapshot]);

  const choose = (item) => {
    let next;
    let at;
    if (item.insert) {
      next = item.insert + text.slice(caret);
      at = item.insert.length;
    } else {
      const display = item.user ? `@${item.user.name}` : `#${item.channel.name}`;
      const start = caret - mode.length;
      next = `${text.slice(0, start)}${display} ${text.slice(caret)}`;
      at = start + display.length + 1;
      setPicks([
        ...picks.filter((p) => p.display !== display),
        item.user
          ? { kind: 'user', id: item.user.id, display, encoded: `<@${item.user.id}|${item.user.name}>` }
          : {
              kind: 'channel',
              id: item.channel.id,
              display,
              encoded: `<#${item.channel.id}|${item.channel.name}>`,
            },
      ]);
    }
    // Set the box at once, caret included: keys typed right after the pick land after it.
    if (box.current) {
      box.current.value = next;
      box.current.focus();
      box.current.setSelectionRange(at, at);
    }
    setText(next);
    setCaret(at);
    setHighlight(0);
  };

  const send = async () => {
    const typed = text.trim();
    if (!typed || sending) return;
    const command = typed.startsWith('/');
    const encoded = encodeForSlack(typed, picks, { command });
    setSending(true);
    setProblem('');
    try {
      const answer = command ? await onCommand(encoded) : await onMessage(encoded);
      if (answer?.ok === false) throw new Error(answer.error ?? `the app answered HTTP ${answer.status}`);
      // Emptied only now, and only if nothing new was typed while it went.
      if (typedNow.current === text) {
        setText('');
        setCaret(0);
        setPicks([]);
      }
    } catch (error) {
      setProblem(notSent(error));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event) => {
    if (suggestions.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((highlight + step + suggestions.length) % suggestions.length);
        return;
      }
      const complete = mode?.kind === 'verb' && suggestions.some((s) => s.insert?.trim() === text.trim());
      if (event.key === 'Tab' || (event.key === 'Enter' && !event.shiftKey && !complete)) {
        event.preventDefault();
        choose(suggestions[Math.min(highlight, suggestions.length - 1)]);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };
  const boxId = `composer-problem-${draftKey}`;

  return html`<div class="composer">
    ${
      suggestions.length > 0
        ? html`<ul class="suggestions" role="listbox" aria-label="Suggestions">
          ${suggestions.map(
            (s, i) => html`<li
              role="option"
              aria-selected=${i === highlight}
              class=${i === highlight ? 'selected' : ''}
              onMouseDown=${(e) => e.preventDefault()}
              onClick=${() => choose(s)}
            >
              ${s.user ? html`<span class="suggestion-avatar">${s.user.realName[0]}</span>` : null}
              <span class="suggestion-label">${s.label}</span>
              ${s.usage ? html`<span class="suggestion-usage">${s.usage}</span>` : null}
              ${s.detail ? html`<span class="suggestion-detail">${s.detail}</span>` : null}
            </li>`,
          )}
        </ul>`
        : null
    }
    ${problem ? html`<p class="composer-problem" id=${boxId} role="alert">${problem}</p>` : null}
    <div class=${`composer-box${problem ? ' composer-box-problem' : ''}`}>
      <textarea
        ref=${box}
        rows="1"
        aria-label=${placeholder}
        aria-describedby=${problem ? boxId : undefined}
        placeholder=${placeholder}
        value=${text}
        onInput=${(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart);
          setHighlight(0);
          setProblem('');
        }}
        onKeyUp=${(e) => setCaret(e.target.selectionStart)}
        onClick=${(e) => setCaret(e.target.selectionStart)}
        onKeyDown=${onKeyDown}
      ></textarea>
      <div class="composer-tools">
        ${
          globalShortcuts.length
            ? html`<div class="shortcut-launcher">
              <button type="button" class="tool-button" aria-label="Shortcuts" title="Shortcuts" onClick=${() => setShortcutMenu(!shortcutMenu)}>⚡</button>
              ${
                shortcutMenu
                  ? html`<ul class="message-menu shortcut-menu" role="menu">
                    <li class="message-menu-heading">Shortcuts</li>
                    ${globalShortcuts.map(
                      (s) =>
                        html`<li role="menuitem" title=${s.description} onClick=${() => {
                          setShortcutMenu(false);
                          onGlobalShortcut(s);
                        }}><span class="menu-app">TB</span> ${s.name} <span class="menu-app-name">Taskbridge</span></li>`,
                    )}
                  </ul>`
                  : null
              }
            </div>`
            : html`<span></span>`
        }
        <span class="composer-hint">${allowCommands ? 'Type / for commands, @ for people, # for channels' : 'Reply in thread'}</span>
        <button type="button" class="send-button" aria-label="Send" disabled=${!text.trim() || sending} onClick=${send}>➤</button>
      </div>
    </div>
  </div>`;
}
