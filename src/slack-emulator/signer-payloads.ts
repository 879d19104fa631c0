/**
 * Slack's request payloads, shaped as Slack sends them to an app's Request URL:
 * https://api.slack.com/interactivity/slash-commands (form body),
 * https://api.slack.com/reference/interaction-payloads (`payload=` JSON),
 * https://api.slack.com/apis/events-api (event_callback JSON).
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';

/** Deprecated verification token Slack still sends; apps verify signatures instead. */
export const VERIFICATION_TOKEN = 'emulator-verification-token';

export interface PayloadUser {
  id: string;
  username: string;
  name: string;
  team_id: string;
}

export interface PayloadTeam {
  id: string;
  domain: string;
  /** Set in a workspace of an Enterprise Grid org. */
  enterprise_id?: string;
  enterprise_name?: string;
}

/**
 * The Enterprise Grid org a request comes from: payloads carry `enterprise` (and the team's
 * `enterprise_id`), and `is_enterprise_install` says whether the app is installed org-wide
 * (docs.slack.dev/enterprise-grid; events say it in `authorizations[]`).
 */
export interface PayloadOrg {
  id: string;
  name: string;
  isEnterpriseInstall: boolean;
}

export interface PayloadChannel {
  id: string;
  name: string;
}

/** Common facts every interaction payload carries. */
export interface InteractionBase {
  team: PayloadTeam;
  user: PayloadUser;
  apiAppId: string;
  actionTs: string;
  org?: PayloadOrg;
}

function orgFields(base: { org?: PayloadOrg | undefined }): Record<string, unknown> {
  return {
    enterprise: base.org ? { id: base.org.id, name: base.org.name } : null,
    is_enterprise_install: base.org?.isEnterpriseInstall ?? false,
  };
}

/** Slack's `action_ts`: seconds with six decimals. */
export function actionTs(now: Date): string {
  const ms = now.getTime();
  return `${Math.floor(ms / 1000)}.${String((ms % 1000) * 1000 + randomInt(1000)).padStart(6, '0')}`;
}

export function commandBody(input: {
  base: InteractionBase;
  command: string;
  text: string;
  channel: PayloadChannel;
  responseUrl: string;
  triggerId: string;
}): Record<string, string> {
  const { base } = input;
  return {
    token: VERIFICATION_TOKEN,
    team_id: base.team.id,
    team_domain: base.team.domain,
    channel_id: input.channel.id,
    channel_name: input.channel.name,
    user_id: base.user.id,
    user_name: base.user.username,
    command: input.command,
    text: input.text,
    api_app_id: base.apiAppId,
    ...(base.org ? { enterprise_id: base.org.id, enterprise_name: base.org.name } : {}),
    is_enterprise_install: String(base.org?.isEnterpriseInstall ?? false),
    response_url: input.responseUrl,
    trigger_id: input.triggerId,
  };
}

/** The view object as it appears inside interaction payloads, with the submitted state. */
export function payloadView(
  view: Record<string, unknown>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  return {
    id: view.id,
    team_id: view.team_id,
    type: view.type ?? 'modal',
    blocks: view.blocks ?? [],
    private_metadata: view.private_metadata ?? '',
    callback_id: view.callback_id ?? '',
    state: { values },
    hash: view.hash ?? '',
    title: view.title,
    clear_on_close: view.clear_on_close ?? false,
    notify_on_close: view.notify_on_close ?? false,
    close: view.close ?? null,
    submit: view.submit ?? null,
    previous_view_id: view.previous_view_id ?? null,
    root_view_id: view.root_view_id ?? view.id,
    app_id: view.app_id,
    external_id: view.external_id ?? '',
    app_installed_team_id: view.app_installed_team_id ?? view.team_id,
    bot_id: view.bot_id,
  };
}

/**
 * State values as Slack sends them. A string leaf is shorthand for a plain_text_input's value:
 * `{title_block: {title_input: 'Fix login'}}`; an object leaf is passed through as Slack's own
 * (`{type: 'static_select', selected_option: {...}}`).
 */
export function stateValues(values: Record<string, Record<string, unknown>> = {}): Record<string, unknown> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [blockId, actions] of Object.entries(values)) {
    out[blockId] = {};
    for (const [actionId, value] of Object.entries(actions)) {
      out[blockId][actionId] =
        typeof value === 'string' || value === null ? { type: 'plain_text_input', value } : value;
    }
  }
  return out;
}

export function blockActionsPayload(input: {
  base: InteractionBase;
  action: Record<string, unknown>;
  container: Record<string, unknown>;
  triggerId: string;
  channel?: PayloadChannel;
  message?: Record<string, unknown>;
  view?: Record<string, unknown>;
  responseUrl?: string;
  state?: Record<string, unknown>;
}): Record<string, unknown> {
  const { base } = input;
  return {
    type: 'block_actions',
    user: base.user,
    api_app_id: base.apiAppId,
    token: VERIFICATION_TOKEN,
    container: input.container,
    trigger_id: input.triggerId,
    team: base.team,
    ...orgFields(base),
    ...(input.channel ? { channel: input.channel } : {}),
    ...(input.message ? { message: input.message } : {}),
    ...(input.view ? { view: input.view } : {}),
    ...(input.state ? { state: { values: input.state } } : {}),
    ...(input.responseUrl ? { response_url: input.responseUrl } : {}),
    actions: [{ ...input.action, action_ts: base.actionTs }],
  };
}

export function viewSubmissionPayload(input: {
  base: InteractionBase;
  view: Record<string, unknown>;
  triggerId: string;
  responseUrls: Array<{ block_id: string; action_id: string; channel_id: string; response_url: string }>;
}): Record<string, unknown> {
  const { base } = input;
  return {
    type: 'view_submission',
    team: base.team,
    user: base.user,
    api_app_id: base.apiAppId,
    token: VERIFICATION_TOKEN,
    trigger_id: input.triggerId,
    view: input.view,
    response_urls: input.responseUrls,
    ...orgFields(base),
  };
}

export function viewClosedPayload(input: {
  base: InteractionBase;
  view: Record<string, unknown>;
  isCleared: boolean;
}): Record<string, unknown> {
  const { base } = input;
  return {
    type: 'view_closed',
    team: base.team,
    user: base.user,
    api_app_id: base.apiAppId,
    token: VERIFICATION_TOKEN,
    view: input.view,
    is_cleared: input.isCleared,
    ...orgFields(base),
  };
}

export function globalShortcutPayload(input: {
  base: InteractionBase;
  callbackId: string;
  triggerId: string;
}): Record<string, unknown> {
  const { base } = input;
  return {
    type: 'shortcut',
    token: VERIFICATION_TOKEN,
    action_ts: base.actionTs,
    team: base.team,
    user: { id: base.user.id, username: base.user.username, team_id: base.team.id },
    ...orgFields(base),
    callback_id: input.callbackId,
    trigger_id: input.triggerId,
  };
}

export function messageActionPayload(input: {
  base: InteractionBase;
  callbackId: string;
  triggerId: string;
  channel: PayloadChannel;
  message: Record<string, unknown>;
  responseUrl: string;
}): Record<string, unknown> {
  const { base } = input;
  return {
    type: 'message_action',
    token: VERIFICATION_TOKEN,
    action_ts: base.actionTs,
    team: base.team,
    user: { id: base.user.id, username: base.user.username, name: base.user.name, team_id: base.team.id },
    channel: input.channel,
    ...orgFields(base),
    callback_id: input.callbackId,
    trigger_id: input.triggerId,
    response_url: input.responseUrl,
    message_ts: input.message.ts,
    message: input.message,
  };
}

export function blockSuggestionPayload(input: {
  base: InteractionBase;
  actionId: string;
  blockId: string;
  value: string;
  container: Record<string, unknown>;
  view?: Record<string, unknown>;
  channel?: PayloadChannel;
  message?: Record<string, unknown>;
}): Record<string, unknown> {
  const { base } = input;
  return {
    type: 'block_suggestion',
    user: base.user,
    container: input.container,
    api_app_id: base.apiAppId,
    token: VERIFICATION_TOKEN,
    action_id: input.actionId,
    block_id: input.blockId,
    value: input.value,
    team: base.team,
    ...orgFields(base),
    ...(input.view ? { view: input.view } : {}),
    ...(input.channel ? { channel: input.channel } : {}),
    ...(input.message ? { message: input.message } : {}),
  };
}

export function eventCallbackBody(input: {
  teamId: string;
  apiAppId: string;
  botUserId: string;
  event: Record<string, unknown>;
  eventId: string;
  eventTime: number;
  org?: PayloadOrg | undefined;
}): Record<string, unknown> {
  const orgWide = input.org?.isEnterpriseInstall ?? false;
  return {
    token: VERIFICATION_TOKEN,
    team_id: input.teamId,
    ...(input.org ? { enterprise_id: input.org.id } : {}),
    api_app_id: input.apiAppId,
    event: { event_ts: `${input.eventTime}.000100`, ...input.event },
    type: 'event_callback',
    event_id: input.eventId,
    event_time: input.eventTime,
    authorizations: [
      {
        enterprise_id: input.org?.id ?? null,
        // An org-wide install is authorized for the org, not one workspace.
        team_id: orgWide ? null : input.teamId,
        user_id: input.botUserId,
        is_bot: true,
        is_enterprise_install: orgWide,
      },
    ],
    is_ext_shared_channel: false,
    event_context: `4-${randomBytes(24).toString('base64url')}`,
  };
}

export function newEventId(): string {
  return `Ev${randomBytes(5).toString('hex').toUpperCase()}`;
}

/**
 * The events Slack sends an app for a person's new message (Events API shapes): `app_mention` when
 * it mentions the app in a channel the app is in, and `message` with `channel_type: 'im'` in the
 * app's own DM (`message.im`). Each carries only the message itself, never its thread.
 */
export function messageEvents(input: {
  message: { ts: string; text: string; user: string; thread_ts?: string | undefined };
  channel: string;
  teamId: string;
  botUserId: string;
  /** The conversation is the app's DM with the person. */
  isAppDm: boolean;
  /** The app is a member of the channel (Slack sends no app_mention elsewhere: it offers to invite it). */
  appIsMember: boolean;
}): Array<Record<string, unknown>> {
  const { message } = input;
  const common = {
    client_msg_id: randomUUID(),
    text: message.text,
    user: message.user,
    ts: message.ts,
    team: input.teamId,
    blocks: [
      { type: 'rich_text', block_id: randomBytes(3).toString('base64url'), elements: [] as unknown[] },
    ],
    channel: input.channel,
    event_ts: message.ts,
    ...(message.thread_ts && message.thread_ts !== message.ts ? { thread_ts: message.thread_ts } : {}),
  };
  if (input.isAppDm) return [{ type: 'message', ...common, channel_type: 'im' }];
  const mentioned = new RegExp(`<@${input.botUserId}(\\|[^>]*)?>`).test(message.text);
  return mentioned && input.appIsMember ? [{ type: 'app_mention', ...common }] : [];
}

/**
 * `reaction_added` / `reaction_removed` for a message, in the Events API shape of
 * https://api.slack.com/events/reaction_added: who, which emoji, the message's author as
 * `item_user`, and the message as `item`.
 */
export function reactionEvent(input: {
  type: 'reaction_added' | 'reaction_removed';
  user: string;
  name: string;
  channel: string;
  message: { ts: string; user: string };
}): Record<string, unknown> {
  return {
    type: input.type,
    user: input.user,
    reaction: input.name,
    item_user: input.message.user,
    item: { type: 'message', channel: input.channel, ts: input.message.ts },
  };
}

/**
 * `assistant_thread_started` / `assistant_thread_context_changed`, in the shape of
 * https://api.slack.com/events/assistant_thread_started: the thread (`channel_id`, `thread_ts`),
 * whose it is, and the channel the person was looking at (`context`).
 */
export function assistantThreadEvent(input: {
  type: 'assistant_thread_started' | 'assistant_thread_context_changed';
  user: string;
  teamId: string;
  channel: string;
  threadTs: string;
  contextChannel: string | null;
}): Record<string, unknown> {
  return {
    type: input.type,
    assistant_thread: {
      user_id: input.user,
      context: input.contextChannel ? { channel_id: input.contextChannel, team_id: input.teamId } : {},
      channel_id: input.channel,
      thread_ts: input.threadTs,
    },
  };
}
