/**
 * A person's emoji reaction from the page: put on the message (or taken off when they had it),
 * then `reaction_added` / `reaction_removed` sent to the app as Slack sends them (the signer's
 * `react` / `unreact`, shapes from https://api.slack.com/events/reaction_added).
 */
import type { SlackEmulator } from '../slack-emulator/index.ts';
import type { SlackSigner } from '../slack-emulator/signer.ts';
import { PlaygroundInputError } from './interactions.ts';

export function createReactions(emulator: SlackEmulator, signer: SlackSigner) {
  return {
    async react(input: { user: unknown; channel: unknown; ts: unknown; name: unknown }) {
      const user = typeof input.user === 'string' ? emulator.user(input.user) : undefined;
      if (!user || user.isBot)
        throw new PlaygroundInputError(`No person ${String(input.user)} in the workspace`);
      const channel = typeof input.channel === 'string' ? emulator.channel(input.channel) : undefined;
      const ts = typeof input.ts === 'string' ? input.ts : '';
      const message = channel ? emulator.message(channel.id, ts) : undefined;
      if (!channel || !message)
        throw new PlaygroundInputError(`No message ${ts} in ${String(input.channel)}`);
      const name = String(input.name ?? '').replace(/^:|:$/g, '');
      if (!/^[a-z0-9_+'-]{1,100}$/.test(name)) throw new PlaygroundInputError(`No emoji named ${name}`);
      const had = message.reactions?.some((r) => r.name === name && r.users.includes(user.id)) ?? false;
      const reaction = { user: user.id, channel: channel.id, ts, name };
      const answer = had ? await signer.unreact(reaction) : await signer.react(reaction);
      return { ok: true, reacted: !had, status: answer?.status ?? 0 };
    },
  };
}
