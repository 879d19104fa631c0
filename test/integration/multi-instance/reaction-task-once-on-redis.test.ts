/**
 * A message becomes one task however many people react with the mapped emoji at once, each
 * reaction's event delivered to a different instance: three instances of the app, each with its own
 * connection to one redis-server (their shared store), the sandbox and the Slack emulator. The
 * store's claim on the message lets one of them make it; the others add nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaskbridgeApp, type TaskbridgeApp } from '../../../src/create-app.ts';
import { createLogger } from '../../../src/lib/logger.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import type { SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { createSlackSigner } from '../../../src/slack-emulator/signer.ts';
import { openStore } from '../../../src/store/open-store.ts';
import { createReactionTasks } from '../../../src/store/repositories/reaction-tasks.ts';
import type { Store } from '../../../src/store/types.ts';
import { type AppWork, watchAppWork } from '../../support/app-work.ts';
import { type Fleet, startSharedWorld } from '../../support/fleet.ts';
import { redisTool } from '../../support/redis-server.ts';

const TEAM = 'T0001';
const CHANNEL = 'C0WEBSITE';
const SECRET = 'reaction-redis-secret';
const PEOPLE = [
  { slack: 'U0ANA', member: 1, name: 'Ana Silva', email: 'ana@example.com' },
  { slack: 'U0BEN', member: 2, name: 'Ben Okafor', email: 'ben@example.com' },
  { slack: 'U0CHLOE', member: 3, name: 'Chloe Martin', email: 'chloe@example.com' },
] as const;

describe.runIf(redisTool.mustRun)('emoji to task across three instances on one Redis', () => {
  let fleet: Fleet;
  let sandbox: Sandbox;
  let emulator: SlackEmulator;
  const stores: Store[] = [];
  const apps: TaskbridgeApp[] = [];
  const works: AppWork[] = [];

  const instance = async () => {
    const store = await openStore(fleet.redis!.url);
    stores.push(store);
    const app = createTaskbridgeApp({
      slack: { kind: 'http', botToken: emulator.botToken, signingSecret: SECRET },
      slackApiUrl: emulator.url,
      store,
      encryptionKey: 'cd'.repeat(32),
      port: 0,
      workApiFallback: { baseUrl: sandbox.url, token: sandbox.token, teamId: TEAM },
      workApiAddressPolicy: { allowPrivate: true, allowedHosts: [] },
      logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      changePolling: { enabled: false },
      reminders: { enabled: false },
    });
    apps.push(app);
    works.push(watchAppWork(app));
    const { eventsUrl } = await app.start();
    return createSlackSigner({ appUrl: eventsUrl!, signingSecret: SECRET, emulator });
  };

  beforeAll(async () => {
    fleet = await startSharedWorld('reaction');
    ({ sandbox, emulator } = fleet);
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.stop();
    for (const store of stores) await store.close();
    await fleet?.stop();
  });

  it('makes one task and one card when three people react at the same moment on three instances', async () => {
    const signers = [await instance(), await instance(), await instance()];
    for (const p of PEOPLE)
      await apps[0]!.deps.userLinks.link(TEAM, p.slack, {
        memberId: p.member,
        memberName: p.name,
        email: p.email,
        proof: 'email',
      });
    await createReactionTasks(stores[0]!).setMapping(TEAM, CHANNEL, {
      emoji: 'ticket',
      projectId: 1,
      projectName: 'Website',
      setBy: 'U0ANA',
      setAt: Date.now(),
    });
    const title = 'Cookie banner covers the checkout button';
    const message = emulator.addMessage({ channel: CHANNEL, user: 'U0DEV', text: title });

    await Promise.all(
      signers.map((signer, i) =>
        signer.react({ user: PEOPLE[i]!.slack, channel: CHANNEL, ts: message.ts, name: 'ticket' }),
      ),
    );
    for (const work of works) await work.settled();

    const made = (await apps[0]!.deps.workApi.clientFor(TEAM))!;
    const tasks = (await made.tasks.list({ q: title, per_page: 100 })).data.filter((t) => t.title === title);
    expect(tasks).toHaveLength(1);
    const cards = emulator.calls('chat.postMessage').filter((c) => JSON.stringify(c.args).includes(title));
    expect(cards).toHaveLength(1);
    expect(cards[0]!.args.thread_ts).toBe(message.ts);
    const record = await createReactionTasks(stores[2]!).task(TEAM, CHANNEL, message.ts);
    expect(record?.taskId).toBe(tasks[0]!.id);
  });
});
