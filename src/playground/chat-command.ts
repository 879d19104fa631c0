/**
 * `npm run chat` against a running `npm start`: one slash command through the playground (the
 * same workspace the page shows), answered with what the app said to Slack because of it, once
 * the app has gone quiet.
 */
import type { RecordedCall, SlackEmulator } from '../slack-emulator/index.ts';
import type { Interactions } from './interactions.ts';

/** The app works after it acks; this long without a new Slack call means it has finished. */
const QUIET_MS = 250;
const MAX_WAIT_MS = 8_000;

export interface ChatAnswer {
  calls: Array<Pick<RecordedCall, 'method' | 'args'>>;
}

export async function runChatCommand(
  emulator: SlackEmulator,
  interactions: Interactions,
  input: { user: string; channel: string; text: string },
): Promise<ChatAnswer> {
  const seen: RecordedCall[] = [];
  const stop = emulator.onCall((call) => seen.push(call));
  try {
    await interactions.command(input);
    const started = Date.now();
    let count = -1;
    while (Date.now() - started < MAX_WAIT_MS && count !== seen.length) {
      count = seen.length;
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    }
  } finally {
    stop();
  }
  return { calls: seen.map(({ method, args }) => ({ method, args })) };
}
