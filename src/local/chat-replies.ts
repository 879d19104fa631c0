/**
 * What a person would read of one slash command's answer, for `npm run chat`: the app's Slack
 * calls as text. A message the app put in its ack is among the calls (the signer shows it as Slack
 * does, as the command's answer). Light on purpose: `chat` loads it for every command.
 */
import { DEFAULT_SEED } from '../slack-emulator/default-seed.ts';
import { type MentionNames, messageToText } from './blocks-to-text.ts';

export type Call = { method: string; args: Record<string, unknown> };

/**
 * The local workspace's people and channels, as the playground shows them (a person by full
 * name). `npm run chat` speaks only as these people in these channels.
 */
const SEED_NAMES: MentionNames = {
  users: new Map(Object.values(DEFAULT_SEED.users).map((u) => [u.id, u.realName])),
  channels: new Map(Object.values(DEFAULT_SEED.channels).map((c) => [c.id, c.name])),
};

/** What a person would read of the app's Slack calls: messages and modals. */
export function describeCalls(calls: readonly Call[], names: MentionNames = SEED_NAMES): string[] {
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
      out.push(`--- ${where} ---\n${messageToText(a, names)}`);
    } else if (call.method === 'views.open' || call.method === 'views.update') {
      out.push(`--- modal ---\n${messageToText(a.view as Record<string, unknown>, names)}`);
    }
  }
  return out;
}
