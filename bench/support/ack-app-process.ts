/**
 * The app under test for bench/slack-ack-latency.ts, in a process of its own so its event loop and
 * memory are measured alone (the load generator, the emulator and the sandbox live in the parent).
 * Settings arrive as one JSON argument; it answers the IPC messages of process-stats.ts (CPU, RSS,
 * event-loop delay) plus the number of service requests it has made and of installation reads
 * from its store, which is a SQLite file in WAL mode as with `npm start`. With `oauth`, it runs in
 * OAuth mode with the workspace installed. Also the app for
 * bench/three-second-answer.ts, which leaves the service wait to the app's own budgets and links
 * several people, and for bench/ack-ladder.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, type Dispatcher } from 'undici';
import { createRateLimiter } from '../../src/api/limiter.ts';
import { createTaskbridgeApp } from '../../src/create-app.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/types.ts';
import { answerStats } from './process-stats.ts';

interface Settings {
  slackApiUrl: string;
  botToken: string;
  signingSecret: string;
  workApiUrl: string;
  workApiToken: string;
  /** The client's wait bound; absent: the app's own budgets (src/slack/kit/wait-budgets.ts). */
  maxWaitMs?: number;
  /** People to link, as Slack proves them (by their email); default Ana only, unproven. */
  links?: Array<{ userId: string; memberId: number; memberName: string; email: string }>;
  /**
   * Lifts the client's own rate limit (the bench's sandbox has its limits off), so every command
   * waits on the service itself rather than being refused for a spent budget.
   */
  unlimited?: boolean;
  /** Connections to the service; default 64 (the client's own default Agent). */
  connections?: number;
  /** OAuth mode, with the workspace T0001 installed by Ana with this bot (the emulator's). */
  oauth?: { botId: string; botUserId: string; appId: string };
}

/** Only as the entry: the compile-cache warm-up (src/warm-compile-cache.ts) imports it to compile it. */
async function run(): Promise<void> {
  const settings = JSON.parse(process.argv[2] ?? '{}') as Settings;
  let serviceRequests = 0;
  const counting: Dispatcher = new Agent({ connections: settings.connections ?? 64 }).compose(
    (dispatch) => (opts, handler) => {
      serviceRequests++;
      return dispatch(opts, handler);
    },
  );
  // The store as `npm start` has it: a SQLite file in WAL mode (a fresh one per process), so that
  // each write's commit is paid as in production.
  const dataDir = mkdtempSync(join(tmpdir(), 'taskbridge-bench-app-'));
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const opened = await openStore(`sqlite:${join(dataDir, 'app.db')}`);
  let installationReads = 0;
  const store: Store = Object.assign(Object.create(opened) as Store, {
    get: <T>(key: string) => {
      if (key.includes(':installation')) installationReads++;
      return opened.get<T>(key);
    },
  });
  const app = createTaskbridgeApp({
    slack: settings.oauth
      ? {
          kind: 'oauth',
          clientId: '1111111111.2222222222',
          clientSecret: 'bench-client-secret',
          stateSecret: 'bench-state-secret-0123456789',
          signingSecret: settings.signingSecret,
        }
      : { kind: 'http', botToken: settings.botToken, signingSecret: settings.signingSecret },
    slackApiUrl: settings.slackApiUrl,
    store,
    encryptionKey: 'cd'.repeat(32),
    workApiFallback: { baseUrl: settings.workApiUrl, token: settings.workApiToken, teamId: 'T0001' },
    workApiClientOptions: {
      dispatcher: counting,
      ...(settings.maxWaitMs === undefined ? {} : { maxWaitMs: settings.maxWaitMs }),
      ...(settings.unlimited
        ? { limiter: createRateLimiter({ limits: { general: 1e9, search: 1e9, upload: 1e9 } }) }
        : {}),
    },
    port: 0,
    logger: createLogger({ level: 'silent' }),
  });
  if (settings.oauth) {
    await app.deps.installations.storeInstallation({
      team: { id: 'T0001', name: 'Acme' },
      enterprise: undefined,
      user: { id: 'U0ANA', token: undefined, scopes: undefined },
      bot: {
        token: settings.botToken,
        scopes: ['chat:write', 'commands'],
        id: settings.oauth.botId,
        userId: settings.oauth.botUserId,
      },
      appId: settings.oauth.appId,
      tokenType: 'bot',
      isEnterpriseInstall: false,
      authVersion: 'v2',
    });
  }
  const { eventsUrl } = await app.start();
  if (!settings.links)
    await app.deps.userLinks.link('T0001', 'U0ANA', { memberId: 1, memberName: 'Ana Silva' });
  for (const { userId, ...link } of settings.links ?? []) {
    await app.deps.userLinks.link('T0001', userId, { ...link, proof: 'email' });
  }
  answerStats(
    () => ({ serviceRequests, installationReads }),
    () => app.stop(),
  );
  process.send?.({ eventsUrl });
}

if (import.meta.main) await run();
