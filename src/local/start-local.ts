/** `npm start` with no Slack credentials: the local system, and how to drive it. */
import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import { startLocalSystem } from './local-system.ts';

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
    logger,
  });
  const instructions = [
    '',
    'Taskbridge is running locally (no Slack credentials set).',
    `  Slack app (events):      ${system.eventsUrl}  (listening on ${system.listening}; HOST changes it)`,
    `  Work-management sandbox: ${system.sandbox.url}  (local token: ${system.sandbox.token})`,
    `  Slack Web API emulator:  ${system.emulator.url}`,
    '',
    'Try it from another terminal (each runs its own copy over the same ./data):',
    '  npm run chat -- "/task help"',
    '  npm run chat -- "/task mine"',
    '  npm run chat -- --channel website "/task new Fix the login page due friday !high"',
    '  npm run chat -- --as ben "/task link"',
    '',
    'To use real Slack, set SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET (see README.md). Ctrl-C stops.',
    '',
  ].join('\n');
  return { instructions, stop: system.stop };
}
