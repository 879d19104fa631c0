/**
 * A burst of task changes through the app's notification sink to the Slack emulator, on real time:
 * 500 changes across 50 tasks in 10 s (one every 20 ms, round robin, so each task changes once a
 * second), the tasks spread over 10 projects each followed by its own channel, 5 s burst windows.
 *
 * Figures: Slack posts made, against the target of one card per task and at most one merged reply
 * per task per burst window (a task changing for 9 s after its card spans two windows); card edits
 * (chat.update); the most new messages to one channel in any one second by the emulator's clock
 * (≤ 1, Slack's posting limit) and the most edits in one workspace in any minute (≤ 50, the edit
 * method's tier); repeated event ids acted on (0); how long after the last change every card was
 * current (its last edit) and the last reply went.
 *
 *   npx node bench/notifications-burst.ts
 *   npx node bench/notifications-burst.ts --changes 500 --tasks 50 --seconds 10 --channels 10 --window-ms 5000
 */
import { parseArgs } from 'node:util';
import { createWorkApiClient, type TaskRecord } from '../src/api/index.ts';
import { createTaskbridgeApp } from '../src/create-app.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { ProjectEvent } from '../src/notify/events/project-event.ts';
import { createSandbox } from '../src/sandbox/index.ts';
import { createSlackEmulator } from '../src/slack-emulator/index.ts';
import { openStore } from '../src/store/open-store.ts';

const { values } = parseArgs({
  options: {
    changes: { type: 'string', default: '500' },
    tasks: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    channels: { type: 'string', default: '10' },
    'window-ms': { type: 'string', default: '5000' },
  },
});
const changes = Number(values.changes);
const taskCount = Number(values.tasks);
const seconds = Number(values.seconds);
const channelCount = Number(values.channels);
const windowMs = Number(values['window-ms']);
const TEAM = 'T0001';
const rerun = `npx node bench/notifications-burst.ts --changes ${changes} --tasks ${taskCount} --seconds ${seconds} --channels ${channelCount} --window-ms ${windowMs}`;

const sandbox = await createSandbox({ port: 0, rateLimits: false });
const emulator = await createSlackEmulator({ port: 0 });
const store = await openStore('sqlite::memory:');
const app = createTaskbridgeApp({
  slack: { kind: 'http', botToken: emulator.botToken, signingSecret: 'bench-signing-secret' },
  slackApiUrl: emulator.url,
  store,
  encryptionKey: 'cd'.repeat(32),
  port: 0,
  host: '127.0.0.1',
  logger: createLogger({ level: process.env.LOG_LEVEL ?? 'silent' }),
  digests: { enabled: false },
  notifications: { windowMs },
  workApiFallback: { baseUrl: sandbox.url, token: sandbox.token, teamId: TEAM },
});
await app.start();
const api = createWorkApiClient({ baseUrl: sandbox.url, token: sandbox.token, cache: false });

// One project and one channel per group of tasks.
const channels: string[] = [];
const tasks: TaskRecord[] = [];
const perChannel = Math.ceil(taskCount / channelCount);
for (let c = 0; c < channelCount; c++) {
  const project = await api.projects.create({ workspace_id: 1, name: `Burst ${c + 1}` });
  const channel = `CBURST${String(c).padStart(3, '0')}`;
  emulator.addChannel({ id: channel, name: channel.toLowerCase(), botIsMember: true });
  channels.push(channel);
  await app.deps.notifications.subscriptions.save(TEAM, {
    channelId: channel,
    projectId: project.id,
    projectName: project.name,
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
  for (let i = 0; i < perChannel && tasks.length < taskCount; i++) {
    tasks.push(await api.tasks.create({ project_id: project.id, title: `Burst task ${tasks.length + 1}` }));
  }
}

const stepMs = (seconds * 1000) / changes;
const began = Date.now();
const firstAt = new Map<number, number>();
const lastAt = new Map<number, number>();
let repeats = 0;
for (let n = 0; n < changes; n++) {
  const wait = began + n * stepMs - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const base = tasks[n % tasks.length]!;
  const task: TaskRecord = { ...base, title: `${base.title} (edit ${Math.floor(n / tasks.length) + 1})` };
  const event: ProjectEvent = {
    id: `burst-${n}`,
    teamId: TEAM,
    kind: n < tasks.length ? 'task.created' : 'task.status_changed',
    projectId: task.project_id,
    task,
    changes: n < tasks.length ? undefined : { status: { before: 'To do', after: 'In progress' } },
    occurredAt: new Date().toISOString(),
    source: 'webhook',
  };
  firstAt.set(task.id, firstAt.get(task.id) ?? Date.now());
  lastAt.set(task.id, Date.now());
  await app.deps.projectEvents.deliver(event);
  // Every tenth change is delivered twice, as a retried webhook would be.
  if (n % 10 === 0) await app.deps.projectEvents.deliver(event);
}
const sentAt = Date.now();

// Let the last windows close on the app's own timer, then stop notifications: stopping sends what
// is still gathered and waits until every queued Slack call has been made.
await new Promise((resolve) => setTimeout(resolve, windowMs + 1000));
await app.deps.notifications.stop();

const calls = [...emulator.calls('chat.postMessage'), ...emulator.calls('chat.update')].filter(
  (c) => c.response.ok === true,
);
const postsMade = emulator.calls('chat.postMessage').filter((c) => c.response.ok === true);
const parents = postsMade.filter((c) => !c.args.thread_ts);
const replies = postsMade.filter((c) => c.args.thread_ts);
const edits = emulator.calls('chat.update').filter((c) => c.response.ok === true);
// Repeats: the same task's card twice, or more replies in a task's thread than its windows allow.
const repliesByThread = new Map<string, number>();
for (const r of replies)
  repliesByThread.set(String(r.args.thread_ts), (repliesByThread.get(String(r.args.thread_ts)) ?? 0) + 1);
const cardTasks = parents.map((p) => /^Task #(\d+)/.exec(String(p.args.text))?.[1] ?? '?');
repeats = cardTasks.length - new Set(cardTasks).size;
let allowedReplies = 0;
for (const task of tasks) {
  const span = (lastAt.get(task.id) ?? 0) - (firstAt.get(task.id) ?? 0);
  allowedReplies += Math.max(1, Math.ceil(span / windowMs));
}
let maxPerChannelSecond = 0;
for (const channel of channels) {
  const times = postsMade
    .filter((c) => c.args.channel === channel)
    .map((c) => c.at)
    .sort((a, b) => a - b);
  for (let i = 0; i < times.length; i++) {
    let j = i;
    while (j + 1 < times.length && times[j + 1]! - times[i]! < 1000) j++;
    maxPerChannelSecond = Math.max(maxPerChannelSecond, j - i + 1);
  }
}
const lastCall = Math.max(...calls.map((c) => c.at));
const editTimes = edits.map((c) => c.at).sort((a, b) => a - b);
let maxEditsPerMinute = 0;
for (let i = 0, j = 0; i < editTimes.length; i++) {
  while (editTimes[i]! - editTimes[j]! >= 60_000) j++;
  maxEditsPerMinute = Math.max(maxEditsPerMinute, i - j + 1);
}
const cardsCurrent = editTimes.length > 0 ? editTimes.at(-1)! : lastCall;
const lastReply = replies.length > 0 ? Math.max(...replies.map((c) => c.at)) : lastCall;

const checks = [
  {
    name: 'cards (one per task)',
    value: parents.length,
    target: `= ${tasks.length}`,
    pass: parents.length === tasks.length,
  },
  {
    name: 'merged replies',
    value: replies.length,
    target: `≤ ${allowedReplies} (one per task per ${windowMs / 1000} s window)`,
    pass: replies.length <= allowedReplies,
  },
  {
    name: 'max new messages per channel in any 1 s',
    value: maxPerChannelSecond,
    target: '≤ 1',
    pass: maxPerChannelSecond <= 1,
  },
  {
    name: 'max card edits per workspace in any 60 s',
    value: maxEditsPerMinute,
    target: '≤ 50',
    pass: maxEditsPerMinute <= 50,
  },
  { name: 'cards posted twice', value: repeats, target: '= 0', pass: repeats === 0 },
];
console.log(
  `notifications burst: ${changes} changes (${Math.floor(changes / 10)} delivered twice) across ${tasks.length} tasks in ${((sentAt - began) / 1000).toFixed(1)} s, ${channels.length} channels`,
);
console.log(
  `  Slack posts made: ${postsMade.length} (${parents.length} cards + ${replies.length} replies), card edits: ${edits.length}`,
);
console.log(
  `  posts per task: ${(postsMade.length / tasks.length).toFixed(2)}; without merging there would be ${changes} posts`,
);
const failed = [...emulator.calls('chat.postMessage'), ...emulator.calls('chat.update')].filter(
  (c) => c.response.ok !== true,
);
const failures = new Map<string, number>();
for (const f of failed) {
  const key = `${f.method} ${f.status} ${String(f.response.error ?? '')}`;
  failures.set(key, (failures.get(key) ?? 0) + 1);
}
console.log(
  `  Slack calls refused: ${failed.length}${failed.length > 0 ? ` (${[...failures].map(([k, n]) => `${k}: ${n}`).join(', ')}; each waited out and sent again)` : ''}`,
);
console.log(
  `  every card current ${((cardsCurrent - sentAt) / 1000).toFixed(1)} s after the last change; last reply ${((lastReply - sentAt) / 1000).toFixed(1)} s; last call ${((lastCall - sentAt) / 1000).toFixed(1)} s`,
);
for (const c of checks)
  console.log(`  ${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value} (target ${c.target})`);
const pass = checks.every((c) => c.pass);
console.log(pass ? 'PASS' : 'FAIL');
console.log(`rerun: ${rerun}`);

await app.stop();
await emulator.close();
await sandbox.close();
await store.close();
process.exitCode = pass ? 0 : 1;
