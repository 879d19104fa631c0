/**
 * `npm start` with no Slack credentials: the local system with its playground page, the page's
 * address first, and a note in ./data telling `npm run chat` where to find this running copy.
 */
import { rmSync, writeFileSync } from 'node:fs';
import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import { startLocalSystem } from './local-system.ts';
import { RUNNING_FILE } from './running-file.ts';

export async function startLocal(
  config: Config,
  logger: Logger,
): Promise<{ instructions: string; stop: () => Promise<void> }> {
  const system = await startLocalSystem({
    dataDir: './data',
    storeUrl: config.storeUrl,
    encryptionKey: config.encryptionKey,
    port: config.port,
    sandboxPort: config.sandboxPort,
    host: config.host,
    playgroundPort: config.playgroundPort,
    transport: config.localTransport,
    org: config.localOrg,
    logger,
  });
  const page = system.playground!.url;
  writeFileSync(RUNNING_FILE, `${JSON.stringify({ playground: page, pid: process.pid })}\n`);
  const instructions = [
    config.localOrg
      ? `Open ${page} in your browser: Taskbridge in a Slack-like workspace, Acme, and the Globex org (its workspace switcher in the sidebar).`
      : `Open ${page} in your browser: Taskbridge in a Slack-like workspace, Acme.`,
    '',
    'Taskbridge is running locally (no Slack credentials set).',
    system.eventsUrl
      ? `  Slack app (events):      ${system.eventsUrl}  (listening on ${system.listening}; HOST changes it)`
      : '  Slack app:               Socket Mode, connected to the emulator',
    `  Work-management sandbox: ${system.sandbox.url}  (local token: ${system.sandbox.token})`,
    `  Slack Web API emulator:  ${system.emulator.url}`,
    '',
    'Or from another terminal (the same workspace the page shows):',
    '  npm run chat -- "/task help"',
    '  npm run chat -- "/task mine"',
    '  npm run chat -- --channel website "/task new Fix the login page due friday !high"',
    '  npm run chat -- --as ben "/task link"',
    '',
    'To use real Slack, set SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET (see README.md). Ctrl-C stops.',
    '',
  ].join('\n');
  return {
    instructions,
    async stop() {
      rmSync(RUNNING_FILE, { force: true });
      await system.stop();
    },
  };
}
