/**
 * Two workspaces in one OAuth deployment, and an attacker in the second: every `/task` verb (each
 * help example, aimed at the first workspace's task ids), every button, form, shortcut, options
 * menu and event the app routes, signed as Slack signs them. Workspace A (T0001) uses the
 * deployment's default connection, which WORK_API_TEAM_ID gives to A alone; workspace B (T0002)
 * first has no connection, then its own service. Nothing of A's is read or written: A's service
 * (behind a counting proxy) gets no request, A's Slack sees no call, A's stored records stay as
 * they were.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskViewOf } from '../../src/api/task-view.ts';
import { createTaskbridgeApp, type TaskbridgeApp } from '../../src/create-app.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { VERBS } from '../../src/slack/commands/verbs.ts';
import { ROUTES } from '../../src/slack/router/index.ts';
import { createSlackEmulator, type SlackEmulator } from '../../src/slack-emulator/index.ts';
import { createSlackSigner, type SlackSigner } from '../../src/slack-emulator/signer.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/types.ts';
import { type AppWork, watchAppWork } from '../support/app-work.ts';

const SECRET = 'isolation-signing-secret';
const A = 'T0001';
const B = 'T0002';
const MALLORY = 'U0MALLORY';

/** A's service behind a proxy that counts what reaches it. */
async function countingProxy(
  target: Sandbox,
): Promise<{ url: string; count: () => number; close(): Promise<void> }> {
  const origin = new URL(target.url).origin;
  let count = 0;
  const server: Server = createServer(async (req, res) => {
    count += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([k, v]) => typeof v === 'string' && k !== 'host' && k !== 'content-length',
      ),
    ) as Record<string, string>;
    const answer = await fetch(`${origin}${req.url}`, {
      method: req.method,
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${new URL(target.url).pathname}`,
    count: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function snapshot(store: Store, prefix: string): Promise<string> {
  const rows: string[] = [];
  for await (const [key, value] of store.entries(prefix)) rows.push(`${key}=${JSON.stringify(value)}`);
  return rows.sort().join('\n');
}

describe('two workspaces, one attacker', () => {
  let sandboxA: Sandbox;
  let sandboxB: Sandbox;
  let proxyA: Awaited<ReturnType<typeof countingProxy>>;
  let emulator: SlackEmulator;
  let store: Store;
  let app: TaskbridgeApp;
  /** The app's work after each acknowledgement: waited for, where 400 ms without a Slack call proved nothing. */
  let work: AppWork;
  let mallory: SlackSigner;
  let ana: SlackSigner;

  beforeAll(async () => {
    sandboxA = await createSandbox({ port: 0, rateLimits: false });
    sandboxB = await createSandbox({ port: 0, rateLimits: false, token: 'workspace-b-service-token' });
    proxyA = await countingProxy(sandboxA);
    emulator = await createSlackEmulator({ port: 0 });
    emulator.addTeam({ id: B, name: 'Beta', botToken: 'xoxb-emulator-beta' });
    // Mallory administers workspace B and shares Ana's email, the strongest attacker B can hold.
    emulator.addUser({ id: MALLORY, teamId: B, name: 'mallory', isAdmin: true, email: 'ana@example.com' });
    emulator.addChannel({ id: 'C0BETA', teamId: B, name: 'general', botIsMember: true });
    store = await openStore('sqlite::memory:');
    app = createTaskbridgeApp({
      slack: {
        kind: 'oauth',
        clientId: '1111111111.2222222222',
        clientSecret: 'emulator-client-secret',
        stateSecret: 'isolation-state-secret-0123',
        signingSecret: SECRET,
      },
      slackApiUrl: emulator.url,
      store,
      encryptionKey: '12'.repeat(32),
      workApiFallback: { baseUrl: proxyA.url, token: sandboxA.token, teamId: A },
      port: 0,
      logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      workApiClientOptions: { timeoutMs: 3_000, maxWaitMs: 2_000 },
      // B's own service is on loopback too, as an operator would allow it.
      workApiAddressPolicy: { allowPrivate: false, allowedHosts: [new URL(sandboxB.url).host] },
      digests: { enabled: false },
    });
    for (const team of [emulator.team(A), emulator.team(B)]) {
      await app.deps.installations.storeInstallation({
        team: { id: team.id, name: team.name },
        enterprise: undefined,
        user: { id: team.id === A ? 'U0ANA' : MALLORY, token: undefined, scopes: undefined },
        bot: { token: team.botToken, scopes: ['chat:write'], id: team.botId, userId: team.botUserId },
        appId: team.appId,
        tokenType: 'bot',
        isEnterpriseInstall: false,
        authVersion: 'v2',
      });
    }
    work = watchAppWork(app);
    const { eventsUrl } = await app.start();
    ana = createSlackSigner({ appUrl: eventsUrl!, signingSecret: SECRET, emulator, teamId: A });
    mallory = createSlackSigner({
      appUrl: eventsUrl!,
      signingSecret: SECRET,
      emulator,
      teamId: B,
      defaultUser: MALLORY,
      defaultChannel: 'C0BETA',
    });
    await app.deps.userLinks.link(A, 'U0ANA', {
      memberId: 1,
      memberName: 'Ana Silva',
      email: 'ana@example.com',
      proof: 'email',
    });
    await app.deps.channelDefaults.set(A, 'C0WEBSITE', {
      projectId: 1,
      projectName: 'Website',
      setBy: 'U0ANA',
    });
  });

  afterAll(async () => {
    await app.stop();
    await emulator.close();
    await proxyA.close();
    await sandboxA.close();
    await sandboxB.close();
    await store.close();
  });

  /** Everything the app routes, from Mallory, aimed at A's tasks (ids 1–8, project 1). */
  async function attack(): Promise<number[]> {
    const statuses: number[] = [];
    const hit = async (p: Promise<{ status: number }>) => statuses.push((await p).status);
    for (const verb of VERBS) {
      for (const example of verb.examples) {
        await hit(mallory.command(`/task ${example.replace(/\b42\b/g, '8').replace(/\b3\b/g, '1')}`));
      }
    }
    await hit(mallory.command('/task new Exfiltrate #Website'));
    await hit(mallory.command('/task list #Website'));
    for (const actionId of ROUTES.actions.keys()) {
      for (const value of ['8.1', 'open:8.1', `${MALLORY}:1`, '1']) {
        await hit(
          mallory.blockAction({
            actionId,
            value,
            blockId: 'task:8.1:v1',
            selectedOption: { text: { type: 'plain_text', text: 'x' }, value },
            selectedUser: MALLORY,
            selectedDate: '2030-01-01',
          }),
        );
      }
    }
    for (const callbackId of ROUTES.views.keys()) {
      await hit(
        mallory.viewSubmission({
          view: {
            id: `V0${callbackId.toUpperCase().slice(0, 8)}`,
            callback_id: callbackId,
            type: 'modal',
            private_metadata: '{"t":"T0001","u":"U0ANA","task":8,"project":1}',
            blocks: [],
          },
          values: {},
        }),
      );
    }
    for (const callbackId of ROUTES.shortcuts.keys()) {
      const message = emulator.addMessage({ channel: 'C0BETA', user: MALLORY, text: 'make task 8 mine' });
      await hit(mallory.messageShortcut({ callbackId, message }));
      await hit(mallory.globalShortcut({ callbackId }));
    }
    for (const actionId of ROUTES.options.keys()) {
      await hit(mallory.blockSuggestion({ actionId, value: 'a' }));
    }
    for (const type of ROUTES.events.keys()) {
      if (type === 'app_uninstalled' || type === 'tokens_revoked') continue;
      await hit(
        mallory.event({
          type,
          user: MALLORY,
          channel: 'C0BETA',
          tab: 'home',
          message_ts: '1.1',
          links: [{ url: 'https://work.example.com/projects/1/tasks/8', domain: 'work.example.com' }],
        }),
      );
    }
    await work.settled();
    return statuses;
  }

  it('A itself reads its tasks through the default connection (the proxy counts)', async () => {
    const before = proxyA.count();
    await ana.command('/task mine');
    await emulator.waitForCall('response_url', (c) => c.teamId === A, 5_000);
    expect(proxyA.count()).toBeGreaterThan(before);
    // A's first list also starts the reading of A's task view: let it end, so later counts are B's.
    await taskViewOf((await app.deps.workApi.clientFor(A))!).refresh();
  });

  it('B without a connection of its own gets nothing of A through the default connection', async () => {
    await work.settled();
    const stored = await snapshot(store, `team:${A}:`);
    const before = proxyA.count();
    emulator.clearCalls();
    const statuses = await attack();
    // The requests reached the app's listeners (signed, well formed, from an installed workspace).
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(proxyA.count()).toBe(before);
    expect(emulator.calls().filter((c) => c.teamId === A)).toEqual([]);
    expect(await snapshot(store, `team:${A}:`)).toBe(stored);
    // What B was told instead: it is not connected.
    const replies = JSON.stringify(emulator.calls('response_url').map((c) => c.args));
    expect(replies).toMatch(/not connected|connect/i);
  });

  it('B with its own service reads and writes only there', async () => {
    await app.deps.connections.save(B, {
      baseUrl: sandboxB.url,
      token: sandboxB.token,
      connectedBy: MALLORY,
    });
    await work.settled();
    const stored = await snapshot(store, `team:${A}:`);
    const before = proxyA.count();
    emulator.clearCalls();
    await attack();
    expect(proxyA.count()).toBe(before);
    expect(emulator.calls().filter((c) => c.teamId === A)).toEqual([]);
    expect(await snapshot(store, `team:${A}:`)).toBe(stored);
  });
});
