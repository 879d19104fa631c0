/**
 * What the page shows one person at one moment, read from the emulator: the workspace (people with
 * their time zones, channels, the app's DM and its newest message), the open conversation as that person sees it (their
 * ephemeral messages included, marked), an open thread, the top modal with its field errors, and
 * the app's Home tab. The page redraws from this after every change.
 */

import type {
  EmulatorMessage,
  EmulatorView,
  EphemeralMessage,
  SlackEmulator,
} from '../slack-emulator/index.ts';
import { flexpaneOf } from '../slack-emulator/index.ts';
import { assistantShown } from './assistant-panel.ts';
import { GLOBAL_SHORTCUTS, MESSAGE_SHORTCUTS } from './shortcuts.ts';
import { slashSuggestions } from './slash-suggestions.ts';

interface SnapshotQuery {
  user: string;
  /** A channel id, or `app` for the app's Messages tab, or `home` for its Home tab. */
  channel: string;
  /** An open thread's parent ts. */
  thread?: string;
}

interface ShownMessage {
  ts: string;
  channel: string;
  user: string;
  text: string;
  blocks?: unknown[];
  attachments?: unknown[];
  edited?: boolean;
  threadTs?: string;
  replyCount?: number;
  latestReply?: string;
  unfurls?: Record<string, unknown>;
  /** The Work Object entities the message or its unfurls carry in their metadata. */
  entities?: unknown[];
  /** Only the viewer sees it ("Only visible to you"). */
  ephemeral?: boolean;
  /** Emoji reactions: name, who reacted, how many. */
  reactions?: Array<{ name: string; users: string[]; count: number }>;
}

function shown(message: EmulatorMessage): ShownMessage {
  return {
    ts: message.ts,
    channel: message.channel,
    user: message.user,
    text: message.text,
    ...(message.blocks ? { blocks: message.blocks } : {}),
    ...(message.attachments ? { attachments: message.attachments } : {}),
    ...(message.edited ? { edited: true } : {}),
    ...(message.thread_ts ? { threadTs: message.thread_ts } : {}),
    ...(message.reply_count ? { replyCount: message.reply_count, latestReply: message.latest_reply } : {}),
    ...(message.unfurls && Object.keys(message.unfurls).length > 0 ? { unfurls: message.unfurls } : {}),
    ...(message.reactions?.length ? { reactions: message.reactions } : {}),
    ...entitiesOf(message),
  };
}

function entitiesOf(message: EmulatorMessage): { entities?: unknown[] } {
  const lists = [message.metadata, message.unfurl_metadata].map(
    (m) => (m as { entities?: unknown } | undefined)?.entities,
  );
  const entities = lists.flatMap((list) => (Array.isArray(list) ? list : []));
  return entities.length > 0 ? { entities } : {};
}

/** An ephemeral message: always the app's (the emulator keeps no other kind). */
function shownEphemeral(message: EphemeralMessage, botUserId: string): ShownMessage {
  return {
    ts: message.ts,
    channel: message.channel,
    user: botUserId,
    text: message.text,
    ...(message.blocks ? { blocks: message.blocks } : {}),
    ...(message.attachments ? { attachments: message.attachments } : {}),
    ...(message.thread_ts ? { threadTs: message.thread_ts } : {}),
    ephemeral: true,
  };
}

const byTs = (a: ShownMessage, b: ShownMessage) => Number(a.ts) - Number(b.ts);

/** The DM channel between the app and a person, opened on first look as Slack has it ready. */
export function appDmOf(emulator: SlackEmulator, userId: string): string {
  const teamId = emulator.user(userId)?.teamId ?? emulator.team().id;
  return emulator.state.imWith(teamId, userId).id;
}

/**
 * Every workspace the emulator holds, for the sidebar's switcher (as Slack's lists the workspaces
 * one is signed in to), each with its org's name and the person and channel it opens on (its
 * first). With one workspace there is nothing to switch to, and the page shows no switcher.
 */
function workspacesOf(emulator: SlackEmulator) {
  return [...emulator.state.teams.values()].flatMap((team) => {
    const person = emulator.state.humanUsers(team.id)[0];
    if (!person) return [];
    const channel = [...emulator.state.channels.values()].find(
      (c) => c.teamId === team.id && !c.imUserId && !c.isArchived,
    );
    const org = team.enterpriseId ? emulator.state.enterprises.get(team.enterpriseId) : undefined;
    return [
      {
        id: team.id,
        name: team.name,
        ...(org ? { org: org.name } : {}),
        person: person.id,
        channel: channel?.id ?? 'home',
      },
    ];
  });
}

export function buildSnapshot(emulator: SlackEmulator, query: SnapshotQuery) {
  const me = emulator.user(query.user);
  if (!me || me.isBot) throw new Error(`No person ${query.user} in the workspace`);
  // A person sees their own workspace: its people, channels and Home, in an org each its own.
  const team = emulator.team(me.teamId);
  const botUserId = team.botUserId;
  const users = [...emulator.state.users.values()]
    .filter((user) => user.teamId === team.id && !user.deleted)
    .map((user) => ({
      id: user.id,
      name: user.name,
      realName: user.realName,
      tz: user.tz,
      isBot: user.isBot,
      isAdmin: user.isAdmin,
    }));
  const channels = [...emulator.state.channels.values()]
    .filter((channel) => channel.teamId === team.id && !channel.imUserId && !channel.isArchived)
    .map((channel) => ({ id: channel.id, name: channel.name, botIsMember: channel.botIsMember }));

  const dm = appDmOf(emulator, me.id);
  // The page marks the app's DM unread past what the person last saw (a global shortcut's result lands there).
  const dmLatest = emulator.messages(dm).at(-1)?.ts ?? null;
  const channelId = query.channel === 'app' || query.channel === 'home' ? dm : query.channel;
  const channel = emulator.state.channels.get(channelId);
  let messages: ShownMessage[] = [];
  let thread: ShownMessage[] | undefined;
  if (channel) {
    const all = emulator.messages(channel.id, { replies: true }).map(shown);
    const ephemerals = emulator.ephemeralMessages(me.id, channel.id).map((m) => shownEphemeral(m, botUserId));
    const everything = [...all, ...ephemerals].sort(byTs);
    messages = everything.filter((m) => !m.threadTs || m.threadTs === m.ts);
    if (query.thread) thread = everything.filter((m) => m.ts === query.thread || m.threadTs === query.thread);
  }
  // The assistant panel's thread: what the app set on it (title, prompts, status).
  const assistant = channel && query.thread ? assistantShown(emulator, channel.id, query.thread) : undefined;
  const modals = emulator.openModals(me.id);
  const top = modals.at(-1);
  const home = query.channel === 'home' ? emulator.homeTab(me.id) : undefined;
  return {
    team: { id: team.id, name: team.name, domain: team.domain },
    workspaces: workspacesOf(emulator),
    botUserId,
    me: me.id,
    users,
    channels,
    dm,
    dmLatest,
    channel: channel
      ? {
          id: channel.id,
          name: channel.imUserId ? 'Taskbridge' : channel.name,
          isDm: Boolean(channel.imUserId),
          botIsMember: channel.botIsMember,
        }
      : null,
    messages,
    ...(thread ? { thread } : {}),
    ...(assistant ? { assistant } : {}),
    modal: top
      ? { view: viewShown(top), errors: emulator.viewErrors(top.id) ?? {}, depth: modals.length }
      : null,
    home: home ? viewShown(home) : null,
    flexpane: flexpaneOf(emulator.state, team.id, me.id) ?? null,
    shortcuts: { message: MESSAGE_SHORTCUTS, global: GLOBAL_SHORTCUTS },
    commands: slashSuggestions(),
  };
}

function viewShown(view: EmulatorView) {
  return {
    id: view.id,
    type: view.type,
    title: view.title,
    submit: view.submit,
    close: view.close,
    blocks: view.blocks,
    callbackId: view.callback_id,
    hash: view.hash,
    previousViewId: view.previous_view_id,
  };
}
