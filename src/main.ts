/**
 * Taskbridge's entry point: read the configuration once, build the app for its mode, start it.
 * With no Slack credentials it runs locally against the embedded sandbox and the Slack emulator.
 */
import { flushCompileCache } from 'node:module';
import { ConfigError, loadConfig } from './config.ts';
import { createTaskbridgeApp, type SlackMode } from './create-app.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createLogger } from './lib/logger.ts';
import { keepRunningOnStrayErrors } from './lib/process-guards.ts';
import { namingThePort } from './local/port-in-use.ts';
import { drivenClock } from './ops/driven-clock.ts';
import { trackInFlight } from './ops/in-flight.ts';
import { createMetrics } from './ops/metrics.ts';
import { healthRoute, startOpsServer } from './ops/ops-server.ts';
import { createReadiness } from './ops/readiness.ts';
import { openSharedState } from './ops/shared-state.ts';
import { shutDown } from './ops/shutdown.ts';

/** How long a shutdown waits for acknowledged work to finish (Slack's answers take seconds at most). */
const SHUTDOWN_DRAIN_MS = 15_000;

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
  const logger = createLogger({ level: config.logLevel, secrets: configuredSecrets(config) });
  keepRunningOnStrayErrors(logger);
  if (config.slack.mode === 'local') {
    // Loaded only here: the sandbox, the emulator and the playground (fastify, ws) would otherwise
    // sit in every production process's memory unused.
    const { startLocal } = await import('./local/start-local.ts');
    const local = await startLocal(config, logger);
    process.stdout.write(local.instructions);
    onShutdown(local.stop);
    freeCompileCache();
    return;
  }
  // A test's child process runs on the time the test moves; every process otherwise on real time.
  const clock: Clock = config.drivenClock ? drivenClock(config.drivenClock.start) : systemClock;
  const shared = await openSharedState(config.storeUrl, { clock });
  const { store } = shared;
  const readiness = createReadiness(shared.ping);
  const metrics = createMetrics({ token: config.metricsToken });
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
    publicUrl: config.publicUrl,
    port: config.port,
    host: config.host,
    logger,
    clock,
    workApiClientOptions: {
      ...(shared.limiter ? { limiter: shared.limiter } : {}),
      maxResponseBytes: config.workApiMaxResponseBytes,
    },
    workApiAddressPolicy: config.workApiAddressPolicy,
    digests: { claimTtlMs: config.digestClaimLeaseMs, tickMs: config.digestTickMs },
    notifications: { windowMs: config.notifyWindowMs, leaseMs: config.notifyLeaseMs },
    pendingCommands: { leaseMs: config.pendingCommandLeaseMs },
    routes: [readiness.route, metrics.route],
  });
  const inFlight = trackInFlight(app.app);
  const started = await namingThePort(
    app.start(),
    'PORT',
    config.port,
    "the Slack app's events",
    config.host,
  );
  // Socket Mode has no HTTP server of the app's: the ops routes get their own on PORT.
  const ops =
    slack.kind === 'socket'
      ? await startOpsServer(
          [healthRoute, readiness.route, metrics.route, app.serviceEvents.route],
          config.port,
          config.host,
        )
      : undefined;
  logger.info(
    {
      mode: config.slack.mode,
      eventsUrl: started.eventsUrl,
      listening: started.listening,
      opsUrl: ops?.url,
      opsListening: ops?.listening,
      store: shared.engine,
      pid: process.pid,
    },
    'Taskbridge is running',
  );
  freeCompileCache();
  onShutdown(() =>
    // Out of rotation first, still serving for the drain period; then the runner gives back the
    // claims of digests not sent, the receiver stops taking requests, and work already
    // acknowledged finishes before the store closes.
    shutDown({
      readiness,
      clock,
      drainMs: config.drainMs,
      logger,
      stop: async () => {
        await app.stop();
        const left = await inFlight.drain(SHUTDOWN_DRAIN_MS);
        if (left > 0) logger.warn({ left }, 'Taskbridge stopped with work still under way');
        await ops?.close();
        await store.close();
        logger.info({ pid: process.pid }, 'Taskbridge stopped');
      },
    }),
  );
}

/** Every secret the configuration holds, for the logger to keep out of every line. */
function configuredSecrets(config: ReturnType<typeof loadConfig>): string[] {
  const slack = config.slack as Partial<Record<string, string>>;
  return [
    slack.botToken,
    slack.appToken,
    slack.signingSecret,
    slack.clientSecret,
    slack.stateSecret,
    config.encryptionKey,
    config.workApi?.token,
    config.metricsToken,
  ].filter((value): value is string => typeof value === 'string');
}

/**
 * Node keeps every module's compile-cache entry (its cached bytecode and stripped source: 4.7 MB
 * for the modules loaded at start) in malloc for the process's life, to write them back at exit;
 * flushing writes what is new now and frees them. At rest after the morning of bench/morning.ts:
 * malloc 18.4 → 13.9 MB, RSS 129 → 123 MB. Modules loaded later (a feature's first use: 0.3 MB
 * for five commands) keep theirs until exit, as before. A no-op without NODE_COMPILE_CACHE.
 */
function freeCompileCache(): void {
  flushCompileCache();
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

// Only as the entry: src/warm-compile-cache.ts imports this file to compile it, not to start it.
if (import.meta.main) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `Taskbridge could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
