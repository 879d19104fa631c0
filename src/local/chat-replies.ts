/**
 * What a person would read of one slash command, for `npm run chat`: the command signed into a
 * local system, then the app's Slack calls as text once it has gone quiet. A message the app put
 * in its ack is among the calls (the signer shows it as Slack does, as the command's answer).
 */
import type { SlackSigner } from '../slack-emulator/signer.ts';
import { messageToText } from './blocks-to-text.ts';

/** The app works after it acks; this long without a new Slack call means it has finished. */
const QUIET_MS = 400;
const MAX_WAIT_MS = 8_000;

export type Call = { method: string; args: Record<string, unknown> };

/** Sends `text` as `user` in `channel` and reads every reply made because of it. */
export async function commandReplies(
  system: { signer: SlackSigner; emulator: { calls(): Call[] } },
  input: { user: string; channel: string; text: string },
): Promise<string[]> {
  const before = system.emulator.calls().length;
  await system.signer.command(input.text, { user: input.user, channel: input.channel });
  await settle(() => system.emulator.calls().length);
  return describeCalls(system.emulator.calls().slice(before));
}

/** What a person would read of the app's Slack calls: messages and modals. */
export function describeCalls(calls: readonly Call[]): string[] {
  const out: string[] = [];
  for (const call of calls) {
    const a = call.args;
    if (
      call.method === 'response_url' ||
      call.method === 'chat.postMessage' ||
      call.method === 'chat.postEphemeral'
    ) {
      const where =
        call.method === 'response_url'
          ? a.response_type === 'in_channel'
            ? 'in channel'
            : 'only you'
          : call.method;
      out.push(`--- ${where} ---\n${messageToText(a)}`);
    } else if (call.method === 'views.open' || call.method === 'views.update') {
      out.push(`--- modal ---\n${messageToText(a.view as Record<string, unknown>)}`);
    }
  }
  return out;
}

async function settle(count: () => number): Promise<void> {
  const started = Date.now();
  let seen = -1;
  while (Date.now() - started < MAX_WAIT_MS) {
    const now = count();
    if (now === seen) return;
    seen = now;
    await new Promise((r) => setTimeout(r, QUIET_MS));
  }
}
