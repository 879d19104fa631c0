import { randomBytes } from 'node:crypto';
import { type Clock, systemClock } from '../lib/clock.ts';
import { userJsonIn } from './api-shapes.ts';
import type { SlackEmulator } from './create-slack-emulator.ts';
import { DEFAULT_SEED } from './default-seed.ts';
import { assistantThread, openAssistantThread } from './methods/assistant.ts';
import { appendMessage } from './methods/chat.ts';
import { addReaction, emojiName, removeReaction } from './methods/reactions.ts';
import type { EmulatorMessage, EmulatorUser, EmulatorView, EphemeralMessage } from './model.ts';
import {
  actionTs,
  assistantThreadEvent,
  blockActionsPayload,
  blockSuggestionPayload,
  commandBody,
  eventCallbackBody,
  globalShortcutPayload,
  type InteractionBase,
  messageActionPayload,
  messageEvents,
  newEventId,
  type PayloadChannel,
  type PayloadOrg,
  type PayloadTeam,
  payloadView,
  reactionEvent,
  stateValues,
  VERIFICATION_TOKEN,
  viewClosedPayload,
  viewSubmissionPayload,
} from './signer-payloads.ts';
import { ackAsText, envelopeOf } from './signer-socket.ts';
import { signSlackRequest } from './slack-signature.ts';
import type { AddUserInput } from './state.ts';

/** Slack refuses timestamps older than 5 minutes; "old" signs 6 minutes in the past. */
const OLD_TIMESTAMP_SECONDS = 6 * 60;

export interface SlackSignerOptions {
  /** The app's Request URL, e.g. `http://127.0.0.1:3000/slack/events`. */
  appUrl: string;
  signingSecret: string;
  /** When given, trigger_ids and response_urls are minted by it, names are looked up in it, and view acks are applied to it. */
  emulator?: SlackEmulator;
  /** Time for the request timestamp and payload times. Default: the system clock (what Bolt checks against). */
  clock?: Clock;
  /** Default: the emulator's first team, else `T0001`. */
  teamId?: string;
  /** Default: the team's app id, else `A0TASKBRIDGE`. */
  apiAppId?: string;
  /** Who interacts when a call names nobody. Default: Ana (`U0ANA`). */
  defaultUser?: string;
  /** Where commands and actions happen when a call names no channel. Default: #general (`C0GENERAL`). */
  defaultChannel?: string;
  /**
   * `http` (default): signed POSTs to appUrl. `socket`: the same payloads as Socket Mode envelopes
   * over the emulator's WebSocket to the app's connection (needs `emulator`; appUrl is unused); the
   * answer is the ack's payload, with status 200, or 504 when no ack came within 3 s.
   */
  transport?: 'http' | 'socket';
}

/** How to deliver one request. */
export interface SendOptions {
  /** Adds `X-Slack-Retry-Num` (and `X-Slack-Retry-Reason`, default `http_timeout`), as Slack's redeliveries carry. */
  retryNum?: number;
  retryReason?: string;
  /** Signs with the wrong secret, as a forger would. */
  forgeSignature?: boolean;
  /** Signs (validly) a timestamp 6 minutes old, which Slack's rule refuses. */
  oldTimestamp?: boolean;
  /** Same as `oldTimestamp`. */
  staleTimestamp?: boolean;
  /** Exact `X-Slack-Request-Timestamp` in seconds, signed validly. */
  timestamp?: number;
  headers?: Record<string, string>;
}

/** The app's HTTP answer, and what was sent. */
export interface SignedResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the answer is JSON; otherwise the text. */
  body: unknown;
  text: string;
  /** The payload as sent (the form fields for a command). */
  payload: Record<string, unknown>;
}

export interface CommandContext extends SendOptions {
  /** Default: `/taskbridge`, unless the text starts with a command (`/task add ...`). */
  command?: string;
  user?: string;
  channel?: string;
  triggerId?: string;
  responseUrl?: string;
}

type AnyMessage = EmulatorMessage | EphemeralMessage | Record<string, unknown>;
type AnyView = EmulatorView | Record<string, unknown>;

export interface BlockActionInput extends SendOptions {
  actionId: string;
  blockId?: string;
  /** Element type. Default: `button`. */
  type?: string;
  value?: string;
  /** For selects and overflows: `{text: {type:'plain_text', text}, value}`. */
  selectedOption?: Record<string, unknown>;
  selectedOptions?: Array<Record<string, unknown>>;
  selectedUser?: string;
  selectedDate?: string;
  selectedConversation?: string;
  /** Any other fields of the action, merged last. */
  action?: Record<string, unknown>;
  /** The message the action is on (a stored emulator message or Slack's shape). */
  message?: AnyMessage;
  /** Whether that message is ephemeral (Slack then sends no `message`). Default: inferred. */
  ephemeral?: boolean;
  /** The view the action is in (a modal or Home tab). */
  view?: AnyView;
  /** State values of the view, as for viewSubmission. */
  values?: Record<string, Record<string, unknown>>;
  user?: string;
  channel?: string;
  triggerId?: string;
  responseUrl?: string;
}

export interface ViewSubmissionInput extends SendOptions {
  view: AnyView;
  /** `{block_id: {action_id: 'text' | SlackValueObject}}`. */
  values?: Record<string, Record<string, unknown>>;
  user?: string;
  /** For views with `response_url_enabled` inputs. */
  responseUrls?: Array<{ block_id: string; action_id: string; channel_id: string; response_url: string }>;
  triggerId?: string;
}

export interface ViewClosedInput extends SendOptions {
  view: AnyView;
  user?: string;
  isCleared?: boolean;
}

export interface MessageShortcutInput extends SendOptions {
  callbackId: string;
  message: AnyMessage;
  channel?: string;
  user?: string;
  triggerId?: string;
  responseUrl?: string;
}

export interface GlobalShortcutInput extends SendOptions {
  callbackId: string;
  user?: string;
  triggerId?: string;
}

export interface BlockSuggestionInput extends SendOptions {
  actionId: string;
  value: string;
  blockId?: string;
  view?: AnyView;
  message?: AnyMessage;
  channel?: string;
  user?: string;
}

export interface EventOptions extends SendOptions {
  eventId?: string;
  /** Seconds. Default: now. */
  eventTime?: number;
  teamId?: string;
}

export interface SayInput {
  /** Default: the signer's default user. */
  user?: string;
  /** A channel id or name, or `app` for the person's DM with the app. */
  channel: string;
  /** As Slack stores it: the app mentioned as `<@BOTUSERID>`. */
  text: string;
  /** A reply in this thread. */
  threadTs?: string;
}

export interface ReactInput {
  /** Default: the signer's default user. */
  user?: string;
  /** A channel id or name. */
  channel: string;
  /** The message's ts. */
  ts: string;
  /** The emoji's name, with or without colons (`ticket`, `:ticket:`). */
  name: string;
}

export interface AssistantThreadInput {
  /** Default: the signer's default user. */
  user?: string;
  /** The channel the person is looking at as they open the panel (its `context`). */
  contextChannel?: string;
}

/** What changes of a person in `changeUser`: any of their profile fields, or their deactivation. */
export interface UserChangeInput {
  user: string;
  tz?: string;
  realName?: string;
  name?: string;
  email?: string;
  isAdmin?: boolean;
  deleted?: boolean;
}

export interface SlackSigner {
  command(text: string, ctx?: CommandContext): Promise<SignedResponse>;
  /** Slash commands' `ssl_check=1` probe. */
  sslCheck(options?: SendOptions): Promise<SignedResponse>;
  blockAction(input: BlockActionInput): Promise<SignedResponse>;
  viewSubmission(input: ViewSubmissionInput): Promise<SignedResponse>;
  viewClosed(input: ViewClosedInput): Promise<SignedResponse>;
  messageShortcut(input: MessageShortcutInput): Promise<SignedResponse>;
  globalShortcut(input: GlobalShortcutInput): Promise<SignedResponse>;
  blockSuggestion(input: BlockSuggestionInput): Promise<SignedResponse>;
  /** An Events API `event_callback` wrapping event. */
  event(event: Record<string, unknown>, options?: EventOptions): Promise<SignedResponse>;
  urlVerification(challenge?: string, options?: SendOptions): Promise<SignedResponse>;
  /**
   * A person's new message (needs the emulator): kept in the channel, then the events Slack sends
   * the app for it, `app_mention` when it mentions the app in a channel the app is in, `message`
   * (`channel_type: 'im'`) in the app's DM (`channel: 'app'`). `answers` is empty when Slack would
   * send nothing, or the app did not answer.
   */
  say(
    input: SayInput,
    options?: EventOptions,
  ): Promise<{ message: EmulatorMessage; answers: SignedResponse[] }>;
  /**
   * A person's reaction (needs the emulator): put on the message, then `reaction_added` sent to the
   * app, as Slack sends it for a message in a channel the app is in (its answer, or undefined when
   * Slack would send nothing or the app did not answer). A reaction already there is refused
   * (`already_reacted`), as Slack's client does not send it twice.
   */
  react(input: ReactInput, options?: EventOptions): Promise<SignedResponse | undefined>;
  /** The reaction taken off again, then `reaction_removed`. */
  unreact(input: ReactInput, options?: EventOptions): Promise<SignedResponse | undefined>;
  /**
   * A person opens the app's assistant panel (needs the emulator): a new thread in their DM with
   * the app, then `assistant_thread_started` (docs.slack.dev/ai/developing-agents). Their messages
   * in it are `say({channel: 'app', threadTs, text})`; `assistantContextChanged` tells the app
   * they are looking at another channel.
   */
  assistantThreadStarted(
    input?: AssistantThreadInput,
    options?: EventOptions,
  ): Promise<{ channel: string; threadTs: string; answer: SignedResponse | undefined }>;
  assistantContextChanged(
    input: { user?: string; threadTs: string; contextChannel: string },
    options?: EventOptions,
  ): Promise<SignedResponse | undefined>;
  /**
   * A person's profile changes in Slack (needs the emulator): the emulator's user is changed, then
   * `user_change` is sent with the whole user object as users.info shows it
   * (docs.slack.dev/reference/events/user_change), in the person's workspace.
   */
  changeUser(input: UserChangeInput, options?: EventOptions): Promise<SignedResponse | undefined>;
  /** A person joins a workspace (needs the emulator): added, then `team_join` with their user object. */
  joinTeam(
    input: AddUserInput,
    options?: EventOptions,
  ): Promise<{ user: EmulatorUser; answer: SignedResponse | undefined }>;
  /** Posts any body, signed; for shapes the helpers do not build. */
  send(body: string, contentType: string, options?: SendOptions): Promise<SignedResponse>;
}

/** Builds Slack's request payloads and posts them to the app signed as Slack signs them. */
export function createSlackSigner(options: SlackSignerOptions): SlackSigner {
  const clock = options.clock ?? systemClock;
  const emulator = options.emulator;
  const teamId =
    options.teamId ?? (emulator && emulator.state.teams.size > 0 ? emulator.team().id : DEFAULT_SEED.team.id);
  const emulatorTeam = emulator?.state.teams.get(teamId);
  const apiAppId = options.apiAppId ?? emulatorTeam?.appId ?? DEFAULT_SEED.appId;
  const botUserId = emulatorTeam?.botUserId ?? DEFAULT_SEED.botUserId;
  const orgRecord = emulatorTeam?.enterpriseId
    ? emulator?.state.enterprises.get(emulatorTeam.enterpriseId)
    : undefined;
  // Whether the app is installed org-wide is read per request: an install can happen meanwhile.
  const org = (): PayloadOrg | undefined =>
    orgRecord && { id: orgRecord.id, name: orgRecord.name, isEnterpriseInstall: orgRecord.orgInstalled };
  const team: PayloadTeam = {
    id: teamId,
    domain: emulatorTeam?.domain ?? DEFAULT_SEED.team.domain,
    ...(orgRecord ? { enterprise_id: orgRecord.id, enterprise_name: orgRecord.name } : {}),
  };
  const defaultUser = options.defaultUser ?? DEFAULT_SEED.users.ana.id;
  const defaultChannel = options.defaultChannel ?? DEFAULT_SEED.channels.general.id;

  const base = (userId = defaultUser): InteractionBase => {
    const known = emulator?.user(userId);
    const name = known?.name ?? userId.toLowerCase();
    return {
      team,
      user: { id: userId, username: name, name, team_id: teamId },
      apiAppId,
      actionTs: actionTs(clock.now()),
      ...(orgRecord ? { org: org() } : {}),
    };
  };
  const channelOf = (idOrName = defaultChannel): PayloadChannel => {
    const known = emulator?.channel(idOrName, teamId);
    return { id: known?.id ?? idOrName, name: known?.name ?? idOrName.replace(/^#/, '') };
  };
  const trigger = (userId: string, given?: string): string =>
    given ??
    emulator?.issueTriggerId(userId, teamId) ??
    `${Math.floor(clock.now().getTime() / 1000)}.0.${randomBytes(8).toString('hex')}`;
  const responseUrl = (
    given: string | undefined,
    context: { channelId: string; userId: string; messageTs?: string; ephemeral?: boolean },
  ): string =>
    given ??
    emulator?.responseUrl({ teamId, ...context }) ??
    `http://127.0.0.1:9/response/${randomBytes(8).toString('hex')}`;

  const sendOverSocket = async (
    body: string,
    contentType: string,
    sendOptions: SendOptions,
  ): Promise<SignedResponse> => {
    if (!emulator) throw new Error('The socket transport needs the emulator');
    const { type, payload } = envelopeOf(body, contentType);
    try {
      const ack = await emulator.socketMode.deliver(teamId, type, payload, {
        ...(sendOptions.retryNum !== undefined ? { retryAttempt: sendOptions.retryNum } : {}),
        ...(sendOptions.retryReason !== undefined ? { retryReason: sendOptions.retryReason } : {}),
      });
      const text = ackAsText(ack);
      return { status: 200, headers: {}, body: text === '' ? '' : ack, text, payload: {} };
    } catch (error) {
      if ((error as { code?: string }).code !== 'ack_timeout') throw error;
      return { status: 504, headers: {}, body: '', text: '', payload: {} };
    }
  };

  const send = async (
    body: string,
    contentType: string,
    sendOptions: SendOptions = {},
  ): Promise<SignedResponse> => {
    if (options.transport === 'socket') return sendOverSocket(body, contentType, sendOptions);
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    const timestamp =
      sendOptions.timestamp ?? (sendOptions.oldTimestamp ? nowSeconds - OLD_TIMESTAMP_SECONDS : nowSeconds);
    const secret = sendOptions.forgeSignature ? `${options.signingSecret}-forged` : options.signingSecret;
    const headers: Record<string, string> = {
      'content-type': contentType,
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': signSlackRequest(secret, timestamp, body),
      'user-agent': 'Slackbot 1.0 (+https://api.slack.com/robots)',
      ...sendOptions.headers,
    };
    if (sendOptions.retryNum !== undefined) {
      headers['x-slack-retry-num'] = String(sendOptions.retryNum);
      headers['x-slack-retry-reason'] = sendOptions.retryReason ?? 'http_timeout';
    }
    const response = await fetch(options.appUrl, { method: 'POST', headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: body stays the text.
      }
    }
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body: parsed,
      text,
      payload: {},
    };
  };

  const sendForm = async (
    fields: Record<string, string>,
    sendOptions?: SendOptions,
  ): Promise<SignedResponse> => {
    const answer = await send(
      new URLSearchParams(fields).toString(),
      'application/x-www-form-urlencoded',
      sendOptions,
    );
    return { ...answer, payload: fields };
  };
  const sendInteraction = async (
    payload: Record<string, unknown>,
    sendOptions?: SendOptions,
  ): Promise<SignedResponse> => {
    const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
    const answer = await send(body, 'application/x-www-form-urlencoded', sendOptions);
    return { ...answer, payload };
  };
  const sendJson = async (
    payload: Record<string, unknown>,
    sendOptions?: SendOptions,
  ): Promise<SignedResponse> => {
    const answer = await send(JSON.stringify(payload), 'application/json', sendOptions);
    return { ...answer, payload };
  };

  const reactAs = async (
    type: 'reaction_added' | 'reaction_removed',
    input: ReactInput,
    eventOptions: EventOptions,
  ): Promise<SignedResponse | undefined> => {
    if (!emulator) throw new Error('react needs the emulator, which keeps the message');
    const user = input.user ?? defaultUser;
    const channel = emulator.channel(input.channel, teamId);
    const message = channel ? emulator.message(channel.id, input.ts) : undefined;
    if (!channel || !message) throw new Error(`No message ${input.ts} in ${input.channel}`);
    const name = emojiName(input.name);
    if (type === 'reaction_added') addReaction(message, name, user);
    else removeReaction(message, name, user);
    // Slack sends reaction events only for conversations the app is in.
    if (!channel.botIsMember && channel.imUserId === undefined) return undefined;
    const event = reactionEvent({ type, user, name, channel: channel.id, message });
    return signer.event(event, eventOptions).catch(() => undefined);
  };

  // Slack sends these to the person's workspace; an app that is down hears nothing, and the change stands.
  const sendUserEvent = (
    type: 'user_change' | 'team_join',
    user: EmulatorUser,
    eventOptions: EventOptions,
  ): Promise<SignedResponse | undefined> => {
    const now = clock.now();
    const json = emulator ? userJsonIn(emulator.state, user, now) : {};
    const event = {
      type,
      user: json,
      ...(type === 'user_change' ? { cache_ts: Math.floor(now.getTime() / 1000) } : {}),
    };
    return signer.event(event, { teamId: user.teamId, ...eventOptions }).catch(() => undefined);
  };

  const signer: SlackSigner = {
    async command(text, ctx = {}) {
      let command = ctx.command ?? '/taskbridge';
      let commandText = text;
      const typed = /^(\/\S+)\s*([\s\S]*)$/.exec(text);
      if (typed && ctx.command === undefined) {
        command = typed[1]!;
        commandText = typed[2]!;
      }
      const userId = ctx.user ?? defaultUser;
      const channel = channelOf(ctx.channel);
      const url = responseUrl(ctx.responseUrl, { channelId: channel.id, userId });
      // Slack shows a message carried by the ack as the command's answer, before anything posted
      // to its response_url after it.
      const pending = emulator?.commandSent(url);
      let answer: SignedResponse | undefined;
      try {
        answer = await sendForm(
          commandBody({
            base: base(userId),
            command,
            text: commandText,
            channel,
            responseUrl: url,
            triggerId: trigger(userId, ctx.triggerId),
          }),
          ctx,
        );
        return answer;
      } finally {
        pending?.settle(answer?.status === 200 ? answer.body : undefined);
      }
    },

    sslCheck(sendOptions) {
      return sendForm({ ssl_check: '1', token: VERIFICATION_TOKEN }, sendOptions);
    },

    async blockAction(input) {
      const userId = input.user ?? defaultUser;
      const interaction = base(userId);
      const action: Record<string, unknown> = {
        action_id: input.actionId,
        block_id: input.blockId ?? findBlockId(input.message ?? input.view, input.actionId) ?? 'block',
        type: input.type ?? 'button',
        ...(input.value !== undefined ? { value: input.value } : {}),
        ...(input.selectedOption ? { selected_option: input.selectedOption } : {}),
        ...(input.selectedOptions ? { selected_options: input.selectedOptions } : {}),
        ...(input.selectedUser ? { selected_user: input.selectedUser } : {}),
        ...(input.selectedDate ? { selected_date: input.selectedDate } : {}),
        ...(input.selectedConversation ? { selected_conversation: input.selectedConversation } : {}),
        ...input.action,
      };
      const values = stateValues(input.values);
      if (input.view) {
        const view = payloadView(input.view as Record<string, unknown>, values);
        return sendInteraction(
          blockActionsPayload({
            base: interaction,
            action,
            container: { type: 'view', view_id: view.id },
            triggerId: trigger(userId, input.triggerId),
            view,
          }),
          input,
        );
      }
      const message = input.message as Record<string, unknown> | undefined;
      const channel = channelOf(input.channel ?? (message?.channel as string | undefined));
      const ephemeral = input.ephemeral ?? (message !== undefined && 'via' in message);
      const messageTs = message?.ts as string | undefined;
      return sendInteraction(
        blockActionsPayload({
          base: interaction,
          action,
          container: {
            type: 'message',
            ...(messageTs ? { message_ts: messageTs } : {}),
            channel_id: channel.id,
            is_ephemeral: ephemeral,
          },
          triggerId: trigger(userId, input.triggerId),
          channel,
          // Slack leaves the message out when it was ephemeral.
          ...(message && !ephemeral ? { message: payloadMessage(message) } : {}),
          state: values,
          responseUrl: responseUrl(input.responseUrl, {
            channelId: channel.id,
            userId,
            ...(messageTs ? { messageTs, ephemeral } : {}),
          }),
        }),
        input,
      );
    },

    async viewSubmission(input) {
      const userId = input.user ?? defaultUser;
      const view = payloadView(input.view as Record<string, unknown>, stateValues(input.values));
      const answer = await sendInteraction(
        viewSubmissionPayload({
          base: base(userId),
          view,
          triggerId: trigger(userId, input.triggerId),
          responseUrls: input.responseUrls ?? [],
        }),
        input,
      );
      // Slack acts on the ack itself: the emulator does the same so tests see the modal's next state.
      if (emulator && answer.status === 200 && typeof view.id === 'string' && emulator.view(view.id)) {
        emulator.applyViewSubmissionAck(view.id, answer.text === '' ? {} : answer.body);
      }
      return answer;
    },

    async viewClosed(input) {
      const view = payloadView(input.view as Record<string, unknown>, {});
      const answer = await sendInteraction(
        viewClosedPayload({ base: base(input.user), view, isCleared: input.isCleared ?? false }),
        input,
      );
      if (emulator && typeof view.id === 'string') emulator.closeView(view.id, input.isCleared ?? false);
      return answer;
    },

    messageShortcut(input) {
      const userId = input.user ?? defaultUser;
      const message = input.message as Record<string, unknown>;
      const channel = channelOf(input.channel ?? (message.channel as string | undefined));
      return sendInteraction(
        messageActionPayload({
          base: base(userId),
          callbackId: input.callbackId,
          triggerId: trigger(userId, input.triggerId),
          channel,
          message: payloadMessage(message),
          responseUrl: responseUrl(input.responseUrl, {
            channelId: channel.id,
            userId,
            messageTs: message.ts as string,
          }),
        }),
        input,
      );
    },

    globalShortcut(input) {
      const userId = input.user ?? defaultUser;
      return sendInteraction(
        globalShortcutPayload({
          base: base(userId),
          callbackId: input.callbackId,
          triggerId: trigger(userId, input.triggerId),
        }),
        input,
      );
    },

    blockSuggestion(input) {
      const userId = input.user ?? defaultUser;
      const blockId = input.blockId ?? findBlockId(input.view ?? input.message, input.actionId) ?? 'block';
      const asked = { base: base(userId), actionId: input.actionId, blockId, value: input.value };
      if (input.view) {
        const view = payloadView(input.view as Record<string, unknown>, {});
        return sendInteraction(
          blockSuggestionPayload({ ...asked, container: { type: 'view', view_id: view.id }, view }),
          input,
        );
      }
      const message = input.message as Record<string, unknown> | undefined;
      const channel = channelOf(input.channel ?? (message?.channel as string | undefined));
      return sendInteraction(
        blockSuggestionPayload({
          ...asked,
          container: {
            type: 'message',
            ...(message?.ts ? { message_ts: message.ts } : {}),
            channel_id: channel.id,
            is_ephemeral: false,
          },
          channel,
          ...(message ? { message: payloadMessage(message) } : {}),
        }),
        input,
      );
    },

    event(event, eventOptions = {}) {
      return sendJson(
        eventCallbackBody({
          teamId: eventOptions.teamId ?? teamId,
          apiAppId,
          botUserId,
          event,
          eventId: eventOptions.eventId ?? newEventId(),
          eventTime: eventOptions.eventTime ?? Math.floor(clock.now().getTime() / 1000),
          org: org(),
        }),
        eventOptions,
      );
    },

    async say(input, eventOptions = {}) {
      if (!emulator) throw new Error('say needs the emulator, which keeps the message');
      const user = input.user ?? defaultUser;
      const channel =
        input.channel === 'app'
          ? emulator.state.imWith(teamId, user)
          : emulator.channel(input.channel, teamId);
      if (!channel) throw new Error(`Unknown channel ${input.channel}`);
      const message = emulator.addMessage({
        channel: channel.id,
        user,
        text: input.text,
        ...(input.threadTs ? { threadTs: input.threadTs } : {}),
      });
      const events = messageEvents({
        message: { ts: message.ts, text: message.text ?? '', user, thread_ts: message.thread_ts },
        channel: channel.id,
        teamId,
        botUserId,
        isAppDm: channel.imUserId === user,
        appIsMember: channel.botIsMember,
      });
      const answers: SignedResponse[] = [];
      // The message is posted whatever becomes of the events: an app that is down hears nothing.
      for (const event of events) {
        const answer = await this.event(event, eventOptions).catch(() => undefined);
        if (answer) answers.push(answer);
      }
      return { message, answers };
    },

    react(input, eventOptions = {}) {
      return reactAs('reaction_added', input, eventOptions);
    },

    unreact(input, eventOptions = {}) {
      return reactAs('reaction_removed', input, eventOptions);
    },

    async assistantThreadStarted(input = {}, eventOptions = {}) {
      if (!emulator) throw new Error('assistantThreadStarted needs the emulator, which keeps the thread');
      const user = input.user ?? defaultUser;
      const dm = emulator.state.imWith(teamId, user);
      const root = appendMessage({ state: emulator.state, team: emulator.team(teamId) }, dm.id, {
        text: 'Taskbridge',
      });
      const context = input.contextChannel
        ? (emulator.channel(input.contextChannel, teamId)?.id ?? null)
        : null;
      openAssistantThread(emulator.state, {
        teamId,
        userId: user,
        channelId: dm.id,
        threadTs: root.ts,
        contextChannelId: context,
        title: null,
        promptsTitle: null,
        prompts: [],
        status: '',
        statusAfter: null,
      });
      const event = assistantThreadEvent({
        type: 'assistant_thread_started',
        user,
        teamId,
        channel: dm.id,
        threadTs: root.ts,
        contextChannel: context,
      });
      const answer = await signer.event(event, eventOptions).catch(() => undefined);
      return { channel: dm.id, threadTs: root.ts, answer };
    },

    async assistantContextChanged(input, eventOptions = {}) {
      if (!emulator) throw new Error('assistantContextChanged needs the emulator, which keeps the thread');
      const user = input.user ?? defaultUser;
      const dm = emulator.state.imWith(teamId, user);
      const thread = assistantThread(emulator.state, dm.id, input.threadTs);
      if (!thread) throw new Error(`No assistant thread ${input.threadTs}`);
      thread.contextChannelId = emulator.channel(input.contextChannel, teamId)?.id ?? input.contextChannel;
      const event = assistantThreadEvent({
        type: 'assistant_thread_context_changed',
        user,
        teamId,
        channel: dm.id,
        threadTs: input.threadTs,
        contextChannel: thread.contextChannelId,
      });
      return signer.event(event, eventOptions).catch(() => undefined);
    },

    changeUser(input, eventOptions = {}) {
      if (!emulator) throw new Error('changeUser needs the emulator, which keeps the person');
      const user = emulator.state.users.get(input.user);
      if (!user) throw new Error(`No user ${input.user}`);
      if (input.tz !== undefined) user.tz = input.tz;
      if (input.realName !== undefined) user.realName = input.realName;
      if (input.name !== undefined) user.name = input.name;
      if (input.email !== undefined) user.email = input.email.toLowerCase();
      if (input.isAdmin !== undefined) user.isAdmin = input.isAdmin;
      if (input.deleted !== undefined) user.deleted = input.deleted;
      return sendUserEvent('user_change', user, eventOptions);
    },

    async joinTeam(input, eventOptions = {}) {
      if (!emulator) throw new Error('joinTeam needs the emulator, which keeps the person');
      const user = emulator.addUser({ ...input, teamId: input.teamId ?? teamId });
      return { user, answer: await sendUserEvent('team_join', user, eventOptions) };
    },

    urlVerification(challenge = randomBytes(16).toString('hex'), sendOptions) {
      return sendJson({ token: VERIFICATION_TOKEN, challenge, type: 'url_verification' }, sendOptions);
    },

    send,
  };
  return signer;
}

/** A message as Slack puts it in payloads: the emulator's own bookkeeping fields left out. */
function payloadMessage(message: Record<string, unknown>): Record<string, unknown> {
  const { channel: _channel, via: _via, deleted: _deleted, unfurls: _unfurls, ...rest } = message;
  return { type: 'message', ...rest };
}

/** The block holding an action, so callers need not repeat a block_id the renderer chose. */
function findBlockId(container: AnyMessage | AnyView | undefined, actionId: string): string | undefined {
  const blocks = (container as { blocks?: unknown } | undefined)?.blocks;
  if (!Array.isArray(blocks)) return undefined;
  for (const block of blocks as Array<Record<string, unknown>>) {
    const elements = [
      ...(Array.isArray(block.elements) ? block.elements : []),
      block.accessory,
      block.element,
    ] as Array<Record<string, unknown> | undefined>;
    if (elements.some((element) => element?.action_id === actionId))
      return block.block_id as string | undefined;
  }
  return undefined;
}
