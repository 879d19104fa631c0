/**
 * A fleet for the multi-instance tests: the world several instances of the app share (a temp
 * folder, a redis-server or an SQLite file as their store, the sandbox, a recording proxy in front
 * of it, the Slack emulator, the test's own connection to the store), the environment an operator
 * would give each instance, the real app processes (`startAppProcess`) with a signer each, and one
 * `stop()` that kills what still runs and closes the rest.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.ts';
import {
  createSlackEmulator,
  type SlackEmulator,
  type SlackEmulatorOptions,
} from '../../src/slack-emulator/index.ts';
import { createSlackSigner, type SlackSigner } from '../../src/slack-emulator/signer.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/types.ts';
import { type AppProcess, startAppProcess } from './app-process.ts';
import { type RecordingProxy, type RecordingProxyOptions, startRecordingProxy } from './recording-proxy.ts';
import { type RedisServer, redisTool, startRedisServer } from './redis-server.ts';
import { startTestSandbox } from './sandbox-profile.ts';
import type { SharedTime } from './shared-time.ts';

export interface FleetOptions {
  /** Names the temp folder (`taskbridge-<label>-…`). */
  label: string;
  /** The instances' store: a redis-server kept in the temp folder, or an SQLite file in it. */
  store: 'redis' | 'sqlite';
  /** Instances started at once, by name; more can be started later with `start`. */
  names?: string[];
  /** The instances' signing secret; default one for tests that start the app in-process. */
  signingSecret?: string;
  /** The instances' encryption key; default one for tests that start the app in-process. */
  encryptionKey?: string;
  /** What the instances' environment adds to (or overrides in) the common one. */
  env?: Record<string, string>;
  /**
   * A demo-seeded sandbox on a free port with these options (and, with `time`, on that clock);
   * default the run's test sandbox (`startTestSandbox()`).
   */
  sandbox?: SandboxOptions;
  /** The recording proxy's options, or false for none (the instances then call the sandbox). */
  proxy?: RecordingProxyOptions | false;
  /** Options of the emulator beyond its port (always a free one). */
  emulatorOptions?: Omit<SlackEmulatorOptions, 'port'>;
  /** Whether the test opens its own connection to the store (`store`); default true. */
  testStore?: boolean;
  /** Runs the sandbox and every instance on this driven clock (each joined to it as it starts). */
  time?: SharedTime;
}

export interface Instance {
  name: string;
  app: AppProcess;
  signer: SlackSigner;
}

export interface StartOptions {
  /** Added to the fleet's environment for this instance only. */
  env?: Record<string, string>;
  /** This instance's driven clock, instead of the fleet's. */
  time?: SharedTime;
}

export interface Fleet {
  dataDir: string;
  /** The redis-server, where the store is Redis (replaced by `restartRedis`). */
  redis: RedisServer | undefined;
  sandbox: Sandbox;
  /** Where the fleet has one. */
  proxy: RecordingProxy | undefined;
  emulator: SlackEmulator;
  /** The test's own connection to the store; with `testStore: false`, reading it throws. */
  readonly store: Store;
  /** The environment every instance gets. */
  env: Record<string, string>;
  /** Every instance started, in order, the dead included. */
  instances: Instance[];
  /** The instances whose process still runs. */
  alive(): Instance[];
  /** Starts one more instance on the fleet's environment (and clock). */
  start(name: string, options?: StartOptions): Promise<Instance>;
  /** Starts these instances together, kept in the order named. */
  startAll(names: string[]): Promise<Instance[]>;
  /** Starts redis-server again (stopping it first if it runs) on its port and data. */
  restartRedis(): Promise<RedisServer>;
  stop(): Promise<void>;
}

/** Whether a process has neither exited nor been killed. */
export function running(app: AppProcess): boolean {
  return app.child.exitCode === null && app.child.signalCode === null;
}

/** Kills an instance (SIGKILL unless told) and resolves with how it exited. */
export async function killInstance(app: AppProcess, signal: NodeJS.Signals = 'SIGKILL') {
  app.kill(signal);
  return app.exited;
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const signingSecret = options.signingSecret ?? 'fleet-signing-secret';
  const dataDir = mkdtempSync(join(tmpdir(), `taskbridge-${options.label}-`));
  const fleet = {
    dataDir,
    redis: undefined,
    proxy: undefined,
    env: {},
    instances: [],
  } as unknown as Fleet;
  let testStore: Store | undefined;
  Object.defineProperty(fleet, 'store', {
    get: () => {
      if (!testStore) throw new Error('this fleet has no test-side store (started with testStore: false)');
      return testStore;
    },
  });
  const stop = async () => {
    const apps = fleet.instances.map((i) => i.app);
    for (const app of apps) if (running(app)) app.kill('SIGKILL');
    await Promise.all(apps.map((a) => a.exited));
    await testStore?.close();
    await fleet.emulator?.close();
    await fleet.proxy?.close();
    await fleet.sandbox?.close();
    await fleet.redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (options.store === 'redis') fleet.redis = await startRedisServer(redisTool.require(), { dataDir });
    const time = options.time;
    fleet.sandbox = options.sandbox
      ? await createSandbox({
          port: 0,
          seed: 'demo',
          ...(time ? { now: () => time.clock.now() } : {}),
          ...options.sandbox,
        })
      : await startTestSandbox();
    if (options.proxy !== false) fleet.proxy = await startRecordingProxy(fleet.sandbox.url, options.proxy);
    fleet.emulator = await createSlackEmulator({ ...options.emulatorOptions, port: 0 });
    const storeUrl = fleet.redis?.url ?? `sqlite:${join(dataDir, 'app.db')}`;
    if (options.testStore !== false) testStore = await openStore(storeUrl);
    fleet.env = {
      SLACK_BOT_TOKEN: fleet.emulator.botToken,
      SLACK_SIGNING_SECRET: signingSecret,
      SLACK_API_URL: fleet.emulator.url,
      WORK_API_URL: fleet.proxy?.url ?? fleet.sandbox.url,
      WORK_API_TOKEN: fleet.sandbox.token,
      STORE_URL: storeUrl,
      ENCRYPTION_KEY: options.encryptionKey ?? 'ab'.repeat(32),
      PORT: '0',
      LOG_LEVEL: 'info',
      ...options.env,
    };
    fleet.alive = () => fleet.instances.filter((i) => running(i.app));
    const launch = async (name: string, startOptions: StartOptions = {}): Promise<Instance> => {
      const env = { ...fleet.env, ...startOptions.env };
      const clock = startOptions.time ?? time;
      const app = await startAppProcess(
        name,
        env,
        undefined,
        clock ? { drivenClock: clock.nowMs() } : undefined,
      );
      const signer = createSlackSigner({
        appUrl: app.eventsUrl,
        signingSecret,
        emulator: fleet.emulator,
      });
      clock?.join(app);
      return { name, app, signer };
    };
    fleet.start = async (name, startOptions) => {
      const instance = await launch(name, startOptions);
      fleet.instances.push(instance);
      return instance;
    };
    fleet.restartRedis = async () => {
      const before = fleet.redis;
      if (!before) throw new Error('this fleet has no redis-server');
      await before.stop();
      fleet.redis = await startRedisServer(redisTool.require(), { dataDir, port: before.port });
      return fleet.redis;
    };
    fleet.stop = stop;
    fleet.startAll = async (names) => {
      const started = await Promise.all(names.map((name) => launch(name)));
      fleet.instances.push(...started);
      return started;
    };
    await fleet.startAll(options.names ?? []);
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return fleet;
}

/**
 * The world without app processes, for tests that build their instances in this process: a
 * redis-server (fleet.redis), a demo sandbox and the emulator; no proxy, no test-side store.
 */
export function startSharedWorld(
  label: string,
  emulatorOptions?: FleetOptions['emulatorOptions'],
): Promise<Fleet> {
  return startFleet({ label, store: 'redis', sandbox: {}, proxy: false, testStore: false, emulatorOptions });
}
