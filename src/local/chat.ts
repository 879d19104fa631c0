/**
 * `npm run chat -- [--as ana|ben|chloe|dev|zoe] [--channel general|website|random] "/task mine"`:
 * sends one signed slash command to a local Taskbridge (its own copy over ./data, so it works with
 * or without `npm start` running) as a seeded Slack user, and prints what Slack would show.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createLogger } from '../lib/logger.ts';
import { DEFAULT_SEED } from '../slack-emulator/index.ts';
import { messageToText, readable } from './blocks-to-text.ts';
import { startLocalSystem } from './local-system.ts';

/** The app works after it acks; this long without a new Slack call means it has finished. */
const QUIET_MS = 400;
const MAX_WAIT_MS = 8_000;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { as: { type: 'string', default: 'ana' }, channel: { type: 'string', default: 'general' } },
  });
  const text = positionals.join(' ').trim();
  if (!text.startsWith('/task')) {
    process.stderr.write('Usage: npm run chat -- [--as ana] [--channel general] "/task mine"\n');
    process.exit(2);
  }
  const users = DEFAULT_SEED.users as Record<string, { id: string }>;
  const user = users[values.as ?? 'ana'];
  if (!user) {
    process.stderr.write(`--as must be one of ${Object.keys(users).join(', ')}\n`);
    process.exit(2);
  }
  const config = loadConfig({
    ...process.env,
    SLACK_BOT_TOKEN: '',
    SLACK_SIGNING_SECRET: '',
    SLACK_APP_TOKEN: '',
    SLACK_CLIENT_ID: '',
  });
  const system = await startLocalSystem({
    dataDir: './data',
    storeUrl: config.storeUrl,
    encryptionKey: config.encryptionKey,
    port: 0,
    sandboxPort: 0,
    scheduleDigests: false,
    logger: createLogger({ level: 'silent' }),
  });
  try {
    const answer = await system.signer.command(text, { user: user.id, channel: values.channel ?? 'general' });
    const out: string[] = [];
    const ack = answer.body as Record<string, unknown> | string;
    if (ack && typeof ack === 'object' && (ack.text || ack.blocks)) out.push(messageToText(ack));
    await settle(system.emulator.calls.bind(system.emulator));
    for (const call of system.emulator.calls()) {
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
    process.stdout.write(`${out.join('\n\n') || readable('(no answer)')}\n`);
  } finally {
    await system.stop();
  }
}

async function settle(calls: () => unknown[]): Promise<void> {
  const started = Date.now();
  let count = -1;
  while (Date.now() - started < MAX_WAIT_MS) {
    const now = calls().length;
    if (now === count) return;
    count = now;
    await new Promise((r) => setTimeout(r, QUIET_MS));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`chat failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
