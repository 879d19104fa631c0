/**
 * Token rotation on three instances of the app (OAuth mode, in this process, each with its own
 * connection to one redis-server) while they send six digests of one workspace at the same
 * minute. The bot token expires at the emulator partway through: after the second post, time
 * jumps past its expiry. A refresh token dies on first use, so a second refresh would fail with
 * `invalid_refresh_token`: the emulator must see exactly one refresh grant, and every digest must
 * still be posted, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaskbridgeApp, type TaskbridgeApp } from '../../../src/create-app.ts';
import { fixedClock } from '../../../src/lib/clock.ts';
import { createLogger } from '../../../src/lib/logger.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import type { SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { createSlackSigner, type SlackSigner } from '../../../src/slack-emulator/signer.ts';
import { openStore } from '../../../src/store/open-store.ts';
import type { Store } from '../../../src/store/types.ts';
import { type Fleet, startSharedWorld } from '../../support/fleet.ts';
import { redisTool } from '../../support/redis-server.ts';

const TEAM = 'T0001';
const ANA = 'U0ANA';
const CHANNELS = ['C0ROT1', 'C0ROT2', 'C0ROT3', 'C0ROT4', 'C0ROT5', 'C0ROT6'];
const NINE = new Date('2026-03-04T09:00:00.000Z');
/** Outside the app's 10-minute refresh margin at the start, so the first posts use the first token. */
const FIRST_TOKEN_SECONDS = 15 * 60;

describe.runIf(redisTool.mustRun)('a rotating token on three instances on one Redis', () => {
  let fleet: Fleet;
  let sandbox: Sandbox;
  let emulator: SlackEmulator;
  const clock = fixedClock('2026-03-04T08:59:00.000Z');
  const stores: Store[] = [];
  const apps: TaskbridgeApp[] = [];
  const signers: SlackSigner[] = [];

  beforeAll(async () => {
    fleet = await startSharedWorld('rotation', { clock, tokenRotation: {} });
    ({ sandbox, emulator } = fleet);
    for (const id of CHANNELS) emulator.addChannel({ id, name: id.toLowerCase(), botIsMember: true });
    for (const name of ['one', 'two', 'three']) {
      const store = await openStore(fleet.redis!.url);
      stores.push(store);
      apps.push(
        createTaskbridgeApp({
          slack: {
            kind: 'oauth',
            clientId: '1111111111.2222222222',
            clientSecret: 'emulator-client-secret',
            stateSecret: 'rotation-state-secret-0123',
            signingSecret: 'rotation-signing-secret',
          },
          slackApiUrl: emulator.url,
          store,
          clock,
          encryptionKey: '78'.repeat(32),
          port: 0,
          logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }).child({ instance: name }),
          digests: { enabled: false },
          changePolling: { enabled: false },
          reminders: { enabled: false },
          pendingCommands: { enabled: false },
          notifications: { enabled: false },
          workApiAddressPolicy: { allowPrivate: false, allowedHosts: [new URL(sandbox.url).host] },
        }),
      );
    }
    for (const app of apps) {
      const { eventsUrl } = await app.start();
      signers.push(
        createSlackSigner({ appUrl: eventsUrl!, signingSecret: 'rotation-signing-secret', emulator }),
      );
    }
    const [first] = apps as [TaskbridgeApp];
    const team = emulator.team(TEAM);
    const pair = emulator.issueRotatingToken({ teamId: TEAM, expiresIn: FIRST_TOKEN_SECONDS });
    await first.deps.installations.storeInstallation({
      team: { id: TEAM, name: team.name },
      enterprise: undefined,
      user: { id: ANA, token: undefined, scopes: undefined },
      bot: {
        token: pair.accessToken,
        refreshToken: pair.refreshToken,
        expiresAt: Math.floor(clock.now().getTime() / 1000) + pair.expiresIn,
        scopes: ['chat:write'],
        id: team.botId,
        userId: team.botUserId,
      },
      appId: team.appId,
      tokenType: 'bot',
      isEnterpriseInstall: false,
      authVersion: 'v2',
    });
    await first.deps.connections.save(TEAM, { baseUrl: sandbox.url, token: sandbox.token, connectedBy: ANA });
    for (const channelId of CHANNELS) {
      await first.deps.digests.subscriptions.create({
        teamId: TEAM,
        channelId,
        createdBy: ANA,
        projectIds: [1],
        time: '09:00',
        timeZone: 'UTC',
        days: [1, 2, 3, 4, 5, 6, 7],
        sections: { overdue: true, dueToday: true, dueWithinDays: 7 },
        filters: {},
        postWhenEmpty: true,
      });
    }
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.stop();
    for (const store of stores) await store.close();
    await fleet?.stop();
  }, 30_000);

  it('refreshes once, under the lock, and loses no post', { timeout: 60_000 }, async () => {
    let posts = 0;
    const homes: Array<Promise<unknown>> = [];
    const stop = emulator.onCall((call) => {
      // Partway through the run the token expires: Slack refuses it from now on. At that moment
      // the other two instances are each asked for a Home tab, so all three need a fresh token.
      if (call.method === 'chat.postMessage' && call.response.ok === true && ++posts === 2) {
        clock.advance(FIRST_TOKEN_SECONDS * 1000);
        for (const [i, user] of [
          [1, 'U0BEN'],
          [2, 'U0CHLOE'],
        ] as const) {
          homes.push(
            signers[i]!.event({ type: 'app_home_opened', user, tab: 'home' }, { eventId: `Ev-home-${i}` }),
          );
        }
      }
    });
    const reports = await Promise.all(apps.map((app) => app.deps.digests.runner.tick(NINE)));
    stop();
    await Promise.all(homes);
    for (const user of ['U0BEN', 'U0CHLOE']) {
      const publish = await emulator.waitForCall('views.publish', (call) => call.args.user_id === user);
      expect(publish.response.ok, user).toBe(true);
    }
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(CHANNELS.length);
    for (const channel of CHANNELS) {
      const ok = emulator
        .calls('chat.postMessage')
        .filter((call) => call.args.channel === channel && call.response.ok === true);
      expect(ok, channel).toHaveLength(1);
    }
    expect(emulator.refreshGrants()).toBe(1);
    const refreshes = emulator.calls('oauth.v2.access');
    expect(refreshes.map((call) => call.response.error ?? 'ok')).toEqual(['ok']);
    // The new pair is stored sealed, as the first was.
    const stored = JSON.stringify(await stores[0]!.get(`team:${TEAM}:installation`));
    expect(stored).not.toMatch(/xoxe/);
  });
});
