/**
 * One slash command sent as the playground sends it (`playground/chat-command.ts`), answered with
 * what a person would read of the app's replies: `npm run chat`'s own copy, and the tests.
 */
import { type AppWork, runChatCommand } from '../playground/chat-command.ts';
import { createInteractions } from '../playground/interactions.ts';
import type { SlackEmulator } from '../slack-emulator/index.ts';
import type { SlackSigner } from '../slack-emulator/signer.ts';
import { describeCalls } from './chat-replies.ts';

/** Sends `text` as `user` in `channel` and reads every reply made because of it. */
export async function commandReplies(
  system: { signer: SlackSigner; emulator: SlackEmulator; appWork?: AppWork },
  input: { user: string; channel: string; text: string },
): Promise<string[]> {
  const interactions = createInteractions({
    emulator: system.emulator,
    signer: system.signer,
    unfurlDomains: [],
  });
  const answer = await runChatCommand(system.emulator, interactions, input, system.appWork);
  return describeCalls(answer.calls);
}
