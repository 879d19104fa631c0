/**
 * What a person does on the page, turned into what Slack would send the app: signed slash
 * commands, block actions, options requests, view submissions and closings, shortcuts and events
 * (by the signer, over HTTP or Socket Mode), and a person's own messages into the emulator.
 * The app answers through the Web API as in production; the page reads the result from the emulator.
 */
import type { SlackEmulator } from '../slack-emulator/index.ts';
import type { BlockActionInput, SignedResponse, SlackSigner } from '../slack-emulator/signer.ts';
import { appDmOf } from './snapshot.ts';

export class PlaygroundInputError extends Error {
  override readonly name = 'PlaygroundInputError';
}

/** The id of a channel the page names (by id or name); a clear input error for one that is not there. */
export function channelIdIn(emulator: SlackEmulator, channel: unknown): string {
  const found = typeof channel === 'string' ? emulator.channel(channel) : undefined;
  if (!found) {
    throw new PlaygroundInputError(
      `No channel ${String(channel)} in this workspace (try general, or a channel id)`,
    );
  }
  return found.id;
}

/** Where a link must point for Slack to send the app a link_shared event (manifest's unfurl_domains). */
interface InteractionOptions {
  emulator: SlackEmulator;
  signer: SlackSigner;
  unfurlDomains: readonly string[];
}

interface ActionRequest {
  user: string;
  channel?: string;
  /** The message the element is on (channel message or the viewer's ephemeral). */
  messageTs?: string;
  /** The view the element is in (a modal or the Home tab). */
  viewId?: string;
  action: {
    actionId: string;
    blockId?: string;
    type: string;
    value?: string;
    selectedOption?: Record<string, unknown>;
    selectedOptions?: Array<Record<string, unknown>>;
    selectedUser?: string;
    selectedUsers?: string[];
    selectedDate?: string;
    selectedTime?: string;
    selectedConversation?: string;
  };
  /** The view's input state, as Slack sends it with an action in a modal. */
  values?: Record<string, Record<string, unknown>>;
}

/** Slack's answer to a slash command that failed: what the person sees instead of the app's reply. */
function commandFailure(answer: SignedResponse): string | undefined {
  if (answer.status === 200) return undefined;
  return answer.status === 504 || answer.status === 408
    ? '/task failed with the error "operation_timeout"'
    : `/task failed with the error "dispatch_failed" (HTTP ${answer.status})`;
}

export function createInteractions(options: InteractionOptions) {
  const { emulator, signer } = options;

  const person = (userId: unknown): string => {
    if (typeof userId !== 'string' || !emulator.user(userId) || emulator.user(userId)?.isBot) {
      throw new PlaygroundInputError(`No person ${String(userId)} in the workspace`);
    }
    return userId;
  };
  const channelFor = (userId: string, channel: unknown): string => {
    if (channel === 'app' || channel === 'home') return appDmOf(emulator, userId);
    return channelIdIn(emulator, channel);
  };
  const findMessage = (userId: string, channel: string, ts: string) =>
    emulator.message(channel, ts) ??
    emulator.ephemeralMessages(userId, channel).find((message) => message.ts === ts);

  const slackbotSays = async (userId: string, channel: string, text: string): Promise<void> => {
    const url = emulator.responseUrl({ channelId: channel, userId });
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
  };

  return {
    async command(input: { user: unknown; channel: unknown; text: unknown }) {
      const user = person(input.user);
      const channel = channelFor(user, input.channel);
      const text = String(input.text ?? '').trim();
      const typed = /^(\/\S+)/.exec(text)?.[1];
      if (typed !== '/task') {
        const error = `\`${typed ?? text}\` is not a valid command. In Slack, all messages that start with "/" are interpreted as commands.`;
        await slackbotSays(user, channel, error);
        return { ok: false, status: 404, error };
      }
      // An app that cannot be reached fails the command as Slack fails it, not the page's request.
      const answer = await signer.command(text, { user, channel }).catch(() => undefined);
      const failure = answer
        ? commandFailure(answer)
        : '/task failed with the error "dispatch_failed" (the app did not answer)';
      // A reply carried by the ack is shown by the signer, as Slack shows a command's answer.
      if (failure) await slackbotSays(user, channel, failure);
      return { ok: !failure, status: answer?.status ?? 0, ...(failure ? { error: failure } : {}) };
    },

    /**
     * A person's own message, and what Slack sends the app for it: `app_mention` when it mentions
     * the app (`<@BOTUSERID>`), `message.im` in the app's Messages tab, and link_shared for links
     * to the service's domain.
     */
    async message(input: { user: unknown; channel: unknown; text: unknown; threadTs?: unknown }) {
      const user = person(input.user);
      const channel = channelFor(user, input.channel);
      const text = String(input.text ?? '');
      if (text.trim() === '') throw new PlaygroundInputError('An empty message cannot be sent');
      const { message } = await signer.say({
        user,
        channel,
        text,
        ...(typeof input.threadTs === 'string' ? { threadTs: input.threadTs } : {}),
      });
      const links = [...text.matchAll(/<(https?:\/\/[^|>]+)(?:\|[^>]*)?>/g)]
        .map((match) => match[1]!)
        .map((url) => ({ url, domain: new URL(url).hostname }))
        .filter((link) => options.unfurlDomains.includes(link.domain));
      if (links.length > 0) {
        // The message is posted whatever the app makes of it: an app that is down unfurls nothing.
        await signer
          .event({
            type: 'link_shared',
            channel,
            user,
            message_ts: message.ts,
            ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}),
            links,
            source: 'conversations_history',
            unfurl_id: `${channel}.${message.ts}`,
            event_ts: message.ts,
          })
          .catch(() => undefined);
      }
      return { ok: true, ts: message.ts };
    },

    async action(input: ActionRequest) {
      const user = person(input.user);
      const a = input.action;
      const base: BlockActionInput = {
        user,
        actionId: a.actionId,
        type: a.type,
        ...(a.blockId ? { blockId: a.blockId } : {}),
        ...(a.value !== undefined ? { value: a.value } : {}),
        ...(a.selectedOption ? { selectedOption: a.selectedOption } : {}),
        ...(a.selectedOptions ? { selectedOptions: a.selectedOptions } : {}),
        ...(a.selectedUser ? { selectedUser: a.selectedUser } : {}),
        ...(a.selectedDate ? { selectedDate: a.selectedDate } : {}),
        ...(a.selectedConversation ? { selectedConversation: a.selectedConversation } : {}),
        action: {
          ...(a.selectedUsers ? { selected_users: a.selectedUsers } : {}),
          ...(a.selectedTime ? { selected_time: a.selectedTime } : {}),
        },
      };
      if (input.viewId) {
        const view = emulator.view(input.viewId);
        if (!view) throw new PlaygroundInputError('That view is gone');
        await signer.blockAction({ ...base, view, ...(input.values ? { values: input.values } : {}) });
        return { ok: true };
      }
      const channel = channelFor(user, input.channel);
      const message = input.messageTs ? findMessage(user, channel, input.messageTs) : undefined;
      if (!message) throw new PlaygroundInputError('That message is gone');
      await signer.blockAction({ ...base, channel, message });
      return { ok: true };
    },

    /** An external select's options request; answers the options the app gave. */
    async options(input: {
      user: unknown;
      viewId?: string;
      channel?: string;
      messageTs?: string;
      actionId: string;
      blockId?: string;
      value: string;
    }) {
      const user = person(input.user);
      const view = input.viewId ? emulator.view(input.viewId) : undefined;
      const channel = input.channel ? channelFor(user, input.channel) : undefined;
      const message = channel && input.messageTs ? findMessage(user, channel, input.messageTs) : undefined;
      const answer = await signer.blockSuggestion({
        user,
        actionId: input.actionId,
        value: input.value ?? '',
        ...(input.blockId ? { blockId: input.blockId } : {}),
        ...(view ? { view } : {}),
        ...(message ? { message } : {}),
        ...(channel ? { channel } : {}),
      });
      const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as Record<
        string,
        unknown
      >;
      return { options: body.options ?? [], option_groups: body.option_groups ?? [] };
    },

    async submit(input: { user: unknown; viewId: string; values: Record<string, Record<string, unknown>> }) {
      const user = person(input.user);
      const view = emulator.view(input.viewId);
      if (!view) throw new PlaygroundInputError('That form is gone');
      const answer = await signer
        .viewSubmission({ view, values: input.values ?? {}, user })
        .catch(() => undefined);
      if (!answer) return { ok: false, status: 0, error: 'the app did not answer' };
      return { ok: answer.status === 200, status: answer.status };
    },

    async close(input: { user: unknown; viewId: string; all?: boolean }) {
      const user = person(input.user);
      const view = emulator.view(input.viewId);
      if (!view) return { ok: true };
      // Slack tells the app only when the view asked to be told, and closes the modal whatever the
      // app answers (or if it is down): a person can always dismiss a form.
      if (view.notify_on_close) {
        await signer.viewClosed({ view, user, isCleared: input.all ?? false }).catch(() => undefined);
      }
      emulator.closeView(view.id, input.all ?? false);
      return { ok: true };
    },

    async shortcut(input: { user: unknown; callbackId: string; channel?: string; messageTs?: string }) {
      const user = person(input.user);
      if (input.messageTs) {
        const channel = channelFor(user, input.channel);
        const message = emulator.message(channel, input.messageTs);
        if (!message) throw new PlaygroundInputError('That message is gone');
        await signer.messageShortcut({ user, callbackId: input.callbackId, message, channel });
      } else {
        await signer.globalShortcut({ user, callbackId: input.callbackId });
      }
      return { ok: true };
    },

    /** Opening the app's Home tab: Slack sends app_home_opened each time. */
    async openHome(input: { user: unknown }) {
      const user = person(input.user);
      const home = emulator.homeTab(user);
      await signer.event({
        type: 'app_home_opened',
        user,
        channel: appDmOf(emulator, user),
        tab: 'home',
        event_ts: String(Date.now() / 1000),
        ...(home ? { view: home } : {}),
      });
      return { ok: true };
    },
  };
}

export type Interactions = ReturnType<typeof createInteractions>;
