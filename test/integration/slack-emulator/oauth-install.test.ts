import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App, HTTPReceiver, type Logger, LogLevel } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackEmulator, type SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { createSlackSigner } from '../../../src/slack-emulator/signer.ts';
import { createCipher } from '../../../src/store/cipher.ts';
import { openStore } from '../../../src/store/open-store.ts';
import {
  createInstallationStore,
  type TaskbridgeInstallationStore,
} from '../../../src/store/repositories/installation-store.ts';
import type { Store } from '../../../src/store/types.ts';

const SECRET = 'oauth-install-signing-secret';
const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  setLevel: () => {},
  getLevel: () => LogLevel.ERROR,
  setName: () => {},
};

/** Bolt's own OAuth flow against the emulator's oauth.v2.access, storing installs in our encrypted store. */
describe('OAuth install of several workspaces into our installation store', () => {
  let emulator: SlackEmulator;
  let store: Store;
  let installations: TaskbridgeInstallationStore;
  let app: App;
  let baseUrl: string;

  beforeEach(async () => {
    emulator = await createSlackEmulator();
    emulator.addTeam({ id: 'T0002', name: 'Globex', botToken: 'xoxb-emulator-globex' });
    emulator.addUser({ id: 'U0HANK', teamId: 'T0002', name: 'hank', isAdmin: true });
    emulator.addChannel({ id: 'C0GLOBEX', teamId: 'T0002', name: 'general' });
    store = await openStore('sqlite::memory:');
    installations = createInstallationStore(store, createCipher('9'.repeat(64)));
    const receiver = new HTTPReceiver({
      signingSecret: SECRET,
      clientId: '1111111111.2222222222',
      clientSecret: 'emulator-client-secret',
      stateSecret: 'state-secret-for-tests',
      scopes: ['commands', 'chat:write'],
      installationStore: installations,
      // The install starts on Slack's page, not ours, so there is no state cookie to check.
      installerOptions: { stateVerification: false, clientOptions: { slackApiUrl: emulator.url } },
      logger: silentLogger,
    });
    app = new App({ receiver, clientOptions: { slackApiUrl: emulator.url }, logger: silentLogger });
    app.command('/task', async ({ ack, client, command }) => {
      await ack();
      await client.chat.postMessage({ channel: command.channel_id, text: `Hello ${command.team_id}` });
    });
    const server = (await app.start(0)) as Server;
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await app.stop();
    await emulator.close();
    await store.close();
  });

  const install = async (teamId: string) => {
    const code = emulator.issueOAuthCode({ teamId });
    const response = await fetch(`${baseUrl}/slack/oauth_redirect?code=${encodeURIComponent(code)}`);
    await response.text();
    return response.status;
  };

  it('installs two workspaces and answers each with its own bot token', async () => {
    expect(await install('T0001')).toBe(200);
    expect(await install('T0002')).toBe(200);
    const acme = await installations.fetchInstallation({
      teamId: 'T0001',
      enterpriseId: undefined,
      isEnterpriseInstall: false,
    });
    expect(acme.bot).toMatchObject({
      token: 'xoxb-emulator-bot-token',
      userId: 'U0TASKBOT',
      id: 'B0TASKBOT',
    });
    const raw: string[] = [];
    for await (const [, value] of store.entries('team:')) raw.push(JSON.stringify(value));
    expect(raw.join('\n')).not.toContain('xoxb-emulator');

    const endpoint = `${baseUrl}/slack/events`;
    await createSlackSigner({ appUrl: endpoint, signingSecret: SECRET, emulator }).command('/task hi');
    await createSlackSigner({
      appUrl: endpoint,
      signingSecret: SECRET,
      emulator,
      teamId: 'T0002',
      defaultUser: 'U0HANK',
      defaultChannel: 'C0GLOBEX',
    }).command('/task hi');
    await emulator.waitForCall('chat.postMessage', () => emulator.calls('chat.postMessage').length === 2);
    expect(emulator.calls('chat.postMessage').map((call) => [call.teamId, call.args.text])).toEqual([
      ['T0001', 'Hello T0001'],
      ['T0002', 'Hello T0002'],
    ]);
  });

  it('refuses a code used twice, and forgets a workspace removed with deleteTeam', async () => {
    const code = emulator.issueOAuthCode({ teamId: 'T0002' });
    const first = await fetch(`${baseUrl}/slack/oauth_redirect?code=${code}`);
    expect(first.status).toBe(200);
    const second = await fetch(`${baseUrl}/slack/oauth_redirect?code=${code}`);
    expect(second.status).toBeGreaterThanOrEqual(400);
    await installations.deleteTeam('T0002');
    await expect(
      installations.fetchInstallation({
        teamId: 'T0002',
        enterpriseId: undefined,
        isEnterpriseInstall: false,
      }),
    ).rejects.toThrow(/No installation stored for team T0002/);
    const signer = createSlackSigner({
      appUrl: `${baseUrl}/slack/events`,
      signingSecret: SECRET,
      emulator,
      teamId: 'T0002',
      defaultUser: 'U0HANK',
      defaultChannel: 'C0GLOBEX',
    });
    await signer.command('/task hi');
    expect(emulator.calls('chat.postMessage')).toEqual([]);
  });
});
