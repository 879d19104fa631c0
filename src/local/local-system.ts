/**
 * Taskbridge with nothing outside this machine: the sandbox (the service, over ./data/sandbox.db),
 * the Slack emulator, and the real app in HTTP mode between them, signed requests and all. Used by
 * `npm start` without Slack credentials and by `npm run chat`.
 */

import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createTaskbridgeApp, type TaskbridgeApp } from '../create-app.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import { type InFlight, trackInFlight } from '../ops/in-flight.ts';
import { sendDigestNow } from '../playground/digest-now.ts';
import { type Playground, startPlayground } from '../playground/playground-server.ts';
import { signerPerWorkspace } from '../playground/team-signers.ts';
import { createSandbox, type Sandbox } from '../sandbox/index.ts';
import { createSlackEmulator, DEFAULT_SEED, type SlackEmulator } from '../slack-emulator/index.ts';
import { createSlackSigner, type SlackSigner } from '../slack-emulator/signer.ts';
import { openStore } from '../store/open-store.ts';
import { installLocally, LOCAL_OAUTH_APP } from './local-org.ts';
import { registerLocalWebhook, unregisterLocalWebhook } from './local-webhooks.ts';
import { namingThePort } from './port-in-use.ts';

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
  /** The interface all three listen on. Default `127.0.0.1`: nothing here is for other machines. */
  host?: string | undefined;
  /** Run the digest scheduler (default true); a one-off command like `npm run chat` leaves it to `npm start`. */
  scheduleDigests?: boolean;
  /** How the app meets the emulator: signed HTTP requests (default) or Socket Mode, as in production. */
  transport?: 'http' | 'socket';
  /** The playground page's port (0 picks a free one); leave it out for no page. */
  playgroundPort?: number;
  logger: Logger;
  /**
   * Adds the emulator's Enterprise Grid org (Globex: Sales, Engineering, Legal) with the app in OAuth
   * mode, installed in Acme and org-wide in Globex (local-org.ts). HTTP transport only. Default false.
   */
  org?: boolean;
  /** The app's clock (default the system's): a test moves it to bring a reminder due. */
  clock?: Clock;
}

export interface LocalSystem {
  sandbox: Sandbox;
  emulator: SlackEmulator;
  app: TaskbridgeApp;
  /** Signs each request for the workspace of the person it comes from (one workspace without the org). */
  signer: SlackSigner;
  /** The app's events URL over HTTP; undefined in Socket Mode. */
  eventsUrl: string | undefined;
  /** Where the app listens, in words ("127.0.0.1 only, port 3000"; Socket Mode listens nowhere). */
  listening: string;
  playground: Playground | undefined;
  /** The app's listeners under way, so a command's answer is read as soon as they end. */
  appWork: InFlight;
  stop(): Promise<void>;
}

/** Where the demo's tasks live on the web, for links in cards (the sandbox has no web pages). */
const LOCAL_TASK_URL = 'https://work.example.com/projects/{project_id}/tasks/{id}';

export async function startLocalSystem(opts: LocalSystemOptions): Promise<LocalSystem> {
  mkdirSync(opts.dataDir, { recursive: true });
  const host = opts.host ?? '127.0.0.1';
  const started: Array<() => Promise<void>> = [];
  const stopStarted = async () => {
    for (const stop of started.reverse()) await stop().catch(() => undefined);
  };
  let sandbox: Sandbox;
  let emulator: SlackEmulator;
  let app: TaskbridgeApp;
  let appWork: InFlight;
  let eventsUrl: string | undefined;
  let listening: string;
  const signingSecret = randomBytes(16).toString('hex');
  const store = await openStore(opts.storeUrl);
  started.push(() => store.close());
  const socket = opts.transport === 'socket';
  const org = opts.org === true;
  if (org && socket) {
    await store.close();
    throw new Error(
      'LOCAL_SLACK_ORG needs LOCAL_SLACK_TRANSPORT=http: org installs go through OAuth over HTTP',
    );
  }
  try {
    sandbox = await namingThePort(
      createSandbox({ port: opts.sandboxPort, host, dbPath: `${opts.dataDir}/sandbox.db` }),
      'SANDBOX_PORT',
      opts.sandboxPort,
      'the sandbox',
      host,
    );
    started.push(() => sandbox.close());
    emulator = await createSlackEmulator({ port: opts.emulatorPort ?? 0, host, org });
    started.push(() => emulator.close());
    app = createTaskbridgeApp({
      slack: org
        ? { kind: 'oauth', ...LOCAL_OAUTH_APP, stateSecret: randomBytes(16).toString('hex'), signingSecret }
        : socket
          ? { kind: 'socket', botToken: emulator.botToken, appToken: emulator.appToken }
          : { kind: 'http', botToken: emulator.botToken, signingSecret },
      slackApiUrl: emulator.url,
      store,
      encryptionKey: opts.encryptionKey,
      // OAuth mode serves many workspaces: the default connection names its one, Acme.
      workApiFallback: {
        baseUrl: sandbox.url,
        token: sandbox.token,
        ...(org ? { teamId: DEFAULT_SEED.team.id } : {}),
      },
      taskUrlPattern: LOCAL_TASK_URL,
      port: opts.port,
      host,
      logger: opts.logger,
      digests: { enabled: opts.scheduleDigests ?? true },
      ...(opts.clock ? { clock: opts.clock } : {}),
    });
    appWork = trackInFlight(app.app);
    const appStarted = await namingThePort(app.start(), 'PORT', opts.port, "the Slack app's events", host);
    started.push(() => app.stop());
    if (!appStarted.eventsUrl && !socket) throw new Error('the local app did not start its HTTP receiver');
    eventsUrl = appStarted.eventsUrl;
    listening = appStarted.listening ?? 'nowhere (Socket Mode)';
    if (org) await installLocally(app, emulator, sandbox, eventsUrl!);
  } catch (error) {
    await stopStarted();
    throw error;
  }
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
  // Over HTTP the sandbox sends its events to the app; in Socket Mode the app has no HTTP server of
  // its own here, so watched projects are checked for changes instead (and a registration and
  // secret left by an earlier HTTP run would stop that: they go). The stop removes this run's,
  // before the app and the sandbox stop, so no address is left that nobody answers.
  if (eventsUrl) await registerLocalWebhook(app, sandbox, team, eventsUrl);
  else await unregisterLocalWebhook(app, sandbox, team);
  const local = { app, sandbox };
  started.push(() => unregisterLocalWebhook(local.app, local.sandbox, team));
  // Each workspace signs its own requests (its team id, and its org's): Acme first, then Globex's.
  const signers = new Map<string, SlackSigner>();
  for (const teamId of emulator.state.teams.keys()) {
    signers.set(
      teamId,
      createSlackSigner({
        appUrl: eventsUrl ?? 'socket-mode:',
        signingSecret,
        emulator,
        teamId,
        ...workspaceDefaults(emulator, teamId),
        transport: socket ? 'socket' : 'http',
      }),
    );
  }
  const signer = signerPerWorkspace(emulator, signers, signers.get(team)!);
  let playground: Playground | undefined;
  try {
    playground =
      opts.playgroundPort === undefined
        ? undefined
        : await namingThePort(
            startPlayground({
              emulator,
              signer,
              appWork,
              port: opts.playgroundPort,
              host,
              unfurlDomains: [new URL(LOCAL_TASK_URL.replace(/\{\w+\}/g, '1')).hostname],
              sendDigestNow: (channelId) =>
                sendDigestNow(app.deps.digests, emulator.channel(channelId)?.teamId ?? team, channelId),
            }),
            'PLAYGROUND_PORT',
            opts.playgroundPort,
            'the playground page',
            host,
          );
  } catch (error) {
    await stopStarted();
    throw error;
  }
  if (playground) {
    const page = playground;
    started.push(() => page.close());
  }
  return { sandbox, emulator, app, signer, eventsUrl, listening, playground, appWork, stop: stopStarted };
}

/** Who acts and where when a request names no one, in a workspace other than Acme: its first person and channel. */
function workspaceDefaults(emulator: SlackEmulator, teamId: string) {
  if (teamId === DEFAULT_SEED.team.id) return {};
  const person = emulator.state.humanUsers(teamId)[0];
  const channel = [...emulator.state.channels.values()].find((c) => c.teamId === teamId && !c.imUserId);
  return {
    ...(person ? { defaultUser: person.id } : {}),
    ...(channel ? { defaultChannel: channel.id } : {}),
  };
}
