/**
 * `npm run chat` against a running `npm start`: one slash command through the playground (the
 * same workspace the page shows), answered with what the app said to Slack because of it, once
 * the app has gone quiet.
 */
import type { RecordedCall, SlackEmulator } from '../slack-emulator/index.ts';
import type { Interactions } from './interactions.ts';

/** The app works after it acks; this long without a new Slack call means it has finished. */
const QUIET_MS = 250;
/**
 * Once the app says its listeners are done, what is still on its way (a queued post) comes at
 * once: this much quiet after that is the end.
 */
const QUIET_AFTER_DONE_MS = 30;
const MAX_WAIT_MS = 8_000;

/** The app's listeners under way (ops/in-flight.ts): known, the answer is read as soon as they end. */
export interface AppWork {
  drain(timeoutMs: number): Promise<number>;
}

interface ChatAnswer {
  calls: Array<Pick<RecordedCall, 'method' | 'args'>>;
}

export async function runChatCommand(
  emulator: SlackEmulator,
  interactions: Interactions,
  input: { user: string; channel: string; text: string },
  appWork?: AppWork,
): Promise<ChatAnswer> {
  const seen: RecordedCall[] = [];
  const stop = emulator.onCall((call) => seen.push(call));
  try {
    await interactions.command(input);
    const started = Date.now();
    const left = appWork ? await appWork.drain(MAX_WAIT_MS) : 1;
    const quiet = left === 0 ? QUIET_AFTER_DONE_MS : QUIET_MS;
    let count = -1;
    while (Date.now() - started < MAX_WAIT_MS && count !== seen.length) {
      count = seen.length;
      await new Promise((resolve) => setTimeout(resolve, quiet));
    }
  } finally {
    stop();
  }
  return { calls: seen.map(({ method, args }) => ({ method, args })) };
}
