/**
 * Three instances of the real app (`node src/main.ts`, each its own process, HTTP mode) behind no
 * balancer but the test, which spreads signed requests across them; one redis-server as their
 * shared store (STORE_URL), one sandbox (behind a proxy that records what the service saw, at its
 * real limit of 60 general requests a minute per token) and one Slack emulator.
 *
 * Checked: a Slack retry landing on another instance creates no second task; every digest is sent
 * once when all three tick the same minute; an instance killed (SIGKILL) while it holds a digest's
 * claim leaves that digest to another, which sends it once after the lease expires; a Redis restart
 * is survived (not ready while it is down, ready and working after); all instances together keep
 * within the token's budget; SIGTERM stops an instance cleanly.
 *
 * The processes run on the system clock; their digest timers tick every TICK_SECONDS
 * (DIGEST_TICK_SECONDS) and each digest is scheduled for the minute already begun, so it is due at
 * the next tick rather than the next minute boundary, and a lapsed claim is taken over at the first
 * tick after the lease.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkApiClient, type WorkApiClient } from '../../../src/api/index.ts';
import { createDigestSubscriptions, type DigestSubscriptions } from '../../../src/digest/subscriptions.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import type { SlackEmulator } from '../../../src/slack-emulator/index.ts';
import type { RecordedCall } from '../../../src/slack-emulator/model.ts';
import { createUserLinks } from '../../../src/store/repositories/user-links.ts';
import type { LogLine } from '../../support/app-process.ts';
import { type Fleet, type Instance, killInstance, startFleet } from '../../support/fleet.ts';
import type { RecordingProxy } from '../../support/recording-proxy.ts';
import { redisTool } from '../../support/redis-server.ts';

const SIGNING_SECRET = 'multi-instance-signing-secret';
const METRICS_TOKEN = 'three-instances-metrics-token';
const ENCRYPTION_KEY = 'ef'.repeat(32);
const TEAM = 'T0001';
const ANA = 'U0ANA';
/** Short, so that the test sees a dead instance's digest taken over within seconds. */
const LEASE_SECONDS = 10;
/** Each instance looks for due digests this often: a digest is due within seconds of its subscription. */
const TICK_SECONDS = 2;
const GENERAL_LIMIT = 60;
const MINUTE_MS = 60_000;

describe.runIf(redisTool.mustRun)('three app instances on one Redis', () => {
  let fleet: Fleet;
  let sandbox: Sandbox;
  let proxy: RecordingProxy;
  let emulator: SlackEmulator;
  let subscriptions: DigestSubscriptions;
  let api: WorkApiClient;
  let instances: Instance[] = [];

  const alive = () => fleet.alive();
  const postsIn = (channel: string) =>
    emulator.calls('chat.postMessage').filter((c) => c.response.ok === true && c.args.channel === channel);
  const responses = () => emulator.calls('response_url');
  const countTitled = async (title: string) =>
    (await api.tasks.list({ q: title, per_page: 100 })).data.filter((t) => t.title === title).length;
  const logsOf = (match: (line: LogLine) => boolean) =>
    instances.flatMap((i) => i.app.logs.filter(match).map((line) => ({ name: i.app.name, line })));

  beforeAll(async () => {
    fleet = await startFleet({
      label: 'multi',
      store: 'redis',
      signingSecret: SIGNING_SECRET,
      encryptionKey: ENCRYPTION_KEY,
      env: {
        METRICS_TOKEN,
        DIGEST_CLAIM_LEASE_SECONDS: String(LEASE_SECONDS),
        DIGEST_TICK_SECONDS: String(TICK_SECONDS),
      },
      sandbox: { rateLimits: { general: GENERAL_LIMIT, search: 30, upload: 10 } },
    });
    ({ sandbox, emulator } = fleet);
    proxy = fleet.proxy!;
    for (const id of ['C0DIGA', 'C0DIGB', 'C0DIGC', 'C0KILL']) {
      emulator.addChannel({ id, name: id.toLowerCase(), botIsMember: true });
    }
    // The test's own view of the shared store, and its own token (the app's budget stays the app's).
    subscriptions = createDigestSubscriptions(fleet.store);
    await createUserLinks(fleet.store).link(TEAM, ANA, {
      memberId: 1,
      memberName: 'Ana Silva',
      email: 'ana@example.com',
    });
    api = createWorkApiClient({ baseUrl: sandbox.url, token: sandbox.createToken(1, 'test'), cache: false });
    instances = await fleet.startAll(['one', 'two', 'three']);
  }, 120_000);

  afterAll(() => fleet?.stop(), 30_000);

  it('creates one task when Slack redelivers a command to another instance', async () => {
    const [one, two, three] = instances as [Instance, Instance, Instance];
    const title = 'Retried across instances';
    const triggerId = emulator.issueTriggerId(ANA);
    const seen = responses().length;
    // The first delivery and two retries arrive at once, each at another instance.
    const answers = await Promise.all([
      one.signer.command(`/task new ${title} #Website`, { triggerId }),
      two.signer.command(`/task new ${title} #Website`, { triggerId, retryNum: 1 }),
      three.signer.command(`/task new ${title} #Website`, { triggerId, retryNum: 2 }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    await emulator.waitForCall(
      'response_url',
      (c) => responses().indexOf(c) >= seen && JSON.stringify(c.args).includes(title),
      20_000,
    );
    // Whatever the others do, they do it within their own ack's work; give it a moment to land.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await countTitled(title)).toBe(1);
  }, 60_000);

  it('answers a command repeated on another instance while the first still runs once', async () => {
    const [one, two] = instances as [Instance, Instance, Instance];
    const seen = responses().length;
    const since = () => responses().slice(seen);
    const isNote = (c: RecordedCall) =>
      /Still working on your earlier|The service is busy/.test(String(c.args.text ?? ''));
    sandbox.faults.set({ latencyMs: 3_000 });
    try {
      await one.signer.command('/task mine');
      await two.signer.command('/task  mine');
      await emulator.waitForCall(
        'response_url',
        (c) =>
          since().includes(c) && String(c.args.text ?? '').includes('Still working on your earlier `/task'),
        10_000,
      );
      await emulator.waitForCall('response_url', (c) => since().includes(c) && !isNote(c), 30_000);
    } finally {
      sandbox.faults.clear();
    }
    // A second run would answer as late as the first: give it the time to show.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(since().filter((c) => !isNote(c))).toHaveLength(1);
  }, 60_000);

  it('sends every digest once when all three find it due', async () => {
    await seedDueTasks(api, 'Digest item');
    const at = thisMinute();
    const channels = ['C0DIGA', 'C0DIGB', 'C0DIGC'];
    const subs = await Promise.all(
      channels.map((channelId, i) => subscribe(subscriptions, channelId, [i + 1], at)),
    );
    for (const channel of channels) await waitForPost(emulator, channel, Date.now() + 30_000);
    // Every instance has ticked since they were due (each logs a tick that found digests due).
    await Promise.all(
      instances.map((i) => i.app.waitForLog((l) => l.msg === 'digest: tick done' && since(l.at, at), 30_000)),
    );
    for (const channel of channels) expect(postsIn(channel)).toHaveLength(1);
    for (const sub of subs) {
      expect(logsOf((l) => l.msg === 'digest: claimed' && l.subscriptionId === sub.id)).toHaveLength(1);
    }
  }, 60_000);

  it('sends, once, a digest whose instance was killed in the middle of its run', async () => {
    await seedDueTasks(api, 'Takeover item');
    const at = thisMinute();
    const sub = await subscribe(subscriptions, 'C0KILL', [1], at);
    // The service answers slowly, so whoever claims the digest is still waiting for its tasks when killed.
    sandbox.faults.set({ latencyMs: 20_000 });
    const claimed = await Promise.any(
      instances.map((i) =>
        i.app
          .waitForLog((l) => l.msg === 'digest: claimed' && l.subscriptionId === sub.id, 30_000)
          .then(() => i),
      ),
    );
    const { signal } = await killInstance(claimed.app);
    expect(signal).toBe('SIGKILL');
    sandbox.faults.clear();
    expect(postsIn('C0KILL')).toHaveLength(0);

    // After the lease expires, the next tick of a survivor takes it over.
    const post = await waitForPost(emulator, 'C0KILL', Date.now() + LEASE_SECONDS * 1000 + 30_000);
    const postedAt = new Date();
    const taker = logsOf((l) => l.msg === 'digest: claimed' && l.subscriptionId === sub.id).filter(
      (entry) => entry.name !== claimed.app.name,
    );
    expect(taker).toHaveLength(1);
    expect(JSON.stringify(post.args)).toContain('Takeover item');
    // The other survivor has ticked since the post too, and found it done.
    for (const other of alive().filter((i) => i.app.name !== taker[0]!.name)) {
      await other.app.waitForLog((l) => l.msg === 'digest: tick done' && since(l.at, postedAt), 30_000);
    }
    expect(postsIn('C0KILL')).toHaveLength(1);
  }, 90_000);

  it('keeps running through a Redis restart, not ready while it is down', async () => {
    const survivors = alive();
    expect(survivors.length).toBe(2);
    await fleet.redis!.stop();
    for (const { app } of survivors) {
      await until(async () => (await fetch(`${app.baseUrl}/readyz`)).status === 503, 15_000);
      expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
    }
    await fleet.restartRedis();
    for (const { app } of survivors) {
      await until(async () => (await fetch(`${app.baseUrl}/readyz`)).status === 200, 30_000);
    }
    expect(alive()).toHaveLength(2);
    // Each instance works again on the data kept across the restart (Ana's link).
    for (const [n, { signer }] of survivors.entries()) {
      const title = `After the restart ${n}`;
      const seen = responses().length;
      await signer.command(`/task new ${title} #Website`);
      await emulator.waitForCall(
        'response_url',
        (c) => responses().indexOf(c) >= seen && JSON.stringify(c.args).includes(title),
        20_000,
      );
      expect(await countTitled(title)).toBe(1);
    }
  }, 90_000);

  it('keeps every instance together within the token budget of 60 a minute', async () => {
    const survivors = alive();
    const commands = 90;
    const seen = responses().length;
    const from = Date.now();
    // Distinct commands: the same one repeated while the first still waits is answered "still working".
    await Promise.all(
      Array.from({ length: commands }, (_, n) =>
        survivors[n % survivors.length]!.signer.command(`/task show ${n + 1}`),
      ),
    );
    // Each answers through its response_url: its result, or, once the token's budget is spent, the
    // wait (a person's wait is bounded: src/slack/kit/wait-budgets.ts).
    await until(async () => responses().length - seen >= commands, 150_000);
    const answers = responses()
      .slice(seen)
      .map((call) => JSON.stringify(call.args));
    // More than a minute's budget was asked for: some were told to wait, yet the service never had
    // to refuse one (no 429) and saw no minute with more than 60: the instances drew on one window.
    expect(answers.filter((a) => a.includes('try again in about')).length).toBeGreaterThan(0);
    // Reads, all of them: they may not take the writes' reserve of the window (src/api/limiter-lanes.ts).
    expect(proxy.requests.filter((r) => r.at >= from).length).toBeGreaterThan(GENERAL_LIMIT / 4);
    expect(proxy.requests.filter((r) => r.status === 429)).toEqual([]);
    expect(busiestMinute(proxy.requests.map((r) => r.at))).toBeLessThanOrEqual(GENERAL_LIMIT);
  }, 200_000);

  it('reports acks, service calls by class, 429s and digests at /metrics', async () => {
    const texts = await Promise.all(
      alive().map(async ({ app }) =>
        (
          await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        ).text(),
      ),
    );
    const total = (name: string, labels = '') =>
      texts.reduce((sum, text) => sum + metricSum(text, name, labels), 0);
    expect(total('taskbridge_slack_ack_seconds_count')).toBeGreaterThan(0);
    expect(total('taskbridge_slack_ack_seconds_bucket', 'le="3"')).toBe(
      total('taskbridge_slack_ack_seconds_count'),
    );
    expect(total('taskbridge_work_api_requests_total', 'class="general"')).toBeGreaterThan(GENERAL_LIMIT / 2);
    expect(total('taskbridge_work_api_rate_limited_total')).toBe(0);
    // The survivors sent the digest taken over from the killed instance, at least.
    expect(total('taskbridge_digests_total', 'outcome="posted"')).toBeGreaterThan(0);
    // No token, no secret in what a scraper reads.
    for (const text of texts) expect(text).not.toContain(sandbox.token);
  }, 30_000);

  it('stops cleanly on SIGTERM', async () => {
    const [last] = alive();
    const { code } = await killInstance(last!.app, 'SIGTERM');
    expect(code).toBe(0);
    expect(last!.app.logs.some((l) => l.msg === 'Taskbridge stopped')).toBe(true);
  }, 30_000);
});

/** Whether a logged instant (a tick's) is at or after `from`. */
function since(logged: unknown, from: Date): boolean {
  return Date.parse(String(logged)) >= from.getTime();
}

/** The minute under way: a digest scheduled for it is due at once (its instant has passed, within the grace). */
function thisMinute(): Date {
  return new Date(Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS);
}

/**
 * A daily digest in UTC at `at`'s minute, made just before that minute (so today's firing is owed
 * and no earlier one).
 */
function subscribe(subscriptions: DigestSubscriptions, channelId: string, projectIds: number[], at: Date) {
  return subscriptions.create({
    teamId: TEAM,
    channelId,
    createdBy: ANA,
    projectIds,
    time: at.toISOString().slice(11, 16),
    timeZone: 'UTC',
    days: [1, 2, 3, 4, 5, 6, 7],
    sections: { overdue: true, dueToday: true, dueWithinDays: 7 },
    createdAt: new Date(at.getTime() - 5_000).toISOString(),
  });
}

/** A task due tomorrow in each seeded project, so that no digest is empty. */
async function seedDueTasks(api: WorkApiClient, title: string): Promise<void> {
  const due = new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);
  for (const projectId of [1, 2, 3]) {
    await api.tasks.create({ project_id: projectId, title: `${title} ${projectId}`, due_date: due });
  }
}

async function waitForPost(
  emulator: SlackEmulator,
  channel: string,
  deadline: number,
): Promise<RecordedCall> {
  return emulator.waitForCall(
    'chat.postMessage',
    (c) => c.response.ok === true && c.args.channel === channel,
    Math.max(1_000, deadline - Date.now()),
  );
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // Not answering yet counts as not yet.
    }
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The sum of a metric's samples in Prometheus's text format whose labels include `labels`. */
function metricSum(text: string, name: string, labels: string): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (match?.[1] === name && (labels === '' || (match[2] ?? '').includes(labels))) sum += Number(match[3]);
  }
  return sum;
}

/** The most arrivals in any 60-second window. */
function busiestMinute(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= MINUTE_MS) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}
