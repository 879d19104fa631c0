/**
 * What a `/task` verb gets when a person says it to the app in a message (@Taskbridge in a channel
 * or thread, or the app's Messages tab): the same `CommandContext` a slash command builds, so every
 * verb runs unchanged. Answers go to the person alone: an ephemeral in the channel (in the thread
 * the mention is in), or the app's own message in its DM. A card meant for the channel goes in the
 * thread, never broadcast. An event has no trigger_id: its event id stands in, so work done once
 * per trigger (a task created) is done once however often Slack delivers the event again.
 */
import type { RespondArguments, RespondFn, SlashCommand } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { AppDeps } from '../deps.ts';
import { COMMAND_NAME } from '../ui/ids.ts';
import type { CommandContext } from './command-context.ts';
import { interaction } from './interaction.ts';

/** One message a person wrote to the app. */
export interface SaidToApp {
  teamId: string;
  userId: string;
  channelId: string;
  /** The message's own ts. */
  ts: string;
  /** The thread it is in; null at the top of a channel or DM. */
  threadTs: string | null;
  /** Slack's event id: the same on every delivery of the event. */
  eventId: string;
  /** What follows the mention, as `/task` would read it. */
  text: string;
  /** The app's Messages tab (answers are the app's messages there). */
  inDm: boolean;
}

/** The trigger id of a verb said in a message: never one Slack can open a form with. */
const SAID_TRIGGER_PREFIX = 'event:';

function saidTriggerId(eventId: string): string {
  return `${SAID_TRIGGER_PREFIX}${eventId}`;
}

/** Where an answer to the message goes, and how. */
export function saidReplier(client: WebClient, said: SaidToApp): RespondFn {
  // The app's last answer that it may edit (a message, not an ephemeral): a verb's interim answer
  // replaced by its result (`replace_original`) is edited in place, as on a response_url.
  let last: { channel: string; ts: string } | undefined;
  const post = async (args: Parameters<WebClient['chat']['postMessage']>[0]) => {
    const posted = await client.chat.postMessage(args);
    if (typeof posted.ts === 'string' && typeof posted.channel === 'string')
      last = { channel: posted.channel, ts: posted.ts };
  };
  const respond = async (message: string | RespondArguments): Promise<void> => {
    const m: RespondArguments = typeof message === 'string' ? { text: message } : message;
    // An ephemeral cannot be deleted by the app, and it leaves its messages where they are.
    if (m.delete_original) return;
    const blocks = (m as { blocks?: unknown[] }).blocks;
    const payload = { text: m.text ?? '', ...(blocks ? { blocks: blocks as never[] } : {}) };
    if (m.replace_original === true && last) {
      await client.chat.update({ channel: last.channel, ts: last.ts, ...payload });
      return;
    }
    if (said.inDm) {
      // A message in one of the DM's threads is answered in that thread.
      const thread = said.threadTs ? { thread_ts: said.threadTs } : {};
      await post({ channel: said.channelId, ...thread, ...payload, unfurl_links: false });
      return;
    }
    if (m.response_type === 'in_channel') {
      // In the thread of the mention (or the thread it was said in), never in the channel itself.
      await post({
        channel: said.channelId,
        thread_ts: said.threadTs ?? said.ts,
        ...payload,
        unfurl_links: false,
      });
      return;
    }
    try {
      await client.chat.postEphemeral({
        channel: said.channelId,
        user: said.userId,
        ...(said.threadTs ? { thread_ts: said.threadTs } : {}),
        ...payload,
      });
    } catch {
      // The app cannot show it there (not a member of a private channel): a direct message still reaches them.
      await client.chat.postMessage({ channel: said.userId, ...payload, unfurl_links: false });
    }
  };
  return respond as unknown as RespondFn;
}

/** `respond`: the replier the caller wraps (kit/in-time.ts watches it); default, a new one. */
export function conversationContext(
  deps: AppDeps,
  client: WebClient,
  said: SaidToApp,
  respond: RespondFn = saidReplier(client, said),
): CommandContext {
  const person = { teamId: said.teamId, userId: said.userId };
  const triggerId = saidTriggerId(said.eventId);
  // The verbs read only these of the command; the rest are Slack's and absent from an event.
  const command = {
    command: COMMAND_NAME,
    text: said.text,
    team_id: said.teamId,
    user_id: said.userId,
    channel_id: said.channelId,
    trigger_id: triggerId,
    response_url: '',
  } as SlashCommand;
  return {
    ...interaction(deps, client, person, { respond, to: { ...person, channelId: said.channelId } }),
    command,
    respond,
    channelId: said.channelId,
    triggerId,
  };
}
