/**
 * The whole system on loopback for end-to-end tests: the sandbox (the service), the Slack Web API
 * emulator, and the real Taskbridge app in HTTP mode, driven by requests signed with the signing
 * secret. Tests check what the app did through the emulator's recorded calls and the sandbox's state.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';

import { type AddressPolicy, createWorkApiClient, type WorkApiClient } from '../../src/api/index.ts';
import type { RateLimiter } from '../../src/api/limiter.ts';
import { createTaskbridgeApp, type TaskbridgeApp } from '../../src/create-app.ts';
import { type FixedClock, fixedClock } from '../../src/lib/clock.ts';
import { createLogger, type Logger } from '../../src/lib/logger.ts';
import type { ProjectEventSink, WatchedProjects } from '../../src/notify/events/project-event.ts';
import type { Sandbox, SandboxOptions } from '../../src/sandbox/index.ts';
import { createSlackEmulator, type SlackEmulator } from '../../src/slack-emulator/index.ts';
import { createSlackSigner, type SlackSigner } from '../../src/slack-emulator/signer.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/types.ts';
import { startTestSandbox, testSandboxProfile, twinDir } from './sandbox-profile.ts';

export const SIGNING_SECRET = 'test-signing-secret-not-real';
export const ENCRYPTION_KEY = 'ab'.repeat(32);
export const TEAM = 'T0001';
/** Seeded Slack users (the emulator's default seed), by the sandbox member they match. */
export const USERS = { ana: 'U0ANA', ben: 'U0BEN', chloe: 'U0CHLOE', dev: 'U0DEV', zoe: 'U0ZOE' } as const;

export interface HarnessOptions {
  sandbox?: SandboxOptions;
  /**
   * Connect the workspace to the sandbox at start (default true); `'default'` makes the sandbox the
   * deployment's default connection instead (`WORK_API_URL`), as local mode does.
   */
  connect?: boolean | 'default';
  /** Link seeded Slack users to their members at start (default: ana only). */
  link?: Array<keyof typeof USERS>;
  clock?: FixedClock;
  taskUrlPattern?: string;
  /** The app's limiter of service calls (default: the spec's limits, shared by the process). */
  limiter?: RateLimiter;
  /** The app's logger (default: silent, or TEST_LOG_LEVEL), for a test that reads what it logs. */
  logger?: Logger;
  /** The app's store (default: SQLite in memory); a bench gives a file, as `npm start` keeps. */
  storeUrl?: string;
  /** Notification timers (burst windows, reminders): on by default; tests that drive them turn them off. */
  notifications?: { enabled?: boolean; windowMs?: number };
  /** The look for commands an instance left unanswered (default on, every second by the app's clock). */
  pendingCommands?: { enabled?: boolean };
  /** `http` (default): signed requests to the app's HTTP receiver; `socket`: envelopes over Socket Mode. */
  transport?: 'http' | 'socket';
  /** Where the app hands the service's events (default: the app's logging sink). */
  projectEvents?: ProjectEventSink;
  /** Which projects the polling fallback reads (default: none). */
  watchedProjects?: WatchedProjects;
  /** The polling fallback's own timer (default off: tests call `app.deps.changePoller.tick()`). */
  changePolling?: boolean;
  /** The reminders' own look (default off: tests move the clock and call `app.deps.reminders.look()`). */
  reminders?: boolean;
  publicUrl?: string;
  /**
   * What an admin's service address may reach. Default: the sandbox's host and port only, as an
   * operator would list the service in WORK_API_ALLOWED_HOSTS (it lives on loopback over http).
   */
  addressPolicy?: AddressPolicy;
}

export interface Harness {
  sandbox: Sandbox;
  emulator: SlackEmulator;
  signer: SlackSigner;
  app: TaskbridgeApp;
  /** The app's events URL (its origin also serves `/healthz`); empty in Socket Mode. */
  eventsUrl: string;
  store: Store;
  api: WorkApiClient;
  clock: FixedClock | undefined;
  close(): Promise<void>;
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  // Under a profile that shows less than the contract, the tests' own look at the service's state
  // (`api`) goes through a second, full-profile sandbox over the same database: the app under test
  // meets the spec-minimal service, the assertions still see everything it holds.
  const minimal = testSandboxProfile() !== 'full' && opts.sandbox?.profile !== 'full';
  const dir = minimal ? await mkdtemp(join(twinDir(), 'taskbridge-e2e-')) : undefined;
  const dbPath = dir ? join(dir, 'sandbox.db') : undefined;
  // Each server caches answers until its own next write; with two over one file, neither may.
  const shared = dbPath ? { dbPath, responseCache: false } : {};
  // On a test's clock the service's injected latency is waited out on that clock too.
  const clock = opts.clock;
  const latency = clock ? { latencyWait: (ms: number) => clock.sleep(ms) } : {};
  const sandbox = await startTestSandbox({ ...latency, ...opts.sandbox, ...shared });
  const truth = dbPath
    ? await startTestSandbox({
        ...opts.sandbox,
        ...shared,
        profile: 'full',
        token: `${sandbox.token}-truth`,
      })
    : undefined;
  const emulator = await createSlackEmulator({ port: 0 });
  const store = await openStore(opts.storeUrl ?? 'sqlite::memory:');
  const socket = opts.transport === 'socket';
  const app = createTaskbridgeApp({
    slack: socket
      ? { kind: 'socket', botToken: emulator.botToken, appToken: emulator.appToken }
      : { kind: 'http', botToken: emulator.botToken, signingSecret: SIGNING_SECRET },
    slackApiUrl: emulator.url,
    store,
    encryptionKey: ENCRYPTION_KEY,
    taskUrlPattern: opts.taskUrlPattern ?? 'https://work.example.com/projects/{project_id}/tasks/{id}',
    port: 0,
    ...(opts.connect === 'default'
      ? { workApiFallback: { baseUrl: sandbox.url, token: sandbox.token } }
      : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.notifications ? { notifications: opts.notifications } : {}),
    ...(opts.pendingCommands ? { pendingCommands: opts.pendingCommands } : {}),
    logger: opts.logger ?? createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    ...(opts.projectEvents ? { projectEvents: opts.projectEvents } : {}),
    ...(opts.watchedProjects ? { watchedProjects: opts.watchedProjects } : {}),
    ...(opts.publicUrl ? { publicUrl: opts.publicUrl } : {}),
    changePolling: { enabled: opts.changePolling ?? false },
    reminders: { enabled: opts.reminders ?? false },
    workApiAddressPolicy: opts.addressPolicy ?? {
      allowPrivate: false,
      allowedHosts: [new URL(sandbox.url).host],
    },
    workApiClientOptions: {
      timeoutMs: 3_000,
      maxWaitMs: 2_000,
      ...(opts.limiter ? { limiter: opts.limiter } : {}),
    },
  });
  const { eventsUrl } = await app.start();
  if (!eventsUrl && !socket) throw new Error('the app did not start an HTTP receiver');
  const signer = createSlackSigner({
    appUrl: eventsUrl ?? 'socket-mode:',
    signingSecret: SIGNING_SECRET,
    emulator,
    transport: socket ? 'socket' : 'http',
  });
  if (opts.connect === undefined || opts.connect === true) {
    await app.deps.connections.save(TEAM, {
      baseUrl: sandbox.url,
      token: sandbox.token,
      connectedBy: USERS.ana,
    });
  }
  const memberIds = { ana: 1, ben: 2, chloe: 3, dev: 4 } as const;
  const names = { ana: 'Ana Silva', ben: 'Ben Okafor', chloe: 'Chloe Martin', dev: 'Dev Patel' } as const;
  for (const who of opts.link ?? ['ana']) {
    if (who === 'zoe') continue;
    await app.deps.userLinks.link(TEAM, USERS[who], {
      memberId: memberIds[who],
      memberName: names[who],
      email: `${who}@example.com`,
      // Seeded as Slack would prove them: each seeded person's Slack email is their member's.
      proof: 'email',
    });
  }
  const api = createWorkApiClient({
    baseUrl: (truth ?? sandbox).url,
    token: (truth ?? sandbox).token,
    cache: false,
  });
  return {
    sandbox,
    emulator,
    signer,
    app,
    eventsUrl: eventsUrl ?? '',
    store,
    api,
    clock: opts.clock,
    async close() {
      await app.stop();
      await emulator.close();
      await sandbox.close();
      await truth?.close();
      await store.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

export { fixedClock };
