/**
 * OAuth mode reads a workspace's installation once per request: the gate (is the workspace
 * served?) and Bolt's authorize (which bot token?) share one read and one decryption, and nothing
 * of it outlives the request: once the app is uninstalled, the next command is told so.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTaskbridgeApp, type TaskbridgeApp } from '../../src/create-app.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createSlackEmulator, type SlackEmulator } from '../../src/slack-emulator/index.ts';
import { createSlackSigner, type SlackSigner } from '../../src/slack-emulator/signer.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/types.ts';

const SECRET = 'oauth-reads-signing-secret';

describe('OAuth mode: the installation per request', () => {
  let emulator: SlackEmulator;
  let store: Store;
  let app: TaskbridgeApp;
  let signer: SlackSigner;
  const reads: string[] = [];

  beforeAll(async () => {
    emulator = await createSlackEmulator({ port: 0 });
    const inner = await openStore('sqlite::memory:');
    // The real store, with its reads of installations noted.
    store = Object.assign(Object.create(inner) as Store, {
      get: (key: string) => {
        if (key.includes(':installation')) reads.push(key);
        return inner.get(key);
      },
    });
    app = createTaskbridgeApp({
      slack: {
        kind: 'oauth',
        clientId: '1111111111.2222222222',
        clientSecret: 'emulator-client-secret',
        stateSecret: 'oauth-reads-state-secret-0123',
        signingSecret: SECRET,
      },
      slackApiUrl: emulator.url,
      store,
      encryptionKey: '34'.repeat(32),
      port: 0,
      logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      digests: { enabled: false },
    });
    const team = emulator.team();
    await app.deps.installations.storeInstallation({
      team: { id: team.id, name: team.name },
      enterprise: undefined,
      user: { id: 'U0ANA', token: undefined, scopes: undefined },
      bot: { token: team.botToken, scopes: ['chat:write'], id: team.botId, userId: team.botUserId },
      appId: team.appId,
      tokenType: 'bot',
      isEnterpriseInstall: false,
      authVersion: 'v2',
    });
    const { eventsUrl } = await app.start();
    signer = createSlackSigner({ appUrl: eventsUrl!, signingSecret: SECRET, emulator });
  });

  afterAll(async () => {
    await app.stop();
    await emulator.close();
    await store.close();
  });

  it('reads the installation once for a command, and answers it', async () => {
    reads.length = 0;
    const res = await signer.command('/task help');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('/task');
    expect(reads).toEqual([`team:${emulator.team().id}:installation`]);
  });

  it('reads afresh on the next request: an uninstall is seen by the very next command', async () => {
    const uninstalled = await signer.event({ type: 'app_uninstalled' });
    expect(uninstalled.status).toBe(200);
    // The event's listener removes the workspace after the ack: poll for that, not for a time.
    await vi.waitFor(
      async () => expect(await store.get(`team:${emulator.team().id}:installation`)).toBeUndefined(),
      { timeout: 10_000, interval: 20 },
    );
    const res = await signer.command('/task help');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toMatch(/not installed/);
  });
});
