/**
 * Reminders delivered on time, as deployed: the app in its own process with `npm start`'s Node
 * flags, on the real clock, the service's real limit of 60 general requests a minute, logger at
 * info, the file store. Fifty reminders across the four linked people of the demo seed fall due within the ~40 s after
 * the app is up (set through the store's reminders repository before it starts, as `/task remind`
 * stores them); each DM's lag is the emulator's time of its `chat.postMessage` less the reminder's
 * time. Printed: sent, missing, lag p50/p99/max, and the runner's look interval that bounds it.
 *
 *   npx node bench/reminder-delivery.ts [--count 50 --spread 40]
 *
 * Target (issue 28): every reminder delivered within 30 s of its time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { statusIsDone } from '../src/api/done-status.ts';
import type { TaskRecord } from '../src/api/index.ts';
import { createSandbox } from '../src/sandbox/index.ts';
import { createSlackEmulator } from '../src/slack-emulator/index.ts';
import { openStore } from '../src/store/open-store.ts';
import { createReminders } from '../src/store/repositories/reminders.ts';
import { createUserLinks } from '../src/store/repositories/user-links.ts';
import { startRecordingProxy } from '../test/support/recording-proxy.ts';
import { startDeployedApp } from './support/deployed-app-env.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '50' },
    spread: { type: 'string', default: '40' },
  },
});
const COUNT = Number(values.count);
const SPREAD_MS = Number(values.spread) * 1000;
/** The app takes a few seconds to start: the first reminder falls due after it is up. */
const LEAD_MS = 8_000;
/** How long after the last reminder's time the bench waits for stragglers. */
const GRACE_MS = 60_000;
const SIGNING_SECRET = 'bench-reminder-delivery-secret';
const ENCRYPTION_KEY = 'bd'.repeat(32);
const TEAM = 'T0001';
const PEOPLE = [
  ['U0ANA', 1, 'ana'],
  ['U0BEN', 2, 'ben'],
  ['U0CHLOE', 3, 'chloe'],
  ['U0DEV', 4, 'dev'],
] as const;

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const dir = mkdtempSync(join(tmpdir(), 'bench-reminders-'));
const sandbox = await createSandbox({
  port: 0,
  seed: 'demo',
  rateLimits: { general: 60, search: 30, upload: 10 },
});
const proxy = await startRecordingProxy(sandbox.url);
const emulator = await createSlackEmulator({ port: 0 });
const storeUrl = `sqlite:${join(dir, 'app.db')}`;

// Open tasks to be reminded of: the runner sends nothing for a done one.
const listed = await fetch(`${sandbox.url}/tasks?per_page=100`, {
  headers: { authorization: `Bearer ${sandbox.token}` },
});
const open = ((await listed.json()) as { data: TaskRecord[] }).data.filter((t) => !statusIsDone(t.status));
if (open.length === 0) throw new Error('the demo seed has no open task');

const store = await openStore(storeUrl);
const links = createUserLinks(store);
for (const [userId, memberId, who] of PEOPLE) {
  await links.link(TEAM, userId, { memberId, memberName: who, email: `${who}@example.com`, proof: 'email' });
}
const reminders = createReminders(store);
const first = Date.now() + LEAD_MS;
const due = new Map<string, number>();
for (let i = 0; i < COUNT; i++) {
  const [userId] = PEOPLE[i % PEOPLE.length]!;
  const task = open[i % open.length]!;
  const at = first + Math.round((i * SPREAD_MS) / Math.max(1, COUNT - 1));
  const r = await reminders.add(
    {
      teamId: TEAM,
      userId,
      taskId: task.id,
      projectId: task.project_id ?? null,
      title: task.title,
      at: new Date(at),
    },
    new Date(),
  );
  due.set(`${userId}:${task.id}:${i}`, Date.parse(r.at));
}
await store.close();

const started = Date.now();
const app = await startDeployedApp('reminders', {
  emulator,
  signingSecret: SIGNING_SECRET,
  serviceUrl: proxy.url,
  serviceToken: sandbox.token,
  storeUrl,
  encryptionKey: ENCRYPTION_KEY,
});
const upMs = Date.now() - started;

const isReminder = (c: { args: Record<string, unknown> }) =>
  String(c.args.text ?? '').startsWith('Reminder:');
const last = first + SPREAD_MS;
try {
  while (
    Date.now() < last + GRACE_MS &&
    emulator.calls('chat.postMessage').filter(isReminder).length < COUNT
  ) {
    await new Promise((r) => setTimeout(r, 250));
  }
} finally {
  app.kill('SIGTERM');
  await app.exited;
}

// Each DM matched to the earliest unmatched reminder of its person and task.
const pending = [...due.entries()].map(([key, at]) => ({
  key,
  at,
  user: key.split(':')[0],
  task: key.split(':')[1],
}));
pending.sort((a, b) => a.at - b.at);
const lags: number[] = [];
let early = 0;
for (const call of emulator.calls('chat.postMessage').filter(isReminder)) {
  const text = JSON.stringify(call.args.blocks ?? []);
  const i = pending.findIndex((p) => p.user === call.args.channel && text.includes(`task #${p.task}`));
  if (i < 0) continue;
  const [match] = pending.splice(i, 1);
  const lag = call.at - match!.at;
  if (lag < 0) early++;
  lags.push(lag);
  if (process.env.BENCH_VERBOSE)
    console.log(`due +${((match!.at - first) / 1000).toFixed(1)} s  lag ${(lag / 1000).toFixed(1)} s`);
}
const sorted = lags.sort((a, b) => a - b);
// What the app asked the service for, by path shape: the budget the reminders shared.
const asked = new Map<string, number>();
for (const r of proxy.requests) {
  const shape = `${r.method} ${r.path.replace(/\?.*$/, '').replace(/\/\d+/g, '/{id}')}${r.status === 429 ? ' (429)' : ''}`;
  asked.set(shape, (asked.get(shape) ?? 0) + 1);
}
const within = sorted.filter((l) => l <= 30_000).length;

console.log(
  `${COUNT} reminders across ${PEOPLE.length} people due over ${SPREAD_MS / 1000} s, as deployed (real clock, limit 60/min, logger info, file store); app up in ${upMs} ms`,
);
console.log('sent  missing  early  lag p50 s  lag p99 s  lag max s  within 30 s');
console.log(
  [
    String(sorted.length).padStart(4),
    String(pending.length).padStart(8),
    String(early).padStart(6),
    (pct(sorted, 50) / 1000).toFixed(2).padStart(10),
    (pct(sorted, 99) / 1000).toFixed(2).padStart(10),
    ((sorted.at(-1) ?? Number.NaN) / 1000).toFixed(2).padStart(10),
    `${within}/${COUNT}`.padStart(12),
  ].join(' '),
);
console.log(
  `service requests: ${proxy.requests.length} (${[...asked].map(([k, n]) => `${k} ×${n}`).join(', ')})`,
);
console.log('target: every reminder delivered within 30 s of its time');
console.log(`rerun: npx node bench/reminder-delivery.ts --count ${COUNT} --spread ${SPREAD_MS / 1000}`);

await emulator.close();
await proxy.close();
await sandbox.close();
rmSync(dir, { recursive: true, force: true });
