/**
 * Builds the Taskbridge Slack app: the Bolt app on the right receiver for its mode, the store's
 * repositories, the service clients and every listener. main.ts calls it with the validated
 * configuration; tests call it with their own store, clock, sandbox and emulator.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App, type Authorize, type CustomRoute, HTTPReceiver, SocketModeReceiver } from '@slack/bolt';
import type { ExtendedErrorHandlerArgs } from '@slack/bolt/dist/App.js';
import { WebClient } from '@slack/web-api';
import type { AddressPolicy, WorkApiClientOptions } from './api/index.ts';
import { taskViewOf } from './api/task-view.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createChangePoller } from './notify/events/change-poller.ts';
import type { ProjectEventSink, WatchedProjects } from './notify/events/project-event.ts';
import {
  createServiceEventsEndpoint,
  SERVICE_EVENTS_ROUTE,
  type ServiceEventsEndpoint,
} from './notify/events/service-events-endpoint.ts';
import { createServiceEventsSettings } from './notify/store/service-events.ts';
import { boltLogger } from './slack/bolt-logger.ts';
import type { AppDeps } from './slack/deps.ts';
import { createMetadataSigner } from './slack/kit/metadata-signer.ts';
import { type BotIdentity, fetchBotIdentity, memoizedIdentity } from './slack/receiver/bot-identity.ts';
import { acceptInstallsWithoutState } from './slack/receiver/direct-install.ts';
import { answerProcessEventError } from './slack/receiver/event-errors.ts';
import { guardReceiver } from './slack/receiver/guard-receiver.ts';
import { createRequestMemo } from './slack/receiver/request-memo.ts';
import { installedWorkspaces, singleWorkspace } from './slack/receiver/served-workspaces.ts';
import { actOnEachEnvelopeOnce } from './slack/receiver/socket-envelope-once.ts';
import { publishSocketModeAcks } from './slack/receiver/socket-mode-acks.ts';
import { reconnectAtOnce } from './slack/receiver/socket-reconnect.ts';
import { checkSlackAtStart } from './slack/receiver/start-up-check.ts';
import { registerListeners } from './slack/router/index.ts';
import { answerUnhandledError } from './slack/router/unhandled-error.ts';
import { recheckUnprovenLinks } from './slack/services/account-linking/recheck-links.ts';
import { createDigestLinks } from './slack/services/digest-links.ts';
import { createAppDigests } from './slack/services/digest-runtime.ts';
import { createInterruptedCommands } from './slack/services/interrupted-commands.ts';
import { createAppNotifications } from './slack/services/notifications-runtime.ts';
import { boltInstallations } from './slack/services/org/bolt-installations.ts';
import { createFreshTokens } from './slack/services/org/fresh-tokens.ts';
import { createOrgWorkspaces } from './slack/services/org/org-workspaces.ts';
import { createReactionDoneMarks } from './slack/services/reaction-done-mark.ts';
import { createReminderRunner } from './slack/services/reminders/reminder-runner.ts';
import { SlackProfiles } from './slack/services/slack-profiles.ts';
import { createTaskLinks } from './slack/services/task-links.ts';
import { createTeamSlackClients } from './slack/services/team-slack-clients.ts';
import { viewFreshnessOf } from './slack/services/view-freshness.ts';
import { type DefaultWorkApi, WorkApiRegistry } from './slack/services/work-api-registry.ts';
import { createCipher } from './store/cipher.ts';
import { storeKeys } from './store/keys.ts';
import { inReadSession } from './store/read-session.ts';
import { createChannelDefaults } from './store/repositories/channel-defaults.ts';
import { createConnections } from './store/repositories/connections.ts';
import { createIdempotency } from './store/repositories/idempotency.ts';
import { type AnyInstallation, createInstallationStore } from './store/repositories/installation-store.ts';
import { createLinkRequests } from './store/repositories/link-requests.ts';
import { createPendingCommands } from './store/repositories/pending-commands.ts';
import { createReminders } from './store/repositories/reminders.ts';
import { createUserLinks } from './store/repositories/user-links.ts';
import type { Store } from './store/types.ts';

/** How the app meets Slack. */
export type SlackMode =
  /** One workspace, events over HTTP, signed with the signing secret. */
  | { kind: 'http'; botToken: string; signingSecret: string }
  /** One workspace over a WebSocket (no public URL needed). */
  | { kind: 'socket'; botToken: string; appToken: string }
  /** Many workspaces: installs through OAuth, bot tokens kept (encrypted) in the store. */
  | { kind: 'oauth'; clientId: string; clientSecret: string; stateSecret: string; signingSecret: string };

interface CreateAppOptions {
  /** Personal reminders: whether `start()` runs their look (default true; tests call `deps.reminders.look()`). */
  reminders?: { enabled?: boolean; lookMs?: number };
  slack: SlackMode;
  /** The Slack Web API base (default Slack's); the emulator's in local mode and tests. */
  slackApiUrl?: string | undefined;
  store: Store;
  /** 32-byte key (hex or base64) sealing stored tokens. */
  encryptionKey: string;
  /**
   * The default connection to the service, for the one workspace it belongs to (its `teamId`, or
   * the bot token's workspace in the http and socket modes) when that workspace did not connect its own.
   */
  workApiFallback?: DefaultWorkApi | undefined;
  /** Client settings shared by every service client (timeouts, retries). */
  workApiClientOptions?: Omit<WorkApiClientOptions, 'baseUrl' | 'token'>;
  /**
   * What a workspace admin's service address may reach (WORK_API_ALLOW_PRIVATE,
   * WORK_API_ALLOWED_HOSTS). Default: https to public addresses, and the default connection's host.
   */
  workApiAddressPolicy?: AddressPolicy | undefined;
  /** Where a task lives on the service's web app, e.g. `https://work.example.com/projects/{project_id}/tasks/{id}`. */
  taskUrlPattern?: string | undefined;
  /** HTTP port for the http and oauth modes; 0 picks a free one. Default 3000. */
  port?: number;
  /** The interface to listen on (http and oauth modes). Default: every interface. */
  host?: string | undefined;
  clock?: Clock;
  logger?: Logger;
  /**
   * Whether `start()` checks the bot token with auth.test (and Slack's API is reachable) before
   * listening. Default true; the emulator answers it, so only tests that start without any Slack
   * turn it off (the token is then checked on the first request).
   */
  tokenVerification?: boolean;
  /** Scheduled digests. */
  digests?: {
    /**
     * Whether `start()` runs the minute timer that sends them. Default true; tests and benchmarks
     * that drive `deps.digests.runner.tick(now)` themselves turn it off. Previews and edits in
     * place work either way.
     */
    enabled?: boolean;
    /** How long an instance's claim on a firing holds before another may take it over, in ms. Default 20 minutes. */
    claimTtlMs?: number | undefined;
    /** How often the timer ticks, in ms (a divisor of a minute). Default 60 000. */
    tickMs?: number | undefined;
  };
  /** Where project events go. Default: the notifications (channel threads, direct messages). */
  projectEvents?: ProjectEventSink | undefined;
  /** What the polling fallback watches. Default: the projects channels subscribed to. */
  watchedProjects?: WatchedProjects | undefined;
  notifications?: {
    /** Whether `start()` runs the burst-window and reminder timers. Default true; tests may drive them. */
    enabled?: boolean;
    /** How long a task's burst gathers before its one reply, in ms. Default 5000. */
    windowMs?: number;
    /** How long one instance holds a task's burst while sending it, in ms. Default 120 000. */
    leaseMs?: number;
  };
  /** Commands acknowledged and owing a result, kept so another instance answers for them after a crash. */
  pendingCommands?: {
    /** Whether `start()` runs the look for interrupted ones. Default true. */
    enabled?: boolean;
    /** How long the running instance holds a command's record, in ms. Default 60 000. */
    leaseMs?: number;
    /** How often each instance looks for records whose lease lapsed, in ms. Default 1 000. */
    lookMs?: number;
  };
  /** More HTTP routes beside the events path in the HTTP modes (readiness, metrics: src/ops). */
  routes?: CustomRoute[];
  /** The app's public base URL (PUBLIC_URL), for the webhook address shown in settings. */
  publicUrl?: string | undefined;
  /** The polling fallback: whether `start()` runs its 5-second timer (default true; tests call `tick()`). */
  changePolling?: { enabled?: boolean };
}

export interface TaskbridgeApp {
  app: App;
  deps: AppDeps;
  /** The service's webhooks: served by the HTTP receiver; in Socket Mode, add `route` to the ops server. */
  serviceEvents: { route: CustomRoute; endpoint: ServiceEventsEndpoint };
  /** Starts listening; resolves with the events URL in the HTTP modes. */
  /** `eventsUrl` reaches the app from this machine; `listening` says where it listens, for banners. */
  start(): Promise<{ eventsUrl?: string; listening?: string }>;
  stop(): Promise<void>;
}

const EVENTS_PATH = '/slack/events';

/**
 * Socket Mode's ping watchdogs. Bolt's 5 s defaults read a busy moment or Slack recycling its
 * servers as a dead link and reconnect in storms (bolt-js issue 2496; the platform notes): Slack
 * pings about every 10 s, so the server-ping timeout outlasts two of them, and the client's own
 * ping allows a slow pong. Reconnects on `disconnect` messages and dropped sockets stay on.
 */
const SOCKET_MODE_PINGS = {
  clientPingTimeout: 15_000,
  serverPingTimeout: 30_000,
  pingPongLoggingEnabled: false,
  autoReconnectEnabled: true,
} as const;

export function createTaskbridgeApp(opts: CreateAppOptions): TaskbridgeApp {
  const clock = opts.clock ?? systemClock;
  const logger = opts.logger ?? createLogger();
  const cipher = createCipher(opts.encryptionKey);
  const connections = createConnections(opts.store, cipher, { clock });
  // OAuth mode: the gate and Bolt's authorize read each installation once per request.
  const installationReads = createRequestMemo<Promise<AnyInstallation | undefined>>();
  const installations = createInstallationStore(opts.store, cipher, { reads: installationReads.current });

  const slackApiUrl = opts.slackApiUrl ?? 'https://slack.com/api/';
  // OAuth mode: rotating tokens refreshed by one instance at a time, and org-wide installs' workspaces.
  const freshTokens =
    opts.slack.kind === 'oauth'
      ? createFreshTokens({
          store: opts.store,
          installations,
          clientId: opts.slack.clientId,
          clientSecret: opts.slack.clientSecret,
          slackApiUrl: opts.slackApiUrl,
          clock,
          logger,
        })
      : undefined;
  const orgWorkspaces = createOrgWorkspaces({ installations, slackApiUrl: opts.slackApiUrl, clock, logger });
  const slackBotToken = opts.slack.kind === 'oauth' ? undefined : opts.slack.botToken;
  // One workspace (http, socket): the bot token says which. Looked up once, at start or first use.
  const identity =
    slackBotToken === undefined
      ? undefined
      : memoizedIdentity(() =>
          fetchBotIdentity(
            new WebClient(slackBotToken, {
              slackApiUrl,
              retryConfig: { retries: 1 },
              timeout: 10_000,
              logger: boltLogger(logger.child({ component: 'slack-identity' })),
            }),
          ),
        );
  // ✅ on the message a done task was made from by an emoji (the app's writes and the service's events).
  const doneMarks = createReactionDoneMarks({
    store: opts.store,
    slack: createTeamSlackClients({
      botToken: slackBotToken,
      installations,
      slackApiUrl: opts.slackApiUrl,
      logger: boltLogger(logger.child({ component: 'done-marks-slack' })),
    }),
    logger,
  });
  const workApi = new WorkApiRegistry({
    connections,
    onTaskChange: (teamId, change, client) => doneMarks.taskChanged(teamId, change, client),
    fallback: opts.workApiFallback,
    addressPolicy: opts.workApiAddressPolicy,
    ...(identity ? { singleWorkspace: async () => (await identity()).teamId } : {}),
    // The app clock reaches the client (limiter, retries, cache), so a test's clock governs it too.
    clientOptions: { clock, ...opts.workApiClientOptions, logger: logger.child({ component: 'work-api' }) },
    // One instance scans a workspace's tasks; the others load its result from the store.
    taskViewSharing: (teamId) => ({
      store: opts.store,
      prefix: storeKeys.taskView(teamId),
      clock,
    }),
  });
  const taskLinks = createTaskLinks(opts.taskUrlPattern);
  const digests = createAppDigests({
    store: opts.store,
    workApi,
    slack: createTeamSlackClients({
      botToken: slackBotToken,
      installations,
      fresh: freshTokens,
      slackApiUrl: opts.slackApiUrl,
      pacing: 'caller',
      logger: boltLogger(logger.child({ component: 'digest-slack' })),
    }),
    links: createDigestLinks({ taskLinks, taskUrlPattern: opts.taskUrlPattern }),
    clock,
    logger,
    claimTtlMs: opts.digests?.claimTtlMs,
    tickMs: opts.digests?.tickMs,
    // Called at a digest's firing, once the settings below exist.
    viewFreshness: (teamId) =>
      viewFreshnessOf({ serviceEvents, clock }, teamId, { polledViewAnswers: false }),
  });

  const profiles = new SlackProfiles(clock, {
    logger: logger.child({ component: 'slack-profiles' }),
    store: opts.store,
  });
  const userLinks = recheckUnprovenLinks(createUserLinks(opts.store, { clock }), {
    profiles,
    slackClients: createTeamSlackClients({
      botToken: slackBotToken,
      installations,
      fresh: freshTokens,
      slackApiUrl: opts.slackApiUrl,
      logger: boltLogger(logger.child({ component: 'link-check-slack' })),
    }),
    workApi,
    logger: logger.child({ component: 'account-linking' }),
  });
  const serviceEvents = createServiceEventsSettings(opts.store, cipher, { clock });
  const changePoller = createChangePoller({
    store: opts.store,
    watched: () => deps.watchedProjects,
    clientFor: (teamId) => workApi.clientFor(teamId),
    hasWebhooks: async (teamId) => (await serviceEvents.describe(teamId))?.hasSecret === true,
    sink: () => deps.projectEvents,
    clock,
    logger,
  });
  const notifications = createAppNotifications({
    store: opts.store,
    userLinks,
    api: (teamId) => workApi.clientFor(teamId),
    taskLinks,
    profiles,
    slack: createTeamSlackClients({
      botToken: slackBotToken,
      installations,
      fresh: freshTokens,
      slackApiUrl: opts.slackApiUrl,
      pacing: 'caller',
      logger: boltLogger(logger.child({ component: 'notify-slack' })),
    }),
    slackFull: createTeamSlackClients({
      botToken: slackBotToken,
      installations,
      fresh: freshTokens,
      slackApiUrl: opts.slackApiUrl,
      logger: boltLogger(logger.child({ component: 'notify-slack' })),
    }),
    // "Due tomorrow" goes to the one workspace of the single-workspace modes, and to those that subscribed.
    teams: async () => [
      ...(identity ? [(await identity()).teamId] : []),
      ...(await notifications.subscriptions.teams()),
    ],
    clock,
    logger,
    ...(opts.notifications?.windowMs ? { windowMs: opts.notifications.windowMs } : {}),
    ...(opts.notifications?.leaseMs ? { leaseMs: opts.notifications.leaseMs } : {}),
  });
  const pendingCommands = createPendingCommands(opts.store);
  const pendingCommandLeaseMs = opts.pendingCommands?.leaseMs ?? 60_000;
  const deps: AppDeps = {
    store: opts.store,
    pendingCommands,
    pendingCommandLeaseMs,
    installations,
    connections,
    userLinks,
    linkRequests: createLinkRequests(opts.store, { clock }),
    channelDefaults: createChannelDefaults(opts.store, { clock }),
    idempotency: createIdempotency(opts.store),
    workApi,
    profiles,
    // The metadata key is derived from the encryption key, so one secret covers both.
    metadata: createMetadataSigner(`private-metadata:${opts.encryptionKey}`),
    taskLinks,
    clock,
    startedAt: clock.now(),
    logger,
    digests,
    projectEvents: doneMarks.wrap(opts.projectEvents ?? notifications.sink),
    watchedProjects: opts.watchedProjects ?? notifications.watchedProjects,
    notifications,
    serviceEvents,
    changePoller,
    publicUrl: opts.publicUrl,
    reminders: createReminderRunner({
      reminders: createReminders(opts.store),
      deps: () => deps,
      slack: createTeamSlackClients({
        botToken: slackBotToken,
        installations,
        fresh: freshTokens,
        slackApiUrl: opts.slackApiUrl,
        logger: boltLogger(logger.child({ component: 'reminders-slack' })),
      }),
      clock,
      logger,
      lookMs: opts.reminders?.lookMs,
    }),
  };
  const interruptedCommands = createInterruptedCommands({
    pending: pendingCommands,
    idempotency: deps.idempotency,
    api: (teamId) => workApi.clientFor(teamId),
    slack: createTeamSlackClients({
      botToken: slackBotToken,
      installations,
      fresh: freshTokens,
      slackApiUrl: opts.slackApiUrl,
      logger: boltLogger(logger.child({ component: 'interrupted-commands' })),
    }),
    leaseMs: pendingCommandLeaseMs,
    lookMs: opts.pendingCommands?.lookMs ?? 1_000,
    clock,
    logger,
  });
  const serviceEventsEndpoint = createServiceEventsEndpoint({
    store: opts.store,
    settings: serviceEvents,
    viewOf: async (teamId) => {
      const client = await workApi.clientFor(teamId);
      return client ? taskViewOf(client) : undefined;
    },
    sink: () => deps.projectEvents,
    watched: () => deps.watchedProjects,
    clock,
    logger,
  });
  const serviceEventsRoute: CustomRoute = {
    path: SERVICE_EVENTS_ROUTE,
    method: ['POST'],
    handler: (req, res) => serviceEventsEndpoint.handle(req, res),
  };

  const clientOptions = opts.slackApiUrl ? { slackApiUrl: opts.slackApiUrl } : {};
  const healthRoute: CustomRoute = {
    path: '/healthz',
    method: ['GET'],
    handler: (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    },
  };
  let receiver: HTTPReceiver | SocketModeReceiver;
  let app: App;
  const common = {
    logger: boltLogger(logger),
    // No listener reads `context.conversation`; Bolt's store would be a middleware step per request.
    convoStore: false,
    clientOptions: { ...clientOptions, rejectRateLimitedCalls: false, retryConfig: { retries: 2 } },
    extendedErrorHandler: true,
  } as const;
  const receiverLogger = logger.child({ component: 'receiver' });
  const processEventErrorHandler = answerProcessEventError(receiverLogger);
  // The bot token's identity comes from the shared lookup, so Bolt makes no auth.test of its own
  // at construction (whose failure would surface later as an unhandled rejection).
  const singleAuthorize =
    (botToken: string, lookup: () => Promise<BotIdentity>): Authorize<boolean> =>
    async () => {
      const bot = await lookup();
      return {
        botToken,
        botId: bot.botId,
        botUserId: bot.botUserId,
        teamId: bot.teamId,
        enterpriseId: bot.enterpriseId,
      };
    };
  switch (opts.slack.kind) {
    case 'http':
      receiver = new HTTPReceiver({
        signingSecret: opts.slack.signingSecret,
        endpoints: EVENTS_PATH,
        customRoutes: [healthRoute, serviceEventsRoute, ...(opts.routes ?? [])],
        processEventErrorHandler,
        // The gate installed just below (guard-receiver.ts) checks every events request's signature
        // and timestamp before Bolt sees it; Bolt's own check would be a second HMAC per request.
        signatureVerification: false,
        logger: common.logger,
      });
      guardReceiver(receiver, {
        signingSecret: opts.slack.signingSecret,
        endpoints: [EVENTS_PATH],
        served: singleWorkspace(identity!),
        logger: receiverLogger,
        perRequest: { run: inReadSession },
        bolt: { logger: common.logger, processEventErrorHandler },
      });
      app = new App({ ...common, receiver, authorize: singleAuthorize(opts.slack.botToken, identity!) });
      break;
    case 'socket':
      // clientOptions reach the client that calls apps.connections.open (the emulator's, locally).
      receiver = new SocketModeReceiver({
        appToken: opts.slack.appToken,
        logger: common.logger,
        installerOptions: { clientOptions },
        ...SOCKET_MODE_PINGS,
      });
      publishSocketModeAcks(receiver.client);
      actOnEachEnvelopeOnce(receiver.client, { store: opts.store, clock, logger: receiverLogger });
      reconnectAtOnce(receiver.client, SOCKET_MODE_PINGS.clientPingTimeout);
      app = new App({ ...common, receiver, authorize: singleAuthorize(opts.slack.botToken, identity!) });
      break;
    case 'oauth':
      receiver = new HTTPReceiver({
        signingSecret: opts.slack.signingSecret,
        endpoints: EVENTS_PATH,
        customRoutes: [healthRoute, serviceEventsRoute, ...(opts.routes ?? [])],
        processEventErrorHandler,
        // The gate installed just below (guard-receiver.ts) checks every events request's signature
        // and timestamp before Bolt sees it; Bolt's own check would be a second HMAC per request.
        signatureVerification: false,
        clientId: opts.slack.clientId,
        clientSecret: opts.slack.clientSecret,
        stateSecret: opts.slack.stateSecret,
        scopes: BOT_SCOPES,
        installationStore: boltInstallations(installations, freshTokens!, orgWorkspaces, (error) =>
          receiverLogger.warn({ err: { message: (error as Error).message } }, 'org workspaces not listed'),
        ),
        installerOptions: { directInstall: true, clientOptions },
        logger: common.logger,
      });
      acceptInstallsWithoutState(receiver.installer);
      guardReceiver(receiver, {
        signingSecret: opts.slack.signingSecret,
        endpoints: [EVENTS_PATH],
        served: installedWorkspaces(installations, receiverLogger, orgWorkspaces.serves),
        logger: receiverLogger,
        perRequest: { run: (res, work) => installationReads.run(res, () => inReadSession(res, work)) },
        bolt: { logger: common.logger, processEventErrorHandler },
      });
      app = new App({ ...common, receiver });
      break;
  }

  registerListeners(app, deps);
  app.error(async (args: ExtendedErrorHandlerArgs) => {
    await answerUnhandledError(deps, args);
  });

  let server: Server | undefined;
  return {
    app,
    deps,
    serviceEvents: { route: serviceEventsRoute, endpoint: serviceEventsEndpoint },
    async start() {
      // Before listening: a bad token or an unreachable Slack stops the start with one clear line.
      if (identity && (opts.tokenVerification ?? true)) {
        await checkSlackAtStart({
          identity,
          slackApiUrl,
          defaultConnectionTeam: opts.workApiFallback?.teamId,
        });
      }
      let started: { eventsUrl?: string; listening?: string } = {};
      if (receiver instanceof HTTPReceiver) {
        const port = opts.port ?? 3000;
        server = (await receiver.start(opts.host ? { port, host: opts.host } : port)) as Server;
        const address = server.address() as AddressInfo;
        const everywhere = ['0.0.0.0', '::', '::0'].includes(address.address);
        const local = everywhere || address.address === '::1' ? '127.0.0.1' : address.address;
        const urlHost = local.includes(':') ? `[${local}]` : local;
        started = {
          eventsUrl: `http://${urlHost}:${address.port}${EVENTS_PATH}`,
          listening: everywhere
            ? `every interface, port ${address.port}`
            : `${address.address} only, port ${address.port}`,
        };
      } else {
        await receiver.start();
      }
      // After the receiver: a digest's Done button must have somewhere to land.
      if (opts.digests?.enabled ?? true) digests.runner.start();
      if (opts.changePolling?.enabled ?? true) changePoller.start();
      if (opts.notifications?.enabled ?? true) notifications.start();
      if (opts.pendingCommands?.enabled ?? true) interruptedCommands.start();
      if (opts.reminders?.enabled ?? true) deps.reminders.start();
      return started;
    },
    async stop() {
      await changePoller.stop();
      // Deliveries already answered 2xx finish their work (task view, sink) before the store closes.
      await serviceEventsEndpoint.settled();
      // Releases the claims of digests not yet sent, so another instance sends them.
      await digests.runner.stop();
      await notifications.stop();
      await doneMarks.settled();
      await interruptedCommands.stop();
      await deps.reminders.stop();
      await receiver.stop();
    },
  };
}

/** The bot scopes of manifest.yml, asked for at OAuth install. */
export const BOT_SCOPES = [
  'commands',
  'app_mentions:read',
  'chat:write',
  'chat:write.public',
  'users:read',
  'users:read.email',
  'channels:read',
  'groups:read',
  'channels:history',
  'groups:history',
  'im:history',
  'mpim:history',
  'links:read',
  'links:write',
  'im:write',
  'reactions:read',
  'reactions:write',
  'assistant:write',
];
