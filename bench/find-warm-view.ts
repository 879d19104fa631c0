/**
 * `/task find` over 10,000 tasks from a warm task view: how long the app takes to answer, inside
 * the app (the verb's handler, from its start to its reply handed to the response_url) and end to
 * end (a signed command in, the emulator's response_url post out), side by side, and the service
 * requests the searches made (target: none). Target: p99 inside the app ≤ 20 ms.
 *
 *   npx node bench/find-warm-view.ts                 (10,000 tasks in 10 projects; 300 searches)
 *   npx node bench/find-warm-view.ts 10000 300       (tasks, searches)
 *
 * The tasks are seeded straight into the sandbox's SQLite (their titles are "Task N: fix item M"),
 * the view is read once with its pace lifted, and the searches mix words, typos, #project, @person,
 * status and due filters, one at a time.
 */
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createLogger } from '../src/lib/logger.ts';

const { startHarness, TEAM, USERS } = await import('../test/support/harness.ts');
const { startFaultProxy } = await import('../test/integration/api/support/fault-proxy.ts');
const { taskViewOf } = await import('../src/api/task-view.ts');
const { seedBulkTasks } = await import('../src/sandbox/seed/bulk-tasks.ts');
const { commandContext } = await import('../src/slack/kit/command-context.ts');
const { findHandler } = await import('../src/slack/features/find/find-command.ts');
const { parseTaskCommand } = await import('../src/slack/commands/parse.ts');
const { isCommandError } = await import('../src/slack/commands/intents.ts');

const TASKS = Number(process.argv[2] ?? 10_000);
const SEARCHES = Number(process.argv[3] ?? 300);
const PROJECTS = 10;
const QUERIES = [
  'fix item 42',
  'reveiw item',
  'ship',
  'plan item 7 #Website',
  'write @ben is:open',
  'item 13 due:week',
  'Task 9999',
  'nothing like this',
];

// As deployed: the store in a SQLite file and the logger at info (to a file, beside the figures).
const deployed = mkdtempSync(join(tmpdir(), 'find-bench-'));
const h = await startHarness({
  storeUrl: `sqlite:${join(deployed, 'app.db')}`,
  logger: createLogger({ level: 'info', destination: createWriteStream(join(deployed, 'app.log')) }),
  connect: false,
  link: ['ana', 'ben'],
  addressPolicy: { allowPrivate: false, allowedHosts: ['127.0.0.1'] },
});
const proxy = await startFaultProxy(h.sandbox.url);
await h.app.deps.connections.save(TEAM, {
  baseUrl: proxy.url,
  token: h.sandbox.token,
  connectedBy: USERS.ana,
});
const seeded = Date.now();
for (let p = 0; p < PROJECTS; p++) {
  const projectId = (await h.api.projects.create({ workspace_id: 1, name: `Bench ${p + 1}` })).id;
  seedBulkTasks(h.sandbox.db, {
    projectId,
    count: Math.ceil(TASKS / PROJECTS),
    assigneeIds: [1, 2, 3, 4],
    creatorId: 1,
    now: new Date(seeded),
  });
}
const api = await h.app.deps.workApi.clientFor(TEAM);
if (!api) throw new Error('no connection');
const view = taskViewOf(api, { requestsPerMinute: 1_000_000 });
const readStarted = performance.now();
await view.refresh();
console.error(
  `view warm: ${view.query({}).tasks.length} tasks read in ${((performance.now() - readStarted) / 1000).toFixed(1)} s`,
);

const { WebClient } = await import('@slack/web-api');
const client = new WebClient(h.emulator.botToken, { slackApiUrl: h.emulator.url });
/** The verb's handler as the router calls it, timed from its start to its reply. */
async function insideTheApp(text: string): Promise<number> {
  const parsed = parseTaskCommand(`find ${text}`);
  if (isCommandError(parsed)) throw new Error(parsed.message);
  let answered = 0;
  const command = {
    text: `find ${text}`,
    team_id: TEAM,
    user_id: USERS.ana,
    channel_id: 'C0GENERAL',
    trigger_id: 'bench',
    command: '/task',
    response_url: 'http://127.0.0.1:1/unused',
  } as never;
  const ctx = commandContext(h.app.deps, {
    command,
    client,
    respond: async () => {
      answered = performance.now();
      return {} as never;
    },
  });
  const started = performance.now();
  await findHandler(ctx, parsed as never);
  return answered - started;
}

// Warm the caches the handler reads (the zone, the linked people, the project list) once.
for (const q of QUERIES) await insideTheApp(q);

const mark = proxy.requests.length;
const inside: number[] = [];
for (let i = 0; i < SEARCHES; i++) inside.push(await insideTheApp(QUERIES[i % QUERIES.length]!));
const insideRequests = proxy.requests.length - mark;

const endToEnd: number[] = [];
const markE2e = proxy.requests.length;
for (let i = 0; i < Math.min(SEARCHES, 100); i++) {
  const seen = new Set(h.emulator.calls('response_url'));
  const t0 = performance.now();
  await h.signer.command(`/task find ${QUERIES[i % QUERIES.length]}`, { user: USERS.ana });
  await h.emulator.waitForCall('response_url', (c) => !seen.has(c), 10_000);
  endToEnd.push(performance.now() - t0);
}
const e2eRequests = proxy.requests.length - markE2e;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const row = (name: string, v: number[]) =>
  `${name.padEnd(26)} ${pct(v, 50).toFixed(2).padStart(8)} ${pct(v, 99).toFixed(2).padStart(8)} ${pct(v, 100).toFixed(2).padStart(8)}`;
console.log(`/task find over ${TASKS} tasks in ${PROJECTS} projects (+ the demo seed), warm view`);
console.log(`${'ms'.padEnd(26)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)}`);
console.log(row(`inside the app (${inside.length})`, inside));
console.log(row(`end to end (${endToEnd.length})`, endToEnd));
for (const [q, query] of QUERIES.entries()) {
  console.log(
    row(
      `  “${query}”`.slice(0, 26),
      inside.filter((_, i) => i % QUERIES.length === q),
    ),
  );
}
console.log(
  `service requests: ${insideRequests} over ${inside.length} handler runs, ${e2eRequests} over ${endToEnd.length} commands (target 0)`,
);
const ok = pct(inside, 99) <= 20 && insideRequests === 0 && e2eRequests === 0;
console.log(`target p99 inside the app ≤ 20 ms, no service request → ${ok ? 'PASS' : 'FAIL'}`);
console.log(`rerun: npx node bench/find-warm-view.ts ${TASKS} ${SEARCHES}`);
process.exitCode = ok ? 0 : 1;
await proxy.close();
await h.close();
