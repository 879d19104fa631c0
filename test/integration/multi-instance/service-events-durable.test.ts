/**
 * The service's webhooks into real app processes (`node src/main.ts`), through a relay that plays
 * the load balancer: the sandbox signs and sends each change to the relay, which passes it on
 * untouched to the instance whose turn it is.
 *
 * Checked, on the embedded SQLite file and on Redis: an instance killed (SIGKILL) after it
 * answered 204 for a task's first change, while the card waits in its post queue, loses nothing:
 * started again, the app posts the card once, and a later change is one reply under it. On Redis,
 * with two instances taking a task's changes in turn, the channel gets one card and one merged
 * reply, whichever instance took each change. An assignment message owed when an instance is
 * killed goes once from the instance started after it.
 *
 * Each test's instances run on one driven clock (test/support/shared-time.ts): Slack's 30 s wait
 * and the bursts' 10 s windows pass as the test moves them. Waits for what is real (the service's
 * delivery, the instance's answer) stand the clock still; the burst leases are store TTLs and stay
 * real (3 s where an instance is killed).
 */

import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotifyBursts } from '../../../src/notify/store/notify-bursts.ts';
import { createNotifyOutbox } from '../../../src/notify/store/notify-outbox.ts';
import { createServiceEventsSettings } from '../../../src/notify/store/service-events.ts';
import { createSubscriptions } from '../../../src/notify/store/subscriptions.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import type { SlackEmulator } from '../../../src/slack-emulator/index.ts';
import type { RecordedCall } from '../../../src/slack-emulator/model.ts';
import { createCipher } from '../../../src/store/cipher.ts';
import { openStore } from '../../../src/store/open-store.ts';
import { createUserLinks } from '../../../src/store/repositories/user-links.ts';
import type { Store } from '../../../src/store/types.ts';
import type { AppProcess } from '../../support/app-process.ts';
import { type Fleet, killInstance, startFleet } from '../../support/fleet.ts';
import { type RedisServer, redisTool, startRedisServer } from '../../support/redis-server.ts';
import { serviceCall } from '../../support/service-call.ts';
import { SharedTime } from '../../support/shared-time.ts';
import { until as untilWithin } from '../../support/until.ts';

const SIGNING_SECRET = 'durable-events-signing-secret';
const ENCRYPTION_KEY = 'ab'.repeat(32);
const TEAM = 'T0001';
const WEBSITE = 1;
/** A project no channel follows here: its changes owe only direct messages. */
const MOBILE = 2;
const BEN = 2;
const BEN_SLACK = 'U0BEN';

/** The balancer: each delivery goes to the next instance in turn; what each answered is kept. */
interface Relay {
  url: string;
  targets: AppProcess[];
  answers: Array<{ to: string; status: number }>;
  close(): Promise<void>;
}

async function startRelay(): Promise<Relay> {
  let turn = 0;
  const relay: Relay = { url: '', targets: [], answers: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const target = relay.targets[turn++ % relay.targets.length];
      if (!target) return res.writeHead(502).end();
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      fetch(`${target.baseUrl}${req.url}`, { method: 'POST', headers, body: Buffer.concat(chunks) })
        .then(async (answer) => {
          relay.answers.push({ to: target.name, status: answer.status });
          res.writeHead(answer.status).end(await answer.text());
        })
        .catch(() => {
          relay.answers.push({ to: target.name, status: 502 });
          res.writeHead(502).end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  relay.close = () => new Promise((resolve) => server.close(() => resolve()));
  return relay;
}

/** Polls until read() gives a value (each wait is for the thing itself, never a fixed sleep). */

describe('service events survive a crash and merge across instances', () => {
  let fleet: Fleet;
  let sandbox: Sandbox;
  let emulator: SlackEmulator;
  let relay: Relay;
  let secret: string;
  /** Redis and the test's own connection to it, where redis-server must run. */
  let redis: RedisServer | undefined;
  let store: Store;
  let channelSeq = 0;

  beforeAll(async () => {
    // The embedded SQLite file in the fleet's folder; Redis, where it runs, is this file's own.
    fleet = await startFleet({
      label: 'durable',
      store: 'sqlite',
      signingSecret: SIGNING_SECRET,
      encryptionKey: ENCRYPTION_KEY,
      // Long enough that a task's changes sent back to back fall in one window on a busy machine.
      env: { NOTIFY_WINDOW_SECONDS: '10' },
      sandbox: { rateLimits: false },
      proxy: false,
      testStore: false,
    });
    ({ sandbox, emulator } = fleet);
    relay = await startRelay();
    secret = `whsec_${randomBytes(24).toString('base64')}`;
    if (redisTool.mustRun) {
      redis = await startRedisServer();
      store = await openStore(redis.url);
    }
  }, 60_000);

  afterAll(async () => {
    await fleet?.stop();
    await relay?.close();
    await store?.close();
    await redis?.stop();
  }, 30_000);

  /** A fresh channel following Website, and the workspace's webhook settings, in the app's store. */
  async function prepare(store: Store): Promise<{ channel: string; pathKey: string }> {
    const channel = `C0DURABLE${++channelSeq}`;
    emulator.addChannel({ id: channel, name: channel.toLowerCase(), botIsMember: true });
    const settings = createServiceEventsSettings(store, createCipher(ENCRYPTION_KEY));
    const { pathKey } = await settings.ensure(TEAM);
    await settings.saveSecret(TEAM, secret);
    await createSubscriptions(store).save(TEAM, {
      channelId: channel,
      projectId: WEBSITE,
      projectName: 'Website',
      events: ['task.created', 'task.status_changed', 'task.assigned', 'task.due_changed', 'task.done'],
      filters: {
        statuses: [],
        notStatuses: [],
        priorities: [],
        notPriorities: [],
        assignees: [],
        notAssignees: [],
        text: [],
        notText: [],
      },
      broadcast: false,
      createdBy: 'U0ANA',
    });
    return { channel, pathKey };
  }

  /**
   * An instance on `storeUrl`. The lease is short where an instance is killed, so that its hold on a
   * burst lapses within seconds; it must outlast one send, so where none dies it stays long.
   */
  async function start(name: string, storeUrl: string, time: SharedTime, leaseSeconds = 60) {
    const { app } = await fleet.start(name, {
      env: { STORE_URL: storeUrl, NOTIFY_LEASE_SECONDS: String(leaseSeconds) },
      time,
    });
    return app;
  }

  async function change(method: string, path: string, body: unknown) {
    const answer = await serviceCall(sandbox, method, path, body);
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer.record as { id: number; title: string };
  }

  const okIn = (channel: string, method = 'chat.postMessage') =>
    emulator.calls(method).filter((c: RecordedCall) => c.args.channel === channel && c.response.ok === true);
  const cardsOf = (channel: string, title: string) =>
    okIn(channel).filter((c) => !c.args.thread_ts && JSON.stringify(c.args).includes(title));

  /** Resolves once no burst of the workspace is left in the store: whatever was due has gone out. */
  const drained = (store: Store, time: SharedTime) =>
    time.until('the bursts to drain', async () =>
      (await createNotifyBursts(store).open(TEAM)).length === 0 ? true : undefined,
    );

  async function crashAfterAccepting(storeUrl: string, store: Store) {
    const { channel, pathKey } = await prepare(store);
    const hook = sandbox.webhooks.add(`${relay.url}/service/events/${pathKey}`, secret);
    const time = new SharedTime();
    try {
      const first = await start('first', storeUrl, time, 3);
      relay.targets = [first];
      // Slack makes the card wait 30 s: the instance has answered the service and is mid-way.
      emulator.failNext('chat.postMessage', { status: 429, retryAfter: 30 });
      const answered = relay.answers.length;
      const title = `Survives a crash ${channel}`;
      const task = await change('POST', '/tasks', { project_id: WEBSITE, title });
      await emulator.waitForCall('chat.postMessage', (c) => c.status === 429, 20_000);
      await until('the answer to the service', () => relay.answers[answered]);
      expect(relay.answers.slice(answered)).toEqual([{ to: 'first', status: 204 }]);
      expect((await killInstance(first)).signal).toBe('SIGKILL');
      expect(cardsOf(channel, title)).toEqual([]);

      const again = await start('again', storeUrl, time, 3);
      relay.targets = [again];
      // The card goes once the burst's window (10 s) has closed and the dead instance's lease (3 s,
      // real) has lapsed.
      const card = await time.until('the card after the restart', () => cardsOf(channel, title)[0]);
      const parentTs = String(card.response.ts);
      // A later change: one reply under that card, proving the first event went as the card only.
      await change('PUT', `/tasks/${task.id}`, { due_date: '2031-05-02' });
      const reply = await time.until('the reply', () =>
        okIn(channel).find((c) => c.args.thread_ts === parentTs),
      );
      await drained(store, time);
      expect(cardsOf(channel, title)).toHaveLength(1);
      expect(okIn(channel)).toHaveLength(2);
      expect(JSON.stringify(reply.args)).toContain('2031');
      expect(JSON.stringify(reply.args)).not.toContain('Created');
      // The service heard 2xx for each change, once: nothing was sent to the app twice.
      expect(relay.answers.slice(answered).map((a) => a.status)).toEqual([204, 204]);
      expect((await killInstance(again, 'SIGTERM')).code).toBe(0);
    } finally {
      sandbox.webhooks.remove(hook.id);
    }
  }

  /**
   * An assignment message the instance owed when it died: Ben (linked) is assigned a new task in a
   * project no channel follows; Slack makes his message wait, the instance is killed, and the one
   * started after sends it, once.
   */
  async function assignedMessageAfterCrash(storeUrl: string, store: Store) {
    const settings = createServiceEventsSettings(store, createCipher(ENCRYPTION_KEY));
    const { pathKey } = await settings.ensure(TEAM);
    await settings.saveSecret(TEAM, secret);
    await createUserLinks(store).link(TEAM, BEN_SLACK, { memberId: BEN, memberName: 'Ben Okafor' });
    const hook = sandbox.webhooks.add(`${relay.url}/service/events/${pathKey}`, secret);
    const toBen = (title: string) => okIn(BEN_SLACK).filter((c) => JSON.stringify(c.args).includes(title));
    const time = new SharedTime();
    try {
      const first = await start('first', storeUrl, time, 3);
      relay.targets = [first];
      emulator.failNext('chat.postMessage', { status: 429, retryAfter: 30 });
      const answered = relay.answers.length;
      const title = `Assigned before a crash ${++channelSeq}`;
      await change('POST', '/tasks', { project_id: MOBILE, title, assignee_ids: [BEN] });
      await emulator.waitForCall(
        'chat.postMessage',
        (c) => c.status === 429 && c.args.channel === BEN_SLACK,
        20_000,
      );
      await until('the answer to the service', () => relay.answers[answered]);
      expect(relay.answers.slice(answered)).toEqual([{ to: 'first', status: 204 }]);
      expect((await killInstance(first)).signal).toBe('SIGKILL');
      expect(toBen(title)).toEqual([]);

      const again = await start('again', storeUrl, time, 3);
      relay.targets = [again];
      const message = await time.until('the message after the restart', () => toBen(title)[0]);
      expect(JSON.stringify(message.args)).toContain('assigned');
      await time.until('the outbox to drain', async () =>
        (await createNotifyOutbox(store).waiting(TEAM)).length === 0 ? true : undefined,
      );
      expect(toBen(title)).toHaveLength(1);
      expect((await killInstance(again, 'SIGTERM')).code).toBe(0);
    } finally {
      sandbox.webhooks.remove(hook.id);
    }
  }

  describe('on the embedded SQLite store', () => {
    /** Runs a check on the fleet's SQLite file, with the test's own connection to it for the check. */
    async function onSqlite(check: (storeUrl: string, store: Store) => Promise<void>) {
      const storeUrl = fleet.env.STORE_URL!;
      const store = await openStore(storeUrl);
      try {
        await check(storeUrl, store);
      } finally {
        await store.close();
      }
    }

    it('posts the card of a change accepted just before a SIGKILL, once, after the restart', async () => {
      await onSqlite(crashAfterAccepting);
    }, 120_000);

    it('sends an assignment message owed at a SIGKILL, once, after the restart', async () => {
      await onSqlite(assignedMessageAfterCrash);
    }, 120_000);
  });

  describe.skipIf(!redisTool.mustRun)('on Redis', () => {
    it('posts the card of a change accepted just before a SIGKILL, once, after the restart', async () => {
      await crashAfterAccepting(redis!.url, store);
    }, 120_000);

    it('gives one card and one merged reply for a task whose changes land on two instances in turn', async () => {
      const { channel, pathKey } = await prepare(store);
      const hook = sandbox.webhooks.add(`${relay.url}/service/events/${pathKey}`, secret);
      const time = new SharedTime();
      try {
        const [one, two] = await Promise.all([
          start('one', redis!.url, time),
          start('two', redis!.url, time),
        ]);
        relay.targets = [one!, two!];
        const answered = relay.answers.length;
        const title = `Two instances ${channel}`;
        const task = await change('POST', '/tasks', { project_id: WEBSITE, title });
        const statuses = (await serviceCall(sandbox, 'GET', `/projects/${WEBSITE}/statuses`))
          .record as Array<{
          id: number;
          name: string;
        }>;
        const moved = statuses.at(-2)!;
        await change('PUT', `/tasks/${task.id}`, { status_id: moved.id });
        await change('PUT', `/tasks/${task.id}`, { due_date: '2031-06-03' });
        await change('PUT', `/tasks/${task.id}`, { assignee_ids: [2] });
        const answers = await until('four answers', () =>
          relay.answers.length - answered >= 4 ? relay.answers.slice(answered) : undefined,
        );
        expect(answers.map((a) => a.status)).toEqual([204, 204, 204, 204]);
        expect(new Set(answers.map((a) => a.to))).toEqual(new Set(['one', 'two']));

        const card = await time.until('the card', () => cardsOf(channel, title)[0]);
        const parentTs = String(card.response.ts);
        const reply = await time.until('the merged reply', () =>
          okIn(channel).find((c) => c.args.thread_ts === parentTs),
        );
        const edit = await time.until('the card edit', () => okIn(channel, 'chat.update')[0]);
        await drained(store, time);
        expect(cardsOf(channel, title)).toHaveLength(1);
        expect(okIn(channel)).toHaveLength(2);
        expect(okIn(channel, 'chat.update')).toHaveLength(1);
        // The card went out for whichever change an instance took first; the one reply tells the
        // others, and the card edited after it shows all three.
        const lines = JSON.stringify(reply.args);
        expect(lines).not.toContain('Created');
        expect([moved.name, '2031', 'Ben'].filter((told) => lines.includes(told)).length).toBeGreaterThan(1);
        const shownOnCard = JSON.stringify(edit.args);
        for (const shown of [moved.name, '2031']) expect(shownOnCard).toContain(shown);
      } finally {
        sandbox.webhooks.remove(hook.id);
      }
    }, 120_000);
  });
});

/** Waits as the shared helper does, with this file's longer bound for a process to start. */
function until<T>(what: string, read: () => T | undefined | Promise<T | undefined>, ms = 30_000) {
  return untilWithin(what, read, ms, 100);
}
