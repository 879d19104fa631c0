/**
 * `npm run chat -- [--as ana|ben|chloe|dev|zoe] [--channel general|website|random] "/task mine"`:
 * sends one slash command as a seeded Slack user and prints what Slack would show. With `npm start`
 * running it goes through that copy's playground (the same workspace as the page, at once); with
 * nothing running it boots its own copy over ./data for the one command, as scripts expect.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_SEED } from '../slack-emulator/default-seed.ts';
import { readable } from './blocks-to-text.ts';
import { type Call, describeCalls } from './chat-replies.ts';
import { slackCommandText } from './chat-text.ts';
import { RUNNING_FILE } from './running-file.ts';

/** What `--help` prints, and what a wrong call is answered with: the seeded people and channels. */
function usage(): string {
  return [
    'Usage: npm run chat -- [--as PERSON] [--channel CHANNEL] "/task …"',
    '  Sends one slash command as a person of the local workspace and prints what Slack would show.',
    `  --as       who types it: ${Object.keys(DEFAULT_SEED.users).join(', ')} (default ana)`,
    `  --channel  where: ${Object.values(DEFAULT_SEED.channels)
      .map((c) => c.name)
      .join(', ')} (default general)`,
    '  Example: npm run chat -- --as ben "/task mine"',
    '',
  ].join('\n');
}

function readArgs(): { as?: string | undefined; channel?: string | undefined; typed: string } {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        as: { type: 'string', default: 'ana' },
        channel: { type: 'string', default: 'general' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(usage());
      process.exit(0);
    }
    return { as: values.as, channel: values.channel, typed: positionals.join(' ').trim() };
  } catch (error) {
    // parseArgs' own words name the option; the usage says what is accepted.
    process.stderr.write(
      `${error instanceof Error ? error.message.split('. ')[0] : String(error)}.\n${usage()}`,
    );
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const values = readArgs();
  const typed = values.typed;
  if (!typed.startsWith('/task')) {
    process.stderr.write(usage());
    process.exit(2);
  }
  const users = DEFAULT_SEED.users as Record<string, { id: string }>;
  const user = users[values.as ?? 'ana'];
  if (!user) {
    process.stderr.write(`--as must be one of ${Object.keys(users).join(', ')}\n`);
    process.exit(2);
  }
  const channel = values.channel ?? 'general';
  // Sent as Slack sends it: `<b>` stays text, `@ben` becomes a mention.
  const text = slackCommandText(typed, {
    users: Object.values(DEFAULT_SEED.users),
    channels: Object.values(DEFAULT_SEED.channels),
  });
  const running = await throughRunning(user.id, channel, text);
  const out = running ?? (await oneShot(user.id, channel, text));
  process.stdout.write(`${out.join('\n\n') || readable('(no answer)')}\n`);
}

/** Through a running `npm start`, or undefined when none answers. */
async function throughRunning(user: string, channel: string, text: string): Promise<string[] | undefined> {
  if (!existsSync(RUNNING_FILE)) return undefined;
  let page: string;
  try {
    page = (JSON.parse(readFileSync(RUNNING_FILE, 'utf8')) as { playground: string }).playground;
  } catch {
    return undefined;
  }
  let response: Response;
  try {
    response = await fetch(new URL('api/chat', page), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user, channel, text }),
    });
  } catch {
    return undefined; // Left over from a copy that is no longer running.
  }
  const answer = (await response.json()) as { calls?: Call[]; error?: string };
  if (!response.ok)
    throw new Error(answer.error ?? `the running Taskbridge answered HTTP ${response.status}`);
  return describeCalls(answer.calls ?? []);
}

/** Its own copy for one command; loaded only then, so talking to a running copy starts fast. */
async function oneShot(user: string, channel: string, text: string): Promise<string[]> {
  const [{ loadConfig }, { createLogger }, { startLocalSystem }, { commandReplies }] = await Promise.all([
    import('../config.ts'),
    import('../lib/logger.ts'),
    import('./local-system.ts'),
    import('./command-replies.ts'),
  ]);
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
    return await commandReplies(system, { user, channel, text });
  } finally {
    await system.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`chat failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
