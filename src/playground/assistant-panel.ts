/**
 * The assistant panel from the page: a person opens it (a new thread in their DM with the app, and
 * `assistant_thread_started` sent as Slack sends it, with the channel they were in as its context),
 * and the snapshot shows what the app set on the thread: its title, prompts and status.
 */
import type { SlackEmulator } from '../slack-emulator/index.ts';
import { assistantThread, shownStatus } from '../slack-emulator/methods/assistant.ts';
import type { SlackSigner } from '../slack-emulator/signer.ts';
import { PlaygroundInputError } from './interactions.ts';

export async function openAssistantPanel(
  emulator: SlackEmulator,
  signer: SlackSigner,
  input: { user: unknown; channel?: unknown },
): Promise<{ ok: true; channel: string; threadTs: string }> {
  const user = typeof input.user === 'string' ? emulator.user(input.user) : undefined;
  if (!user || user.isBot) throw new PlaygroundInputError(`No person ${String(input.user)} in the workspace`);
  const context =
    typeof input.channel === 'string' && emulator.channel(input.channel)?.imUserId === undefined
      ? emulator.channel(input.channel)?.id
      : undefined;
  const opened = await signer.assistantThreadStarted({
    user: user.id,
    ...(context ? { contextChannel: context } : {}),
  });
  return { ok: true, channel: opened.channel, threadTs: opened.threadTs };
}

/** What the panel shows of an assistant thread, or undefined for any other thread. */
export function assistantShown(emulator: SlackEmulator, channelId: string, threadTs: string) {
  const thread = assistantThread(emulator.state, channelId, threadTs);
  if (!thread) return undefined;
  return {
    title: thread.title,
    promptsTitle: thread.promptsTitle,
    prompts: thread.prompts,
    status: shownStatus(emulator.state, thread),
  };
}
