/**
 * The polling fallback's share of the rate budget: N watched projects (each with some tasks, and
 * changes made on the service while it runs), ten minutes of the poller's 5-second ticks on a fake
 * clock against the sandbox over HTTP. Prints the requests the poller sent in the busiest minute
 * and on average, how often each project is checked, the changes made and the events found, and
 * how old the newest complete comparison of the least fresh project is at the end (what App Home
 * says). Target: at most 12 requests in any minute (20 % of the spec's 60/min), whatever N; and
 * every change found.
 *
 *   npx node bench/poll-budget.ts                 # 1, 5, 20 and 60 watched projects
 *   npx node bench/poll-budget.ts --projects 40   # one figure
 *   npx node bench/poll-budget.ts --projects 1 --tasks 3000   # a project of 30+ pages
 */
import { parseArgs } from 'node:util';
import { createRateLimiter, createWorkApiClient } from '../src/api/index.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createChangePoller, POLL_TICK_MS } from '../src/notify/events/change-poller.ts';
import { POLL_REQUESTS_PER_MINUTE } from '../src/notify/events/poll-budget.ts';
import { createSandbox } from '../src/sandbox/index.ts';
import { seedBulkTasks } from '../src/sandbox/seed/bulk-tasks.ts';
import { openStore } from '../src/store/open-store.ts';

const { values } = parseArgs({
  options: {
    projects: { type: 'string' },
    minutes: { type: 'string', default: '10' },
    tasks: { type: 'string', default: '15' },
  },
});
const counts = values.projects ? [Number(values.projects)] : [1, 5, 20, 60];
const minutes = Number(values.minutes);
const TEAM = 'T0BENCH';
const TASKS_PER_PROJECT = Number(values.tasks);

async function run(projectCount: number) {
  const sandbox = await createSandbox({ port: 0, seed: 'empty', rateLimits: false });
  const store = await openStore('sqlite::memory:');
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { data: { id: number } }).data;
  };
  const projects: number[] = [];
  const tasks: number[] = [];
  for (let p = 0; p < projectCount; p++) {
    const project = await call('POST', '/projects', { workspace_id: 1, name: `Project ${p + 1}` });
    projects.push(project.id);
    // Straight into SQLite: seeding through the API would measure the seeding.
    seedBulkTasks(sandbox.db, {
      projectId: project.id,
      count: TASKS_PER_PROJECT,
      assigneeIds: [1],
      creatorId: 1,
      now: new Date('2026-11-26T10:00:00.000Z'),
    });
  }
  for (const row of sandbox.db.prepare('SELECT id FROM tasks ORDER BY id').all() as Array<{ id: number }>)
    tasks.push(row.id);
  const clock = fixedClock('2026-11-26T10:00:00.000Z');
  const sentAt: number[] = [];
  const quiet = () => {};
  const api = createWorkApiClient({
    baseUrl: sandbox.url,
    token: sandbox.token,
    cache: false,
    // The fake clock runs far faster than real time: the real-time limiter must not be what limits.
    limiter: createRateLimiter({ limits: { general: 1_000_000, search: 1_000_000, upload: 1_000_000 } }),
    logger: { debug: () => sentAt.push(clock.now().getTime()), info: quiet, warn: quiet, error: quiet },
  });
  let events = 0;
  const poller = createChangePoller({
    store,
    watched: () => ({ teams: async () => [TEAM], projectsOf: async () => projects }),
    clientFor: async () => api,
    hasWebhooks: async () => false,
    sink: () => ({ deliver: async () => void events++ }),
    clock,
    logger: createLogger({ level: 'silent' }),
  });
  const ticks = (minutes * 60_000) / POLL_TICK_MS;
  /** Complete comparisons: a project's check time moves only when its whole list was read. */
  const checkedKey = `team:${TEAM}:poll-checked`;
  let checked: Record<string, number> = {};
  let completed = 0;
  let changes = 0;
  for (let i = 0; i < ticks; i++) {
    // A change on the service every 30 s.
    if (i % 6 === 5) {
      // Spread over the whole list (a large project's last pages too).
      const id = tasks[(i * 7919) % tasks.length]!;
      await call('PUT', `/tasks/${id}`, { due_date: `2026-12-${String((i % 28) + 1).padStart(2, '0')}` });
      changes++;
    }
    await poller.tick();
    const now = (await store.get<Record<string, number>>(checkedKey)) ?? {};
    for (const [project, at] of Object.entries(now)) if (checked[project] !== at) completed++;
    checked = now;
    clock.advance(POLL_TICK_MS);
  }
  const start = Date.parse('2026-11-26T10:00:00.000Z');
  let busiest = 0;
  for (const t of sentAt) busiest = Math.max(busiest, sentAt.filter((u) => u > t - 60_000 && u <= t).length);
  const perMinute = sentAt.filter((t) => t >= start + 60_000).length / (minutes - 1);
  const checkedAt = (await poller.freshness(TEAM)).checkedAt;
  const age = checkedAt ? `${Math.round((clock.now().getTime() - checkedAt.getTime()) / 1000)} s` : 'never';
  await sandbox.close();
  await store.close();
  return { projectCount, requests: sentAt.length, busiest, perMinute, events, changes, age, completed };
}

let pass = true;
let found = true;
console.log(
  `poll budget: ${minutes} min of ${POLL_TICK_MS / 1000}-s ticks, ${TASKS_PER_PROJECT} tasks a project, target ≤ ${POLL_REQUESTS_PER_MINUTE} requests in any minute`,
);
console.log(
  'projects  requests  busiest-minute  per-minute(avg)  each-project-every  changes  events  checked-ago(end)',
);
for (const n of counts) {
  const r = await run(n);
  const every = r.completed > 0 ? `${Math.round((minutes * 60 * n) / r.completed)} s` : 'never';
  console.log(
    `${String(n).padStart(8)}  ${String(r.requests).padStart(8)}  ${String(r.busiest).padStart(14)}  ${r.perMinute.toFixed(1).padStart(15)}  ${every.padStart(18)}  ${String(r.changes).padStart(7)}  ${String(r.events).padStart(6)}  ${r.age.padStart(16)}`,
  );
  if (r.busiest > POLL_REQUESTS_PER_MINUTE) pass = false;
  // The last minutes' changes may still be on their way: only a run that found none fails.
  if (r.changes > 0 && r.events === 0) found = false;
}
console.log(
  `${pass ? 'PASS' : 'FAIL'}: busiest minute ${pass ? '≤' : '>'} ${POLL_REQUESTS_PER_MINUTE} requests`,
);
console.log(`${found ? 'PASS' : 'FAIL'}: changes made on the service were found`);
console.log('rerun: npx node bench/poll-budget.ts [--projects N] [--minutes M] [--tasks T]');
process.exitCode = pass && found ? 0 : 1;
