/**
 * Everything a digest runner talks to, for real, on loopback: the sandbox (the service, demo
 * seed), the Slack Web API emulator, a SQLite store, all on one virtual clock. Requests to the
 * service are counted from the API client's own request log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webApi } from '@slack/bolt';
import { createRateLimiter, createWorkApiClient, type WorkApiClient } from '../../../../src/api/index.ts';
import {
  createDigestRunner,
  type DigestRunner,
  type DigestRunnerOptions,
} from '../../../../src/digest/runner.ts';
import {
  createDigestSubscriptions,
  type DigestSubscriptions,
  type NewDigestSubscription,
} from '../../../../src/digest/subscriptions.ts';
import { createClientTaskSource, type DigestTaskSource } from '../../../../src/digest/task-source.ts';
import type { DigestSubscription } from '../../../../src/digest/types.ts';
import { ManualClock } from '../../../../src/lib/manual-clock.ts';
import type { ProfileName } from '../../../../src/sandbox/http/answer-profile.ts';
import { createSandbox, type Sandbox } from '../../../../src/sandbox/index.ts';
import { digestMessages } from '../../../../src/slack/ui/digest/runner-messages.ts';
import { createSlackEmulator, type SlackEmulator } from '../../../../src/slack-emulator/index.ts';
import type { RecordedCall } from '../../../../src/slack-emulator/model.ts';
import { openStore } from '../../../../src/store/open-store.ts';
import type { Store } from '../../../../src/store/types.ts';
import { openClockedSqliteStore } from './clocked-sqlite-store.ts';

export const TEAM = 'T0001';
/** The emulator's default seed. */
export const CHANNELS = { general: 'C0GENERAL', website: 'C0WEBSITE', random: 'C0RANDOM' } as const;
export const USERS = { ana: 'U0ANA', ben: 'U0BEN', chloe: 'U0CHLOE' } as const;
/** The sandbox's demo seed. */
export const PROJECTS = { website: 1, mobile: 2, operations: 3 } as const;

export const LINKS: DigestRunnerOptions['links'] = {
  taskUrl: (task) => `https://work.example.com/projects/${task.project_id}/tasks/${task.id}`,
  listUrl: (sub) => `https://work.example.com/projects/${sub.projectIds[0]}/tasks`,
};

export interface ServiceRequest {
  path: string;
  status: number | undefined;
  /** When it was answered, by the virtual clock (epoch ms). */
  at: number;
}

export interface DigestWorld {
  clock: ManualClock;
  sandbox: Sandbox;
  emulator: SlackEmulator;
  store: Store;
  subscriptions: DigestSubscriptions;
  api: WorkApiClient;
  /** The runners' task source: the API client above. */
  source: DigestTaskSource;
  /** Every request the runners' API client sent to the service. */
  requests: ServiceRequest[];
  /** A runner over `store` (default: the world's), as a fresh process would build it. */
  runner(options?: Partial<DigestRunnerOptions>): DigestRunner;
  /** Another connection to the world's store file: what a second process would open. */
  openStore(): Promise<Store>;
  subscribe(input: Partial<NewDigestSubscription>): Promise<DigestSubscription>;
  /** chat.postMessage calls to a conversation that Slack accepted. */
  posts(channel?: string): RecordedCall[];
  close(): Promise<void>;
}

export interface DigestWorldOptions {
  /** Where the virtual clock starts (the sandbox seeds its due dates around it). */
  start: string;
  /** Claims expire on the virtual clock (a store assembled from its parts); default: the real store. */
  clockedClaims?: boolean;
  /** Opens the store instead of a SQLite file (a Redis store, say); each call is another connection. */
  openStore?: () => Promise<Store>;
  /** The sandbox's answer profile. Default: full. */
  profile?: ProfileName;
  /**
   * The client's limit a minute, paced on the virtual clock as the real limiter paces it (lanes
   * and all), so a long read takes virtual minutes. Default: practically none.
   */
  limitPerMinute?: number;
}

export async function startDigestWorld(options: DigestWorldOptions): Promise<DigestWorld> {
  const clock = new ManualClock(options.start);
  const dir = mkdtempSync(join(tmpdir(), 'digest-'));
  const file = join(dir, 'store.db');
  const openOne = async (): Promise<Store> =>
    options.openStore
      ? options.openStore()
      : options.clockedClaims
        ? openClockedSqliteStore(file, clock)
        : openStore(`sqlite:${file}`);
  const stores: Store[] = [];
  const opened = (store: Store) => {
    stores.push(store);
    return store;
  };
  const sandbox = await createSandbox({
    port: 0,
    seed: 'demo',
    rateLimits: false,
    now: () => clock.now(),
    profile: options.profile ?? 'full',
  });
  const emulator = await createSlackEmulator({ port: 0, clock });
  const store = opened(await openOne());
  const subscriptions = createDigestSubscriptions(store, { clock });
  const requests: ServiceRequest[] = [];
  const api = createWorkApiClient({
    baseUrl: sandbox.url,
    token: sandbox.token,
    cache: false,
    retry: { maxRetries: 0 },
    // The sandbox's limit is off here (the benchmark runs at the real one); the limiter still paces every call.
    limiter: options.limitPerMinute
      ? createRateLimiter({ clock, limits: { general: options.limitPerMinute } })
      : createRateLimiter({ limits: { general: 100_000 } }),
    logger: {
      debug: (details) => {
        const d = details as { path?: string; status?: number };
        if (d.path) requests.push({ path: d.path, status: d.status, at: clock.now().getTime() });
      },
      info() {},
      warn() {},
      error() {},
    },
  });
  const slack = new webApi.WebClient(emulator.botToken, {
    slackApiUrl: emulator.url,
    rejectRateLimitedCalls: true,
    retryConfig: { retries: 0 },
  });
  const source = createClientTaskSource(api);

  return {
    clock,
    sandbox,
    emulator,
    store,
    subscriptions,
    api,
    source,
    requests,
    runner(overrides = {}) {
      const runnerStore = overrides.store ?? store;
      return createDigestRunner({
        store: runnerStore,
        subscriptions: overrides.subscriptions ?? createDigestSubscriptions(runnerStore, { clock }),
        taskSourceFor: () => source,
        slack: () => slack,
        links: LINKS,
        messages: digestMessages,
        clock,
        ...overrides,
      });
    },
    openStore: async () => opened(await openOne()),
    subscribe: (input) =>
      subscriptions.create({
        teamId: TEAM,
        channelId: CHANNELS.general,
        createdBy: USERS.ana,
        projectIds: [PROJECTS.website],
        time: '09:00',
        timeZone: 'America/New_York',
        sections: { overdue: true, dueToday: true, dueWithinDays: 3 },
        createdAt: '2026-01-01T00:00:00.000Z',
        ...input,
      }),
    posts: (channel) =>
      emulator
        .calls('chat.postMessage')
        .filter(
          (call) => call.response.ok === true && (channel === undefined || call.args.channel === channel),
        ),
    async close() {
      clock.setAuto(false);
      for (const each of stores) await each.close().catch(() => {});
      await emulator.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
