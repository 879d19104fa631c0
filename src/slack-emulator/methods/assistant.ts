/**
 * Slack's assistant threads (the Agents & Assistants side panel): what the app may set on one with
 * `assistant.threads.setSuggestedPrompts` (up to 4 prompts, each a `title` and the `message` it
 * sends; an optional heading `title`), `assistant.threads.setStatus` (a line such as "is working on
 * it…", cleared by the app's next reply in the thread or an empty status) and
 * `assistant.threads.setTitle`, per Slack's method pages (https://api.slack.com/methods/assistant.threads.setStatus
 * and its siblings) and docs.slack.dev/ai/developing-agents. Each takes `channel_id` (the person's
 * DM with the app) and `thread_ts`. The threads are opened by the signer's `assistantThreadStarted`,
 * which sends `assistant_thread_started` as Slack does when a person opens the panel.
 */
import { jsonArg, requireStringArg, SlackApiError, stringArg } from '../api-error.ts';
import type { EmulatorState } from '../state.ts';
import { authed, type MethodSpec } from './context.ts';

export interface SuggestedPrompt {
  title: string;
  message: string;
}

export interface AssistantThread {
  teamId: string;
  userId: string;
  /** The person's DM with the app (`D…`). */
  channelId: string;
  threadTs: string;
  /** The channel the person was looking at when they opened the panel (its `context`). */
  contextChannelId: string | null;
  title: string | null;
  promptsTitle: string | null;
  prompts: SuggestedPrompt[];
  status: string;
  /** The thread's latest message when the status was set: a later reply by the app clears it. */
  statusAfter: string | null;
}

const threadsOf = new WeakMap<EmulatorState, Map<string, AssistantThread>>();

export function assistantThreads(state: EmulatorState): Map<string, AssistantThread> {
  let threads = threadsOf.get(state);
  if (!threads) {
    threads = new Map();
    threadsOf.set(state, threads);
  }
  return threads;
}

const keyOf = (channelId: string, threadTs: string) => `${channelId}:${threadTs}`;

export function assistantThread(
  state: EmulatorState,
  channelId: string,
  threadTs: string,
): AssistantThread | undefined {
  return assistantThreads(state).get(keyOf(channelId, threadTs));
}

export function openAssistantThread(state: EmulatorState, thread: AssistantThread): void {
  assistantThreads(state).set(keyOf(thread.channelId, thread.threadTs), thread);
}

/** The status as the panel shows it: gone once the app has replied after it was set. */
export function shownStatus(state: EmulatorState, thread: AssistantThread): string {
  if (!thread.status) return '';
  const botReplies = state
    .channelMessages(thread.channelId)
    .filter((m) => m.thread_ts === thread.threadTs && m.ts !== thread.threadTs && m.bot_id);
  const after = thread.statusAfter === null ? 0 : Number(thread.statusAfter);
  return botReplies.some((m) => Number(m.ts) > after) ? '' : thread.status;
}

function threadOf(args: Record<string, unknown>, state: EmulatorState, teamId: string): AssistantThread {
  const channelId = requireStringArg(args, 'channel_id', 'channel_not_found');
  const threadTs = requireStringArg(args, 'thread_ts', 'invalid_thread_ts');
  const thread = assistantThread(state, channelId, threadTs);
  if (!thread || thread.teamId !== teamId) throw new SlackApiError('channel_not_found');
  return thread;
}

const setSuggestedPrompts = authed((args, ctx) => {
  const thread = threadOf(args, ctx.state, ctx.team.id);
  const prompts = jsonArg(args, 'prompts', 'invalid_arguments');
  if (!Array.isArray(prompts) || prompts.length === 0 || prompts.length > 4)
    throw new SlackApiError('invalid_arguments', ['[ERROR] prompts must hold 1 to 4 prompts']);
  const read: SuggestedPrompt[] = prompts.map((p: unknown) => {
    const { title, message } = (p ?? {}) as { title?: unknown; message?: unknown };
    if (typeof title !== 'string' || typeof message !== 'string' || !title || !message)
      throw new SlackApiError('invalid_arguments', ['[ERROR] each prompt needs a title and a message']);
    return { title, message };
  });
  thread.prompts = read;
  thread.promptsTitle = stringArg(args, 'title') ?? null;
  return { ok: true };
});

const setStatus = authed((args, ctx) => {
  const thread = threadOf(args, ctx.state, ctx.team.id);
  const status = stringArg(args, 'status') ?? '';
  thread.status = status;
  const replies = ctx.state.channelMessages(thread.channelId).filter((m) => m.thread_ts === thread.threadTs);
  thread.statusAfter = replies.at(-1)?.ts ?? thread.threadTs;
  return { ok: true };
});

const setTitle = authed((args, ctx) => {
  const thread = threadOf(args, ctx.state, ctx.team.id);
  thread.title = requireStringArg(args, 'title', 'invalid_arguments');
  return { ok: true };
});

export const assistantMethods: Record<string, MethodSpec> = {
  'assistant.threads.setSuggestedPrompts': setSuggestedPrompts,
  'assistant.threads.setStatus': setStatus,
  'assistant.threads.setTitle': setTitle,
};
