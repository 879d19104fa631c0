/**
 * A 1,000-person workspace's morning on one token (issue 27's Speed section), as deployed: the app
 * as `npm start` runs it (its Node flags, production HTTP mode, a SQLite store file, logger at info,
 * /metrics on), the sandbox enforcing the spec's 60 general requests a minute behind a recording
 * proxy, and the service's webhooks delivered to the app (or, with --polling, none: the app polls).
 * The service holds 3,000 tasks in three projects, so each `/task mine` is a real list.
 * Within the window (default the real 5 minutes): 500 `/task mine`, 100 `/task new`, 100 Done
 * clicks on task cards, from 700 distinct people at random moments, and 20 digests due at one
 * minute in the middle. Beside it, two comparators answering the same 700 as `/task mine` from
 * memory, measured at rest the same way: bare Bolt (support/bare-bolt-from-memory.mjs: the same
 * tasks in a Map), which the targets are set against, and Bolt with the libraries the stack names
 * doing the least an app on them does (support/bolt-with-stack.mjs: a keyv/SQLite store read per
 * command, zod, the person's zone, metrics), so the report can say how much of the distance is
 * the stack and how much is Taskbridge's own code.
 *
 *   npx node bench/morning.ts [--seconds 300] [--polling]
 *
 * Reported: every person answered (their result, not a busy note), ack p99, result p99 (ack or
 * the reply after it), service requests in the busiest minute, 429s, digests on time (posted
 * within the 2-minute grace of their minute). Then, with the app at rest (90 s, see idleAtRest):
 * idle CPU, RSS at rest (and by part: support/memory-parts.ts), and CPU per `/task mine` answered from
 * the view vs the comparators answering from memory, in rounds taken in turn (the comparators are
 * kept running after their own morning).
 *
 * The 1,000 people are Slack users each linked to a member of their own: the service sees one
 * token whoever clicks, so the budget is what it would be.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createDigestSubscriptions } from '../src/digest/subscriptions.ts';
import { createServiceEventsSettings } from '../src/notify/store/service-events.ts';
import { createSandbox, type Sandbox } from '../src/sandbox/index.ts';
import { seedBulkTasks } from '../src/sandbox/seed/bulk-tasks.ts';
import { createSlackEmulator } from '../src/slack-emulator/index.ts';
import { createSlackSigner, type SlackSigner } from '../src/slack-emulator/signer.ts';
import { createCipher } from '../src/store/cipher.ts';
import { openStore } from '../src/store/open-store.ts';
import { createUserLinks } from '../src/store/repositories/user-links.ts';
import { APP_NODE_FLAGS } from '../test/support/app-node-flags.ts';
import { startRecordingProxy } from '../test/support/recording-proxy.ts';
import { startDeployedApp } from './support/deployed-app-env.ts';
import { describeMemoryParts, memoryParts } from './support/memory-parts.ts';
import { cpuMs, rssMb } from './support/proc-stat.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '300' },
    polling: { type: 'boolean', default: false },
    'skip-bolt': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(values.seconds);
const POLLING = values.polling;
const SIGNING_SECRET = 'bench-morning-signing-secret';
const ENCRYPTION_KEY = 'ac'.repeat(32);
const TEAM = 'T0001';
const CHANNEL = 'C0GENERAL';
const ZONE = 'America/New_York';
const COUNTS = { mine: 500, new: 100, done: 100 };
const DIGESTS = 20;
/**
 * `/task mine` commands the CPU phase sends at 20 a second (a minute): CPU is read in 10 ms ticks,
 * and with 400 two runs of the same code differed by 15 %.
 */
const MINE_CPU_COMMANDS = 1_200;
/** Tasks in each of the workspace's three projects. */
const TASKS_PER_PROJECT = 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}
/** A seeded shuffle, so two runs send the same morning. */
function shuffled<T>(xs: T[], seed = 27): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

type Kind = 'mine' | 'new' | 'done';
interface Action {
  kind: Kind;
  user: string;
  atMs: number;
}
/** 700 actions at evenly spread, shuffled moments within the window (the last 10 s left for answers). */
function morning(): Action[] {
  const kinds: Kind[] = [
    ...Array<Kind>(COUNTS.mine).fill('mine'),
    ...Array<Kind>(COUNTS.new).fill('new'),
    ...Array<Kind>(COUNTS.done).fill('done'),
  ];
  const order = shuffled(kinds);
  const span = (SECONDS - 10) * 1000;
  return order.map((kind, i) => ({ kind, user: `U${1000 + i}`, atMs: (i * span) / order.length }));
}

interface Outcome {
  kind: Kind;
  ackMs: number;
  resultMs: number;
  answered: boolean;
  busy: boolean;
}

const load = () => readFileSync('/proc/loadavg', 'utf8').trim();

/**
 * The service before the morning: the demo workspace, a thousand members in it and its three
 * projects, and 3,000 tasks in those projects (none, one or two assignees each, due dates spread
 * over two months around today), so each person's `/task mine` is a real list. Also written to a
 * file for the bare Bolt comparator, which holds the same tasks in memory.
 */
async function setUpService() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-morning-'));
  const sandbox = await createSandbox({
    port: 0,
    seed: 'demo',
    rateLimits: { general: 60, search: 30, upload: 10 },
  });
  const proxy = await startRecordingProxy(sandbox.url);
  // Tasks for the Done clicks, read before the clock starts with a token of its own (its own budget).
  const setupToken = sandbox.createToken(1, 'bench-setup');
  const listed = (await (
    await fetch(`${sandbox.url}/tasks?per_page=100`, {
      headers: { authorization: `Bearer ${setupToken}` },
    })
  ).json()) as { data: Array<{ id: number; project_id: number | null }> };
  // A thousand members on the service (one Slack user each: a member maps to one person), in the
  // workspace and its three projects, written straight into the sandbox's database before the run.
  const members = Array.from({ length: 1000 }, (_, i) => {
    const name = `person${i}`;
    const { lastInsertRowid } = sandbox.db
      .prepare('INSERT INTO members (name, email) VALUES (?, ?)')
      .run(name, `${name}@example.com`);
    const id = Number(lastInsertRowid);
    sandbox.db
      .prepare("INSERT INTO workspace_members (workspace_id, member_id, role) VALUES (1, ?, 'member')")
      .run(id);
    for (const project of [1, 2, 3]) {
      sandbox.db
        .prepare(
          "INSERT OR IGNORE INTO project_members (project_id, member_id, role) VALUES (?, ?, 'member')",
        )
        .run(project, id);
    }
    return { id, name };
  });
  for (const projectId of [1, 2, 3]) {
    seedBulkTasks(sandbox.db, {
      projectId,
      count: TASKS_PER_PROJECT,
      assigneeIds: members.map((m) => m.id),
      creatorId: 1,
      now: new Date(),
    });
  }
  const dataFile = join(dir, 'tasks.json');
  writeFileSync(dataFile, JSON.stringify(tasksInMemory(sandbox, members)));
  return { dir, sandbox, proxy, listed, members, dataFile };
}

/** What the comparator holds: each Slack user's member, and every task with its assignees. */
function tasksInMemory(sandbox: Sandbox, members: Array<{ id: number }>) {
  const rows = sandbox.db
    .prepare(
      `SELECT t.id, t.title, t.due_date AS due, s.is_done AS done,
              (SELECT group_concat(member_id) FROM task_assignees a WHERE a.task_id = t.id) AS assignees
       FROM tasks t JOIN project_statuses s ON s.id = t.status_id`,
    )
    .all() as Array<{
    id: number;
    title: string;
    due: string | null;
    done: number;
    assignees: string | null;
  }>;
  return {
    people: Object.fromEntries(members.map((m, i) => [`U${1000 + i}`, m.id])),
    tasks: rows.map((r) => ({
      id: r.id,
      title: r.title,
      due: r.due,
      done: r.done === 1,
      assignees: r.assignees === null ? [] : r.assignees.split(',').map(Number),
    })),
  };
}

/** The two comparators, each kept running after its morning for the CPU rounds. */
interface Comparators {
  bare: Comparator;
  stack: Comparator;
}

async function runTaskbridge(service: Awaited<ReturnType<typeof setUpService>>, against?: Comparators) {
  const { dir, sandbox, proxy, listed, members } = service;
  const emulator = await createSlackEmulator({ port: 0 });
  const storeUrl = `sqlite:${join(dir, 'app.db')}`;
  const port = await freePort();
  const store = await openStore(storeUrl);
  const links = createUserLinks(store);
  for (let i = 0; i < 1000; i++) {
    const member = members[i]!;
    // Slack knows each person by the email the link was proven with.
    emulator.addUser({ id: `U${1000 + i}`, name: `person${i}`, email: `${member.name}@example.com` });
    await links.link(TEAM, `U${1000 + i}`, {
      memberId: member.id,
      memberName: member.name,
      email: `${member.name}@example.com`,
      proof: 'email',
    });
  }
  if (!POLLING) {
    const settings = createServiceEventsSettings(store, createCipher(ENCRYPTION_KEY));
    const { pathKey } = await settings.ensure(TEAM);
    const hook = sandbox.webhooks.add(`http://127.0.0.1:${port}/service/events/${pathKey}`);
    await settings.saveSecret(TEAM, hook.secret);
  }
  // Twenty digests due at one minute, a third of the way in (local time in New York).
  const dueAt = new Date(Math.ceil((Date.now() + (SECONDS * 1000) / 3) / 60_000) * 60_000);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })
    .format(dueAt)
    .replace(/^24/, '00');
  const digests = createDigestSubscriptions(store);
  for (let i = 0; i < DIGESTS; i++) {
    await digests.create({
      teamId: TEAM,
      channelId: CHANNEL,
      createdBy: 'U1000',
      projectIds: [1 + (i % 3)],
      time,
      timeZone: ZONE,
      days: [1, 2, 3, 4, 5, 6, 7],
      sections: { overdue: true, dueToday: true, dueWithinDays: 3 },
      postWhenEmpty: true,
      createdAt: new Date(Date.now() - 86_400_000).toISOString(),
    } as Parameters<typeof digests.create>[0]);
  }
  await store.close();

  const app = await startDeployedApp('morning', {
    emulator,
    signingSecret: SIGNING_SECRET,
    serviceUrl: proxy.url,
    serviceToken: sandbox.token,
    storeUrl,
    encryptionKey: ENCRYPTION_KEY,
    metricsToken: 'bench-morning-metrics-token',
    port: String(port),
  });
  const pid = app.child.pid!;
  const signer = createSlackSigner({ appUrl: app.eventsUrl, signingSecret: SIGNING_SECRET, emulator });
  try {
    // The morning starts with a warm view, as it would after the first person's list: read (31
    // requests, paced at 30 a minute) until the service has been quiet for 10 s, then a minute
    // more, so the read's requests are out of the morning's first minute.
    await signer.command('/task mine', { user: 'U1000', channel: CHANNEL });
    await quiet(() => proxy.requests.length, 10_000);
    await sleep(Math.min(60_000, SECONDS * 200));
    const outcomes = await drive(signer, emulator, listed.data);
    const requests = proxy.requests.filter((r) => r.at >= outcomes.startedAt);
    const perMinute = new Map<number, number>();
    for (const r of requests) {
      const minute = Math.floor((r.at - outcomes.startedAt) / 60_000);
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
    }
    // Sliding: the most in any 60 s.
    const stamps = requests.map((r) => r.at).sort((a, b) => a - b);
    let maxSliding = 0;
    for (let i = 0, j = 0; i < stamps.length; i++) {
      while (stamps[i]! - stamps[j]! >= 60_000) j++;
      maxSliding = Math.max(maxSliding, i - j + 1);
    }
    const posts = emulator
      .calls('chat.postMessage')
      .filter(
        (c) =>
          c.args.channel === CHANNEL && c.response.ok === true && /Due tasks/.test(JSON.stringify(c.args)),
      );
    const onTime = posts.filter((c) => c.at >= dueAt.getTime() && c.at - dueAt.getTime() <= 120_000).length;

    // At rest after the morning (every feature loaded): idle CPU and RSS, once the app has sent
    // nothing to the service or Slack for 30 s (its after-morning work, e.g. notification bursts, done).
    await sleep(10_000);
    await quiet(() => proxy.requests.length + emulator.calls().length, 30_000);
    const { idleMsPerS, steadyMsPerS } = await idleAtRest(pid);
    const atRest = { rssMb: rssMb(pid), parts: memoryParts(pid) };
    // CPU per `/task mine` answered from the view, at 20 a second, beyond the idle rate, in rounds
    // taken in turn with the comparators', so a change in the machine meanwhile falls on all alike.
    const ours = cpuRounds(pid, signer, steadyMsPerS);
    const rounds: { ours: number; bolt: number; stack: number }[] = [];
    for (let round = 0; round < CPU_ROUNDS; round++) {
      const boltMs = against ? await against.bare.cpuRound() : Number.NaN;
      const stackMs = against ? await against.stack.cpuRound() : Number.NaN;
      rounds.push({ ours: await ours(), bolt: boltMs, stack: stackMs });
    }
    const perCommand = (key: 'ours' | 'bolt' | 'stack') =>
      rounds.reduce((sum, r) => sum + r[key], 0) / MINE_CPU_COMMANDS;
    const minePerCpu = perCommand('ours');
    const boltPerCpu = perCommand('bolt');
    const stackPerCpu = perCommand('stack');

    return {
      outcomes,
      maxSliding,
      perMinute,
      requests,
      posts,
      onTime,
      atRest,
      idleMsPerS,
      steadyMsPerS,
      minePerCpu,
      boltPerCpu,
      stackPerCpu,
      rounds,
      dueAt,
    };
  } finally {
    app.kill('SIGTERM');
    await app.exited;
    onceKeys = await onceKeysIn(storeUrl).catch(() => undefined);
    await emulator.close();
    await proxy.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Idle CPU over REST_SECONDS at rest, and over its last 30 s alone (what is subtracted from the CPU
 * phase). V8 shrinks its heap with one full GC about a minute after a load ends (its memory reducer,
 * some 90 ms of CPU once): at rest means after it, so RSS is read at the window's end and the
 * window is long enough to hold it.
 */
const REST_SECONDS = 90;
async function idleAtRest(pid: number): Promise<{ idleMsPerS: number; steadyMsPerS: number }> {
  const from = cpuMs(pid);
  await sleep((REST_SECONDS - 30) * 1000);
  const steadyFrom = cpuMs(pid);
  await sleep(30_000);
  const to = cpuMs(pid);
  return { idleMsPerS: (to - from) / REST_SECONDS, steadyMsPerS: (to - steadyFrom) / 30 };
}

/** Resolves once `count()` (requests seen so far) has not moved for `quietMs` (at most 5 minutes). */
async function quiet(count: () => number, quietMs: number): Promise<void> {
  const until = Date.now() + 300_000;
  let seen = count();
  let since = Date.now();
  while (Date.now() < until && Date.now() - since < quietMs) {
    await sleep(1_000);
    if (count() !== seen) {
      seen = count();
      since = Date.now();
    }
  }
}

/** The once-only keys the morning left in the store: how many, and their key and value bytes. */
let onceKeys: { keys: number; bytes: number } | undefined;
async function onceKeysIn(storeUrl: string): Promise<{ keys: number; bytes: number }> {
  const store = await openStore(storeUrl);
  let keys = 0;
  let bytes = 0;
  for await (const [key, value] of store.entries<unknown>('once:')) {
    keys++;
    bytes += Buffer.byteLength(key) + Buffer.byteLength(JSON.stringify(value) ?? '');
  }
  await store.close();
  return { keys, bytes };
}

async function fireMine(signer: SlackSigner, n: number, perSecond: number): Promise<void> {
  const sent: Promise<unknown>[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const wait = start + (i * 1000) / perSecond - performance.now();
    if (wait > 0) await sleep(wait);
    sent.push(
      signer.command('/task mine', { user: `U${1000 + (i % 1000)}`, channel: CHANNEL }).catch(() => {}),
    );
  }
  await Promise.all(sent);
}

async function drive(
  signer: SlackSigner,
  emulator: Awaited<ReturnType<typeof createSlackEmulator>>,
  tasks: Array<{ id: number; project_id: number | null }>,
) {
  const actions = morning();
  const startedAt = Date.now();
  const start = performance.now();
  const pending: Promise<{ kind: Kind; ackMs: number; ack: string; urlId?: string; sentAt: number }>[] = [];
  for (const [i, a] of actions.entries()) {
    const wait = start + a.atMs - performance.now();
    if (wait > 0) await sleep(wait);
    const sentAt = Date.now();
    const t0 = performance.now();
    const send =
      a.kind === 'mine'
        ? signer.command('/task mine', { user: a.user, channel: CHANNEL })
        : a.kind === 'new'
          ? signer.command(`/task new Morning task ${i} #Website`, { user: a.user, channel: CHANNEL })
          : (() => {
              const task = tasks[i % tasks.length]!;
              return signer.blockAction({
                actionId: 'task_done',
                value: `${task.id}.${task.project_id ?? '-'}`,
                user: a.user,
                channel: CHANNEL,
              });
            })();
    pending.push(
      send.then(
        (r) => ({
          kind: a.kind,
          ackMs: performance.now() - t0,
          ack: r.status === 200 ? r.text : `HTTP ${r.status}`,
          urlId: /\/response\/([0-9a-f]+)$/.exec(String(r.payload.response_url ?? ''))?.[1],
          sentAt,
        }),
        () => ({ kind: a.kind, ackMs: Number.POSITIVE_INFINITY, ack: '', sentAt }),
      ),
    );
  }
  const acked = await Promise.all(pending);
  await sleep(15_000);
  const replies = new Map<string, { at: number; text: string }[]>();
  for (const c of emulator.calls('response_url')) {
    const id = String(c.args.url_id ?? '');
    if (!id) continue;
    const list = replies.get(id) ?? [];
    list.push({ at: c.at, text: JSON.stringify(c.args) });
    replies.set(id, list);
  }
  const outcomes: Outcome[] = acked.map((a) => {
    const later = a.urlId ? (replies.get(a.urlId) ?? []) : [];
    const texts = [a.ack, ...later.map((l) => l.text)];
    const busy = texts.some((t) => /busy|try again/i.test(messageText(t)));
    const result = resultOf(a.kind, a.ack)
      ? a.ackMs
      : (() => {
          const hit = later.find((l) => resultOf(a.kind, l.text));
          return hit ? hit.at - a.sentAt : Number.POSITIVE_INFINITY;
        })();
    const outcome = {
      kind: a.kind,
      ackMs: a.ackMs,
      resultMs: result,
      answered: Number.isFinite(result),
      busy,
    };
    if (!outcome.answered && !unansweredSample.has(a.kind))
      unansweredSample.set(a.kind, texts.join(' | ').slice(0, 400));
    return outcome;
  });
  return { outcomes, startedAt };
}

/** The first unanswered action's messages, per kind, printed so a miss can be read. */
const unansweredSample = new Map<Kind, string>();

/**
 * Whether a message is the action's result: a message whose own text (not its blocks, where a list
 * heads its overdue tasks with :warning:) is not a busy note, an offer to link an account or a
 * warning; an ack's empty body is none of them.
 */
function resultOf(_kind: Kind, raw: string): boolean {
  const text = messageText(raw);
  if (text === '') return false;
  return !/busy|try again|Link your account|:warning:|:x:/i.test(text);
}

/** A message's own text, from its JSON (or the raw text of a plain answer). */
function messageText(raw: string): string {
  try {
    const message = JSON.parse(raw) as { text?: unknown };
    return typeof message.text === 'string' ? message.text : '';
  } catch {
    return raw.startsWith('{') ? '' : raw;
  }
}

/**
 * A comparator (a plain-JavaScript Bolt app in support/) through its own morning of 700 `/task mine`
 * from the same people at the same moments, then at rest; kept running for its CPU rounds.
 */
async function runComparator(script: string, dataFile: string, dir: string) {
  const emulator = await createSlackEmulator({ port: 0 });
  const child = fork(
    new URL(script, import.meta.url),
    [
      JSON.stringify({
        slackApiUrl: emulator.url,
        botToken: emulator.botToken,
        signingSecret: SIGNING_SECRET,
        dataFile,
        storeFile: join(dir, `${script.replace(/\W/g, '-')}.db`),
        timeZone: ZONE,
      }),
    ],
    { execArgv: APP_NODE_FLAGS, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  const up = (await new Promise((r) => child.once('message', r))) as { eventsUrl?: string } | string;
  const eventsUrl = typeof up === 'string' ? '' : (up.eventsUrl ?? '');
  try {
    const pid = child.pid!;
    const signer = createSlackSigner({ appUrl: eventsUrl, signingSecret: SIGNING_SECRET, emulator });
    const acks: number[] = [];
    const actions = morning();
    const start = performance.now();
    const sent: Promise<void>[] = [];
    for (const a of actions) {
      const wait = start + a.atMs - performance.now();
      if (wait > 0) await sleep(wait);
      const t0 = performance.now();
      sent.push(
        signer.command('/task mine', { user: a.user, channel: CHANNEL }).then(
          (r) =>
            void acks.push(
              r.status === 200 && /Your tasks|no open tasks/.test(r.text)
                ? performance.now() - t0
                : Number.POSITIVE_INFINITY,
            ),
          () => void acks.push(Number.POSITIVE_INFINITY),
        ),
      );
    }
    await Promise.all(sent);
    // At rest after its morning, as Taskbridge is measured: idle CPU and RSS, then CPU per command.
    await sleep(10_000);
    const { idleMsPerS, steadyMsPerS } = await idleAtRest(pid);
    const atRest = { rssMb: rssMb(pid), parts: memoryParts(pid) };
    // Kept running: its CPU rounds are taken in turn with Taskbridge's (runTaskbridge).
    const close = async (): Promise<void> => {
      child.kill('SIGTERM');
      await emulator.close();
    };
    return { acks, atRest, idleMsPerS, steadyMsPerS, cpuRound: cpuRounds(pid, signer, steadyMsPerS), close };
  } catch (error) {
    child.kill('SIGTERM');
    await emulator.close();
    throw error;
  }
}

type Comparator = Awaited<ReturnType<typeof runComparator>>;

/** The CPU phase's rounds: each MINE_CPU_COMMANDS / CPU_ROUNDS `/task mine` at 20 a second. */
const CPU_ROUNDS = 3;

/** One round of the CPU phase: CPU (ms) the process spent on it beyond its idle rate. */
function cpuRounds(pid: number, signer: SlackSigner, idleMsPerS: number): () => Promise<number> {
  return async () => {
    const from = cpuMs(pid);
    const t0 = performance.now();
    await fireMine(signer, MINE_CPU_COMMANDS / CPU_ROUNDS, 20);
    const seconds = (performance.now() - t0) / 1000;
    return cpuMs(pid) - from - idleMsPerS * seconds;
  };
}

const service = await setUpService();
const loadBefore = load();
// The comparators' mornings run side by side (each is a few per cent of one core), before ours.
const comparators: Comparators | undefined = values['skip-bolt']
  ? undefined
  : await (async () => {
      const [bare, stack] = await Promise.all([
        runComparator('./support/bare-bolt-from-memory.mjs', service.dataFile, service.dir),
        runComparator('./support/bolt-with-stack.mjs', service.dataFile, service.dir),
      ]);
      return { bare, stack };
    })();
const ours = await runTaskbridge(service, comparators).finally(() =>
  Promise.all([comparators?.bare.close(), comparators?.stack.close()]),
);
const bare = comparators?.bare;
const stack = comparators?.stack;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
const o = ours.outcomes.outcomes;
const answered = o.filter((x) => x.answered).length;
const byKind = (k: Kind) => o.filter((x) => x.kind === k);
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '∞');

console.log(
  `A morning: ${COUNTS.mine} /task mine, ${COUNTS.new} /task new, ${COUNTS.done} Done clicks, ${DIGESTS} digests in ${SECONDS} s (${SECONDS === 300 ? 'the real 5 minutes' : `time NOT compressed: counts as for 5 min run over ${SECONDS} s`}), ${POLLING ? 'polling only (no webhooks)' : 'webhooks on'}; as deployed (npm start's flags, limit 60/min, logger info, SQLite file, /metrics on)`,
);
console.log(
  `  answered with their result: ${answered} of ${o.length} (busy notes: ${o.filter((x) => x.busy).length})`,
);
for (const k of ['mine', 'new', 'done'] as Kind[]) {
  const xs = byKind(k);
  console.log(
    `    ${k.padEnd(5)} answered ${xs.filter((x) => x.answered).length}/${xs.length}, ack p50 ${fmt(
      pct(
        xs.map((x) => x.ackMs),
        50,
      ),
    )} ms p99 ${fmt(
      pct(
        xs.map((x) => x.ackMs),
        99,
      ),
    )} ms, result p99 ${fmt(
      pct(
        xs.map((x) => x.resultMs),
        99,
      ),
    )} ms`,
  );
}
console.log(
  `  ack p99 ${fmt(
    pct(
      o.map((x) => x.ackMs),
      99,
    ),
  )} ms (bare Bolt answering the same 700 /task mine from memory: ${fmt(pct(bare?.acks ?? [], 99))} ms, Bolt with the stack's libraries ${fmt(pct(stack?.acks ?? [], 99))} ms); result p99 ${fmt(
    pct(
      o.map((x) => x.resultMs),
      99,
    ),
  )} ms`,
);
console.log(
  `  service requests: ${ours.requests.length} in the run; busiest 60 s: ${ours.maxSliding}; per minute: ${[...ours.perMinute.values()].join(', ')}; 429s: ${ours.requests.filter((r) => r.status === 429).length}`,
);
console.log(
  `  digests: ${ours.posts.length} posted, ${ours.onTime} on time (due ${ours.dueAt.toISOString()}, grace 2 min)`,
);
console.log(
  `  CPU per /task mine from the view (20/s, idle subtracted, ${CPU_ROUNDS} rounds in turn with the comparators'): ${ours.minePerCpu.toFixed(2)} ms vs bare Bolt answering from memory ${ours.boltPerCpu.toFixed(2)} ms (${ratio(ours.minePerCpu, ours.boltPerCpu)}, target ≤ 1.2×; by round ${ours.rounds.map((r) => ratio(r.ours, r.bolt)).join(', ')})`,
);
console.log(
  `    Bolt with the stack's libraries (support/bolt-with-stack.mjs): ${ours.stackPerCpu.toFixed(2)} ms, ${ratio(ours.stackPerCpu, ours.boltPerCpu)} bare Bolt (by round ${ours.rounds.map((r) => ratio(r.stack, r.bolt)).join(', ')}); Taskbridge ${ratio(ours.minePerCpu, ours.stackPerCpu)} it`,
);
console.log(
  `  idle CPU over ${REST_SECONDS} s at rest: ${ours.idleMsPerS.toFixed(2)} ms/s, its last 30 s ${ours.steadyMsPerS.toFixed(2)} (bare Bolt ${(bare?.idleMsPerS ?? Number.NaN).toFixed(2)}, ${(bare?.steadyMsPerS ?? Number.NaN).toFixed(2)}; with the stack ${(stack?.idleMsPerS ?? Number.NaN).toFixed(2)}, ${(stack?.steadyMsPerS ?? Number.NaN).toFixed(2)})`,
);
if (bare && stack) {
  console.log(
    `  RSS at rest ${ours.atRest.rssMb.toFixed(1)} MB vs bare Bolt ${bare.atRest.rssMb.toFixed(1)} MB (${ratio(ours.atRest.rssMb, bare.atRest.rssMb)}, target ≤ 1.2×); Bolt with the stack's libraries ${stack.atRest.rssMb.toFixed(1)} MB (${ratio(stack.atRest.rssMb, bare.atRest.rssMb)} bare Bolt; Taskbridge ${ratio(ours.atRest.rssMb, stack.atRest.rssMb)} it)`,
  );
  console.log('  RSS at rest by part (/proc/PID/smaps; ICU by its pages):');
  for (const line of describeMemoryParts([
    ['Taskbridge', ours.atRest.parts],
    ['bare Bolt', bare.atRest.parts],
    ['with the stack', stack.atRest.parts],
  ]))
    console.log(line);
} else {
  console.log(`  RSS at rest ${ours.atRest.rssMb.toFixed(1)} MB (no comparators: --skip-bolt)`);
}
for (const [kind, text] of unansweredSample) console.log(`  first unanswered ${kind}: ${text}`);
if (onceKeys) {
  console.log(
    `  once-only keys left by the run (incl. the CPU phase's ${MINE_CPU_COMMANDS} mine): ${onceKeys.keys}, ${(onceKeys.bytes / Math.max(1, onceKeys.keys)).toFixed(0)} B of key and JSON value each (store overhead not included)`,
  );
}
console.log(`  load average before ${loadBefore}; after ${load()}`);
console.log(
  `  rerun: npx node bench/morning.ts --seconds ${SECONDS}${POLLING ? ' --polling' : ''}${values['skip-bolt'] ? ' --skip-bolt' : ''}`,
);
