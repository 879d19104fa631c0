// The playground page: a Slack-like workspace (sidebar, people switcher, channels, the app's DM
// with its Home and Messages tabs, threads, modals) drawn from the server's snapshot and redrawn
// whenever the server says something changed. Every click goes to the server, which sends it to
// the app the way Slack would.
import { render } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { getJson, post, watchChanges } from './api.js';
import { AssistantBar } from './assistant.js';
import { Blocks } from './blocks.js';
import { Composer } from './composer.js';
import { ConfirmDialog, Toast } from './dialogs.js';
import { html } from './html.js';
import { Avatar, Message } from './message.js';
import { Modal } from './modal.js';
import { hasUnread, markRead } from './unread.js';
import { Flexpane, WorkflowDialog } from './work-objects.js';

function readLocation() {
  const [user, channel, thread] = location.hash.replace(/^#/, '').split('/');
  return { user: user || 'U0ANA', channel: channel || 'C0GENERAL', thread: thread || undefined };
}

/** Every zone the browser knows, with the person's own first when the browser does not list it. */
const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
function zoneChoices(current) {
  return ZONES.includes(current) ? ZONES : [current, ...ZONES];
}

function App() {
  const [where, setWhere] = useState(readLocation);
  const [snapshot, setSnapshot] = useState(null);
  const [emoji, setEmoji] = useState({});
  const [toast, setToast] = useState(null);
  const [confirming, setConfirming] = useState(null);
  const [failure, setFailure] = useState('');
  // Modals the person closed: gone from the page at once, whatever the app makes of the closing.
  const [dismissed, setDismissed] = useState(() => new Set());
  // A task's flexpane beside the conversation, and the workflows dialog.
  const [paneOpen, setPaneOpen] = useState(false);
  const [workflows, setWorkflows] = useState(false);
  const latest = useRef(0);
  const list = useRef(null);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    const query = new URLSearchParams({ user: where.user, channel: where.channel });
    if (where.thread) query.set('thread', where.thread);
    try {
      const next = await getJson(`/api/snapshot?${query}`);
      if (ticket === latest.current) {
        setSnapshot(next);
        setFailure('');
      }
    } catch (error) {
      setFailure(error.message);
    }
  }, [where]);

  useEffect(() => {
    const hash = [where.user, where.channel, where.thread].filter(Boolean).join('/');
    if (location.hash.replace(/^#/, '') !== hash) location.hash = hash;
    load();
  }, [where]);
  // A link or the address bar can change who is looking and where.
  useEffect(() => {
    const follow = () => {
      const next = readLocation();
      setWhere((now) =>
        now.user === next.user && now.channel === next.channel && now.thread === next.thread ? now : next,
      );
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  useEffect(() => watchChanges(() => load()), [load]);
  useEffect(() => {
    getJson('/api/emoji').then(setEmoji, () => undefined);
  }, []);
  useEffect(() => {
    if (where.channel === 'home') post('home', { user: where.user }).catch((e) => say(e.message, 'error'));
  }, [where.user, where.channel]);
  const messageCount = snapshot?.messages?.length ?? 0;
  const readingApp = where.channel === 'app' && snapshot?.me === where.user;
  useEffect(() => {
    if (readingApp) markRead(snapshot.me, snapshot.dmLatest);
  }, [readingApp, snapshot?.dmLatest]);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messageCount, where.channel]);

  const say = (text, kind = 'info') => setToast({ text, kind });
  const run = (work) => work.catch((error) => say(error.message, 'error'));

  const baseCtx = useMemo(() => {
    if (!snapshot) return null;
    const me = snapshot.users.find((u) => u.id === snapshot.me);
    return {
      viewer: snapshot.me,
      users: snapshot.users,
      channels: snapshot.channels,
      emoji,
      timeZone: me?.tz ?? 'UTC',
      confirm: (confirm) => new Promise((resolve) => setConfirming({ confirm, resolve })),
      react: (message, name) =>
        run(post('react', { user: snapshot.me, channel: message.channel, ts: message.ts, name })),
      openEntity: (message, entity) =>
        run(
          post('entity', {
            user: snapshot.me,
            channel: message.channel,
            messageTs: message.ts,
            url: entity.app_unfurl_url ?? entity.url,
          }).then(() => setPaneOpen(true)),
        ),
      actOnMessage: (message, action) =>
        run(post('action', { user: snapshot.me, channel: message.channel, messageTs: message.ts, action })),
      suggestOnMessage: (message, actionId, blockId, value) =>
        post('options', {
          user: snapshot.me,
          channel: message.channel,
          messageTs: message.ts,
          actionId,
          blockId,
          value,
        }),
    };
  }, [snapshot, emoji]);

  if (!snapshot || !baseCtx) {
    return html`<p class="booting">${failure ? `The workspace did not open: ${failure}` : 'Opening the workspace…'}</p>`;
  }
  const me = snapshot.users.find((u) => u.id === snapshot.me);
  const go = (channel) => setWhere({ ...where, channel, thread: undefined });
  const inApp = where.channel === 'app' || where.channel === 'home';
  const channelId = snapshot.channel?.id;
  const appUnread = !readingApp && hasUnread(snapshot.me, snapshot.dmLatest);

  // The composer says itself when a send fails, beside the text it keeps.
  const command = (text) => post('command', { user: snapshot.me, channel: where.channel, text });
  const message = (text, threadTs) =>
    post('message', { user: snapshot.me, channel: where.channel, text, ...(threadTs ? { threadTs } : {}) });
  const draftKey = `${where.user}/${where.channel}`;
  const modal = snapshot.modal && !dismissed.has(snapshot.modal.view.id) ? snapshot.modal : null;
  const messageShortcut = (msg, shortcut) =>
    run(
      post('shortcut', {
        user: snapshot.me,
        channel: msg.channel,
        messageTs: msg.ts,
        callbackId: shortcut.callbackId,
      }),
    );
  const globalShortcut = (shortcut) =>
    run(post('shortcut', { user: snapshot.me, callbackId: shortcut.callbackId }));
  const digestNow = () =>
    run(
      post('digest', { channel: channelId }).then(({ sent }) =>
        sent === 0
          ? say(`No digest is scheduled in #${snapshot.channel.name}. Run /task digest here to set one up.`)
          : say(`Sent ${sent === 1 ? 'the digest' : `${sent} digests`} of #${snapshot.channel.name}.`),
      ),
    );

  const homeCtx = snapshot.home && {
    ...baseCtx,
    act: (action) => run(post('action', { user: snapshot.me, viewId: snapshot.home.id, action })),
    suggest: (actionId, blockId, value) =>
      post('options', { user: snapshot.me, viewId: snapshot.home.id, actionId, blockId, value }),
  };

  // Opens Slack's assistant panel: a new thread in the app's DM, shown in the thread pane.
  const openAssistant = () =>
    run(
      post('assistant', { user: snapshot.me, channel: where.channel }).then(({ threadTs }) =>
        setWhere({ user: where.user, channel: 'app', thread: threadTs }),
      ),
    );

  // Every workspace the local Slack holds (Acme, and an org's when there is one): switching opens
  // it as its first person, in its first channel, as signing in to another workspace would.
  const workspaces = snapshot.workspaces ?? [];
  const here = workspaces.find((w) => w.id === snapshot.team.id);
  const switchWorkspace = (teamId) => {
    const next = workspaces.find((w) => w.id === teamId);
    if (!next || next.id === snapshot.team.id) return;
    setPaneOpen(false);
    setWorkflows(false);
    setWhere({ user: next.person, channel: next.channel, thread: undefined });
  };

  const messageProps = {
    ctx: baseCtx,
    shortcuts: snapshot.shortcuts.message,
    onShortcut: messageShortcut,
    onOpenThread: (ts) => setWhere({ ...where, thread: ts }),
  };

  return html`<div class="workspace">
    <aside class="sidebar">
      <div class="team-name">${snapshot.team.name} <span class="team-domain">${here?.org ? `${here.org} org · ` : ''}${snapshot.team.domain}.slack.com</span></div>
      ${
        workspaces.length > 1
          ? html`<label class="people-switcher workspace-switcher">
            <span class="switcher-caption">Workspace</span>
            <span class="switcher-row">
              <select aria-label="Workspace" value=${snapshot.team.id} onChange=${(e) => switchWorkspace(e.target.value)}>
                ${workspaces.map((w) => html`<option value=${w.id}>${w.org ? `${w.name} (${w.org})` : w.name}</option>`)}
              </select>
            </span>
          </label>`
          : null
      }
      <label class="people-switcher">
        <span class="switcher-caption">Viewing as</span>
        <span class="switcher-row">
          <${Avatar} user=${me} small=${true} />
          <select aria-label="Viewing as" value=${snapshot.me} onChange=${(e) => setWhere({ ...where, user: e.target.value, thread: undefined })}>
            ${snapshot.users.filter((u) => !u.isBot).map((u) => html`<option value=${u.id}>${u.realName}</option>`)}
          </select>
        </span>
        <span class="switcher-tz">
          <select
            class="tz-select"
            aria-label="Time zone"
            title="Their Slack time zone: the app hears user_change and reads their dates in it"
            value=${me.tz}
            onChange=${(e) => run(post('person', { user: me.id, tz: e.target.value }).then(load))}
          >
            ${zoneChoices(me.tz).map((zone) => html`<option value=${zone}>${zone.replace(/_/g, ' ')}</option>`)}
          </select>${me.isAdmin ? ' · admin' : ''}
        </span>
      </label>
      <nav aria-label="Channels">
        <div class="sidebar-heading">Channels</div>
        ${snapshot.channels.map(
          (
            c,
          ) => html`<button type="button" class=${`sidebar-item${c.id === where.channel ? ' active' : ''}`} onClick=${() => go(c.id)}>
            <span class="hash">#</span> ${c.name}
          </button>`,
        )}
        <div class="sidebar-heading">Apps</div>
        <button type="button" class=${`sidebar-item${inApp ? ' active' : ''}${appUnread ? ' unread' : ''}`} onClick=${() => go('home')}>
          <span class="avatar avatar-app avatar-tiny">TB</span> Taskbridge
          ${appUnread ? html`<span class="unread-badge" title="New messages">new</span>` : null}
        </button>
        <button type="button" class="sidebar-item" aria-label="Open the assistant" onClick=${openAssistant}>
          <span aria-hidden="true">✦</span> Assistant
        </button>
      </nav>
      <button type="button" class="sidebar-item" onClick=${() => setWorkflows(true)}>⚡ Workflows</button>
      <div class="sidebar-foot">Taskbridge playground · the real app, a local Slack</div>
    </aside>

    <main class="conversation">
      <header class="conversation-header">
        ${
          inApp
            ? html`<div class="app-header">
              <span class="avatar avatar-app">TB</span>
              <h1>Taskbridge</h1>
              <div class="tabs" role="tablist">
                <button type="button" role="tab" aria-selected=${where.channel === 'home'} class=${where.channel === 'home' ? 'tab active' : 'tab'} onClick=${() => go('home')}>Home</button>
                <button type="button" role="tab" aria-selected=${where.channel === 'app'} class=${where.channel === 'app' ? 'tab active' : 'tab'} onClick=${() => go('app')}>Messages${appUnread ? html` <span class="unread-badge" title="New messages">new</span>` : null}</button>
              </div>
            </div>`
            : html`<h1># ${snapshot.channel?.name}</h1>
              <div class="header-tools">
                ${snapshot.channel && !snapshot.channel.botIsMember ? html`<span class="header-note">Taskbridge is not in this channel</span>` : null}
                <button type="button" class="header-button" onClick=${digestNow} title="Send this channel's scheduled digest now, as the scheduler would">⏰ Send digest now</button>
              </div>`
        }
      </header>

      ${
        where.channel === 'home'
          ? html`<section class="home-tab" aria-label="Home">
            ${snapshot.home ? html`<${Blocks} blocks=${snapshot.home.blocks} ctx=${homeCtx} />` : html`<p class="empty">Opening Home…</p>`}
          </section>`
          : html`<section class="messages" ref=${list} aria-label="Messages">
              ${
                snapshot.messages.length === 0
                  ? html`<p class="empty">${inApp ? 'Your messages with Taskbridge appear here. Write to it as after /task: help, mine, or new Review the PR due tomorrow.' : `This is the very beginning of #${snapshot.channel?.name}. Try /task help.`}</p>`
                  : snapshot.messages.map(
                      (m) =>
                        html`<${Message} key=${m.ts + (m.ephemeral ? 'e' : '')} message=${m} ...${messageProps} />`,
                    )
              }
            </section>
            <${Composer}
              key=${draftKey}
              draftKey=${draftKey}
              placeholder=${inApp ? 'Message Taskbridge' : `Message #${snapshot.channel?.name}`}
              snapshot=${snapshot}
              onCommand=${command}
              onMessage=${(text) => message(text)}
              globalShortcuts=${snapshot.shortcuts.global}
              onGlobalShortcut=${globalShortcut}
            />`
      }
    </main>

    ${
      where.thread && snapshot.thread
        ? html`<aside class="thread-pane" aria-label="Thread">
          <header class="thread-header">
            <h2>${snapshot.assistant ? `Assistant${snapshot.assistant.title ? ` · ${snapshot.assistant.title}` : ''}` : 'Thread'}</h2>
            <span class="thread-channel">${inApp ? 'Taskbridge' : `#${snapshot.channel?.name}`}</span>
            <button type="button" class="modal-x thread-close" aria-label="Close thread" onClick=${() => setWhere({ ...where, thread: undefined })}>×</button>
          </header>
          <div class="thread-messages">
            ${snapshot.thread.map(
              (
                m,
                i,
              ) => html`${i === 1 ? html`<div class="thread-divider">${snapshot.thread.length - 1} ${snapshot.thread.length === 2 ? 'reply' : 'replies'}</div>` : null}
                <${Message} key=${m.ts + (m.ephemeral ? 'e' : '')} message=${m} ...${messageProps} inThread=${true} />`,
            )}
          </div>
          ${snapshot.assistant ? html`<${AssistantBar} assistant=${snapshot.assistant} onPrompt=${(text) => run(message(text, where.thread))} />` : null}
          <${Composer}
            key=${`${draftKey}/${where.thread}`}
            draftKey=${`${draftKey}/${where.thread}`}
            placeholder="Reply…"
            snapshot=${snapshot}
            allowCommands=${false}
            onCommand=${command}
            onMessage=${(text) => message(text, where.thread)}
          />
        </aside>`
        : null
    }

    ${
      paneOpen && snapshot.flexpane
        ? html`<${Flexpane}
          pane=${snapshot.flexpane}
          ctx=${baseCtx}
          onSave=${(fields) => run(post('entityEdit', { user: snapshot.me, fields }))}
          onClose=${() => setPaneOpen(false)}
        />`
        : null
    }
    ${
      workflows
        ? html`<${WorkflowDialog}
          ctx=${baseCtx}
          run=${(form) => post('workflow', { user: snapshot.me, ...form })}
          onClose=${() => setWorkflows(false)}
        />`
        : null
    }
    ${
      modal
        ? html`<${Modal}
          key=${modal.view.id}
          modal=${modal}
          baseCtx=${baseCtx}
          act=${(viewId, action, values) => run(post('action', { user: snapshot.me, viewId, action, values }))}
          suggest=${(viewId, actionId, blockId, value) => post('options', { user: snapshot.me, viewId, actionId, blockId, value })}
          submit=${(viewId, values) => post('submit', { user: snapshot.me, viewId, values })}
          close=${(viewId, all) => {
            setDismissed((before) => new Set(before).add(viewId));
            return run(post('close', { user: snapshot.me, viewId, all }));
          }}
        />`
        : null
    }
    ${
      confirming
        ? html`<${ConfirmDialog}
          confirm=${confirming.confirm}
          ctx=${baseCtx}
          onAnswer=${(yes) => {
            confirming.resolve(yes);
            setConfirming(null);
          }}
        />`
        : null
    }
    <${Toast} toast=${toast} onClose=${() => setToast(null)} />
  </div>`;
}

render(html`<${App} />`, document.getElementById('root'));
