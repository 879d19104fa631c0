/**
 * A reminder goes once however many instances look for it at the same moment: three instances of
 * the app, each with its own connection to one redis-server (their shared store), the sandbox and
 * the Slack emulator. All three look when it falls due; one direct message is sent. Then an
 * instance that stopped before sending (its claim never taken) leaves nothing behind: a fresh
 * instance over the same Redis sends a reminder set before it started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaskbridgeApp, type TaskbridgeApp } from '../../../src/create-app.ts';
import { fixedClock } from '../../../src/lib/clock.ts';
import { createLogger } from '../../../src/lib/logger.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import type { SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { openStore } from '../../../src/store/open-store.ts';
import type { Store } from '../../../src/store/types.ts';
import { type Fleet, startSharedWorld } from '../../support/fleet.ts';
import { redisTool } from '../../support/redis-server.ts';

const TEAM = 'T0001';
const ANA = 'U0ANA';
const START = '2026-11-27T10:00:00.000Z';

describe.runIf(redisTool.mustRun)('reminders across three instances on one Redis', () => {
  let fleet: Fleet;
  let sandbox: Sandbox;
  let emulator: SlackEmulator;
  const clock = fixedClock(START);
  const stores: Store[] = [];
  const apps: TaskbridgeApp[] = [];

  const instance = async () => {
    const store = await openStore(fleet.redis!.url);
    stores.push(store);
    const app = createTaskbridgeApp({
      slack: { kind: 'http', botToken: emulator.botToken, signingSecret: 'reminders-redis-secret' },
      slackApiUrl: emulator.url,
      store,
      encryptionKey: 'cd'.repeat(32),
      workApiFallback: { baseUrl: sandbox.url, token: sandbox.token, teamId: TEAM },
      workApiAddressPolicy: { allowPrivate: true, allowedHosts: [] },
      clock,
      logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      tokenVerification: false,
    });
    apps.push(app);
    return app;
  };
  const dms = () =>
    emulator
      .calls('chat.postMessage')
      .filter((c) => c.args.channel === ANA && JSON.stringify(c.args).includes('The reminder you set'));

  beforeAll(async () => {
    fleet = await startSharedWorld('reminders');
    ({ sandbox, emulator } = fleet);
  }, 60_000);

  afterAll(async () => {
    for (const store of stores) await store.close();
    await fleet?.stop();
  });

  it('sends one direct message when all three look at once', async () => {
    const three = [await instance(), await instance(), await instance()];
    await three[0]!.deps.reminders.reminders.add(
      {
        teamId: TEAM,
        userId: ANA,
        taskId: 1,
        projectId: 1,
        title: 'Fix login redirect loop',
        at: new Date(START),
      },
      clock.now(),
    );
    clock.advance(60_000);
    const sent = await Promise.all(three.map((app) => app.deps.reminders.look()));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(dms()).toHaveLength(1);
    await Promise.all(three.map((app) => app.deps.reminders.look()));
    expect(dms()).toHaveLength(1);
  });

  it('leaves a reminder set before a restart to the instance that comes next', async () => {
    await apps[0]!.deps.reminders.reminders.add(
      {
        teamId: TEAM,
        userId: ANA,
        taskId: 2,
        projectId: 1,
        title: 'Update pricing page copy',
        at: clock.now(),
      },
      clock.now(),
    );
    const restarted = await instance();
    clock.advance(60_000);
    expect(await restarted.deps.reminders.look()).toBe(1);
    expect(dms()).toHaveLength(2);
    expect(JSON.stringify(dms()[1]!.args.blocks)).toContain('Update pricing page copy');
  });
});
