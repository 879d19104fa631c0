/**
 * Taskbridge's entry point: read the configuration once, build the app for its mode, start it.
 * With no Slack credentials it runs locally against the embedded sandbox and the Slack emulator.
 */
import { ConfigError, loadConfig } from './config.ts';
import { createTaskbridgeApp, type SlackMode } from './create-app.ts';
import { createLogger } from './lib/logger.ts';
import { keepRunningOnStrayErrors } from './lib/process-guards.ts';
import { namingThePort } from './local/port-in-use.ts';
import { startLocal } from './local/start-local.ts';
import { openStore } from './store/open-store.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  keepRunningOnStrayErrors(logger);
  if (config.slack.mode === 'local') {
    const local = await startLocal(config, logger);
    process.stdout.write(local.instructions);
    onShutdown(local.stop);
    return;
  }
  const store = await openStore(config.storeUrl);
  const slack: SlackMode =
    config.slack.mode === 'http'
      ? { kind: 'http', botToken: config.slack.botToken, signingSecret: config.slack.signingSecret }
      : config.slack.mode === 'socket'
        ? { kind: 'socket', botToken: config.slack.botToken, appToken: config.slack.appToken }
        : {
            kind: 'oauth',
            clientId: config.slack.clientId,
            clientSecret: config.slack.clientSecret,
            stateSecret: config.slack.stateSecret,
            signingSecret: config.slack.signingSecret,
          };
  const app = createTaskbridgeApp({
    slack,
    slackApiUrl: config.slackApiUrl,
    store,
    encryptionKey: config.encryptionKey,
    workApiFallback: config.workApi
      ? { baseUrl: config.workApi.url, token: config.workApi.token, teamId: config.workApi.teamId }
      : undefined,
    taskUrlPattern: config.taskUrlPattern,
    port: config.port,
    host: config.host,
    logger,
  });
  const started = await namingThePort(app.start(), 'PORT', config.port, "the Slack app's events");
  logger.info(
    { mode: config.slack.mode, eventsUrl: started.eventsUrl, listening: started.listening },
    'Taskbridge is running',
  );
  onShutdown(async () => {
    await app.stop();
    await store.close();
  });
}

function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = () => {
    if (stopping) return;
    stopping = true;
    stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Taskbridge could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
