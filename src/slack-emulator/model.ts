/** The emulator's records: what a Slack workspace holds, in the shapes the Web API answers with. */

export interface EmulatorTeam {
  id: string;
  name: string;
  /** Subdomain: `acme` → https://acme.slack.com/. */
  domain: string;
  botToken: string;
  /** The app-level token (`xapp-…`) that opens Socket Mode connections. */
  appToken: string;
  botUserId: string;
  botId: string;
  appId: string;
  /** The Enterprise Grid org the workspace belongs to, if any. */
  enterpriseId?: string;
}

/**
 * An Enterprise Grid org: its workspaces, and those an org admin added the app to. Slack sends no
 * events from a workspace the app was not added to, even with an org-wide install
 * (docs.slack.dev/enterprise-grid, "Org-ready apps").
 */
export interface EmulatorEnterprise {
  id: string;
  name: string;
  domain: string;
  /** Every workspace of the org, in the order added. */
  teamIds: string[];
  /** The workspaces the app has been added to. */
  appAddedTo: Set<string>;
  /** Whether the app is installed org-wide (an `oauth.v2.access` with `is_enterprise_install`). */
  orgInstalled: boolean;
  /** The org-wide bot token (`xoxb-…`), valid in each workspace the app was added to. */
  botToken: string;
}

export interface EmulatorUser {
  id: string;
  teamId: string;
  /** Handle, e.g. `ana`. */
  name: string;
  realName: string;
  email?: string;
  /** IANA zone, e.g. `Europe/London`. */
  tz: string;
  isAdmin: boolean;
  isBot: boolean;
  deleted: boolean;
}

export interface EmulatorChannel {
  id: string;
  teamId: string;
  name: string;
  /** Human members' ids (the bot is tracked by `botIsMember`). */
  members: string[];
  botIsMember: boolean;
  isPrivate: boolean;
  isArchived: boolean;
  /** A direct message with one user (`D…`), opened when the bot posts to a user id. */
  imUserId?: string;
  created: number;
}

/** A channel message as conversations.history answers it. */
export interface EmulatorMessage {
  type: 'message';
  channel: string;
  team: string;
  ts: string;
  /** Author: the bot user for the app's messages. */
  user: string;
  bot_id?: string;
  app_id?: string;
  text: string;
  blocks?: unknown[];
  attachments?: unknown[];
  metadata?: unknown;
  thread_ts?: string;
  reply_count?: number;
  reply_users?: string[];
  latest_reply?: string;
  edited?: { user: string; ts: string };
  /** What chat.unfurl attached, by URL. */
  unfurls?: Record<string, unknown>;
  /** The Work Object entities a chat.unfurl carried (`metadata`), as Slack keeps them beside the unfurls. */
  unfurl_metadata?: unknown;
  /** Emoji reactions, in the order first added (reactions.get's shape). */
  reactions?: EmulatorReaction[];
}

/** One emoji on a message: who reacted with it. */
export interface EmulatorReaction {
  name: string;
  users: string[];
  count: number;
}

/** A message only one user sees; Slack keeps none, the emulator keeps them so tests can read them. */
export interface EphemeralMessage {
  channel: string;
  team: string;
  /** The one user who sees it. */
  user: string;
  ts: string;
  text: string;
  blocks?: unknown[];
  attachments?: unknown[];
  thread_ts?: string;
  /** `chat.postEphemeral` or a response_url. */
  via: 'chat.postEphemeral' | 'response_url';
  deleted: boolean;
}

/** A view as the Web API answers it (views.open, views.publish, ...). */
export interface EmulatorView {
  id: string;
  team_id: string;
  type: 'modal' | 'home';
  title?: unknown;
  submit?: unknown;
  close?: unknown;
  blocks: unknown[];
  private_metadata: string;
  callback_id: string;
  external_id: string;
  state: { values: Record<string, unknown> };
  hash: string;
  clear_on_close: boolean;
  notify_on_close: boolean;
  root_view_id: string | null;
  previous_view_id: string | null;
  app_id: string;
  app_installed_team_id: string;
  bot_id: string;
}

/** A view plus whose it is and whether it is still on screen. */
export interface ViewRecord {
  view: EmulatorView;
  userId: string;
  open: boolean;
  /** Per-block errors from the last `response_action: "errors"` ack. */
  errors?: Record<string, string>;
}

export interface RecordedCall {
  /** Web API method, or `response_url` / `response_action` for those channels. */
  method: string;
  /** Arguments as the app sent them (JSON fields parsed), without the token. */
  args: Record<string, unknown>;
  /** Epoch ms, by the emulator's clock. */
  at: number;
  /** The team the token belongs to, when it was valid. */
  teamId?: string;
  status: number;
  response: Record<string, unknown>;
  /**
   * `ack`: a `response_url` message that came back in the HTTP answer to the slash command itself,
   * which Slack shows just as it shows one posted to the command's response_url.
   */
  via?: 'ack';
}
