/**
 * Taskbridge with nothing outside this machine: the sandbox (the service, over ./data/sandbox.db),
 * the Slack emulator, and the real app in HTTP mode between them, signed requests and all. Used by
 * `npm start` without Slack credentials and by `npm run chat`.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createTaskbridgeApp, type TaskbridgeApp } from '../create-app.ts';
import type { Logger } from '../lib/logger.ts';
import { sendDigestNow } from '../playground/digest-now.ts';
import { type Playground, startPlayground } from '../playground/playground-server.ts';
import { createSandbox, type Sandbox } from '../sandbox/index.ts';
import { createSlackEmulator, DEFAULT_SEED, type SlackEmulator } from '../slack-emulator/index.ts';
import { createSlackSigner, type SlackSigner } from '../slack-emulator/signer.ts';
import { openStore } from '../store/open-store.ts';

export interface LocalSystemOptions {
  dataDir: string;
  storeUrl: string;
  encryptionKey: string;
  /** The app's port (0 picks a free one). */
  port: number;
  /** The sandbox's port (0 picks a free one). */
  sandboxPort: number;
  /** The emulator's port. Default 0. */
  emulatorPort?: number;
  /** Run the digest scheduler (default true); a one-off command like `npm run chat` leaves it to `npm start`. */
  scheduleDigests?: boolean;
  /** How the app meets the emulator: signed HTTP requests (default) or Socket Mode, as in production. */
  transport?: 'http' | 'socket';
  /** The playground page's port (0 picks a free one); leave it out for no page. */
  playgroundPort?: number;
  logger: Logger;
}

export interface LocalSystem {
  sandbox: Sandbox;
  emulator: SlackEmulator;
  app: TaskbridgeApp;
  signer: SlackSigner;
  /** The app's events URL over HTTP; undefined in Socket Mode. */
  eventsUrl: string | undefined;
  playground: Playground | undefined;
  stop(): Promise<void>;
}

/** Where the demo's tasks live on the web, for links in cards (the sandbox has no web pages). */
const LOCAL_TASK_URL = 'https://work.example.com/projects/{project_id}/tasks/{id}';

export async function startLocalSystem(opts: LocalSystemOptions): Promise<LocalSystem> {
  mkdirSync(opts.dataDir, { recursive: true });
  const sandbox = await createSandbox({ port: opts.sandboxPort, dbPath: `${opts.dataDir}/sandbox.db` });
  const emulator = await createSlackEmulator({ port: opts.emulatorPort ?? 0 });
  const store = await openStore(opts.storeUrl);
  const signingSecret = randomBytes(16).toString('hex');
  const socket = opts.transport === 'socket';
  const app = createTaskbridgeApp({
    slack: socket
      ? { kind: 'socket', botToken: emulator.botToken, appToken: emulator.appToken }
      : { kind: 'http', botToken: emulator.botToken, signingSecret },
    slackApiUrl: emulator.url,
    store,
    encryptionKey: opts.encryptionKey,
    workApiFallback: { baseUrl: sandbox.url, token: sandbox.token },
    taskUrlPattern: LOCAL_TASK_URL,
    port: opts.port,
    logger: opts.logger,
    digests: { enabled: opts.scheduleDigests ?? true },
  });
  const { eventsUrl } = await app.start();
  if (!eventsUrl && !socket) throw new Error('the local app did not start its HTTP receiver');
  // The demo starts usable: Ana is linked to her member, and #website files tasks in Website.
  const team = DEFAULT_SEED.team.id;
  if (!(await app.deps.userLinks.get(team, DEFAULT_SEED.users.ana.id))) {
    await app.deps.userLinks.link(team, DEFAULT_SEED.users.ana.id, {
      memberId: 1,
      memberName: 'Ana Silva',
      email: 'ana@example.com',
      // Ana's Slack email (the emulator's seed) is her member's.
      proof: 'email',
    });
  }
  if (!(await app.deps.channelDefaults.get(team, DEFAULT_SEED.channels.website.id))) {
    await app.deps.channelDefaults.set(team, DEFAULT_SEED.channels.website.id, {
      projectId: 1,
      projectName: 'Website',
      setBy: DEFAULT_SEED.users.ana.id,
    });
  }
  const signer = createSlackSigner({
    appUrl: eventsUrl ?? 'socket-mode:',
    signingSecret,
    emulator,
    transport: socket ? 'socket' : 'http',
  });
  const playground =
    opts.playgroundPort === undefined
      ? undefined
      : await startPlayground({
          emulator,
          signer,
          port: opts.playgroundPort,
          unfurlDomains: [new URL(LOCAL_TASK_URL.replace(/\{\w+\}/g, '1')).hostname],
          sendDigestNow: (channelId) =>
            sendDigestNow(app.deps.digests, team, channelId, app.deps.clock.now()),
        });
  return {
    sandbox,
    emulator,
    app,
    signer,
    eventsUrl,
    playground,
    async stop() {
      await playground?.close();
      await app.stop();
      await emulator.close();
      await sandbox.close();
      await store.close();
    },
  };
}
