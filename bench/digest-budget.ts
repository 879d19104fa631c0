/**
 * Budget of one digest minute: 1,000 subscriptions over 100 projects (10,000 tasks) due in the same
 * minute, against the sandbox at its real 60-a-minute limit and the Slack emulator. The runner's
 * scheduling instant is fixed (tick(now) with 14:00 UTC on a Wednesday); everything else (the API
 * client's limiter, the sandbox's window, post spacing) runs on real time.
 *
 * Figures: service requests (target: one list pass per project, 100 here), 429s (target 0), wall
 * time of the list pass against the floor the limit allows (target ≤ 1.1 ×), minutes from the
 * scheduled time to the first and the last post, peak posts per channel in any one second (≤ 1).
 *
 * The floor: a 60-a-minute window lets 60 requests through at once and the next 60 only a minute
 * after the first, so N requests cannot finish before floor((N − 1) / 60) minutes: 60 s for 100.
 *
 *   npx node bench/digest-budget.ts
 *   npx node bench/digest-budget.ts --subscriptions 1000 --projects 100 --channels 200 --team-posts-per-second 5
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { webApi } from '@slack/bolt';
import { createWorkApiClient } from '../src/api/index.ts';
import { RATE_LIMITS } from '../src/contract/index.ts';
import { createDigestRunner } from '../src/digest/runner.ts';
import { createDigestSubscriptions } from '../src/digest/subscriptions.ts';
import { createClientTaskSource } from '../src/digest/task-source.ts';
import { createSandbox } from '../src/sandbox/index.ts';
import { digestMessages } from '../src/slack/ui/digest/runner-messages.ts';
import { createSlackEmulator } from '../src/slack-emulator/index.ts';
import { openStore } from '../src/store/open-store.ts';
import { buildSandboxDatabase, planSubscriptions, writeSubscriptions } from './digest-fixtures.ts';

const { values } = parseArgs({
  options: {
    subscriptions: { type: 'string', default: '1000' },
    projects: { type: 'string', default: '100' },
    'tasks-per-project': { type: 'string', default: '100' },
    channels: { type: 'string', default: '200' },
    'team-posts-per-second': { type: 'string', default: '5' },
  },
});
const subscriptionCount = Number(values.subscriptions);
const projectCount = Number(values.projects);
const tasksPerProject = Number(values['tasks-per-project']);
const channelCount = Number(values.channels);
const teamPostsPerSecond = Number(values['team-posts-per-second']);

const SCHEDULED = new Date('2026-03-04T14:00:00.000Z');
const TEAM = 'T0001';
const dir = mkdtempSync(join(tmpdir(), 'digest-budget-'));
buildSandboxDatabase(join(dir, 'sandbox.db'), { projects: projectCount, tasksPerProject, day: SCHEDULED });

// The real limit of the spec (60 general requests a minute per token), on real time.
const sandbox = await createSandbox({ port: 0, dbPath: join(dir, 'sandbox.db'), rateLimits: RATE_LIMITS });
const emulator = await createSlackEmulator({ port: 0 });
const store = await openStore(`sqlite:${join(dir, 'store.db')}`);

const channels = Array.from({ length: channelCount }, (_, i) => `CBENCH${String(i).padStart(4, '0')}`);
for (const id of channels) emulator.addChannel({ id, name: id.toLowerCase(), botIsMember: true });
await writeSubscriptions(
  store,
  planSubscriptions({
    count: subscriptionCount,
    teamId: TEAM,
    channels,
    projects: projectCount,
    createdBy: 'U0ANA',
  }),
);

const requests: { at: number; status: number | undefined }[] = [];
const quiet = () => {};
const api = createWorkApiClient({
  baseUrl: sandbox.url,
  token: sandbox.token,
  cache: false,
  logger: {
    debug: (details) =>
      requests.push({ at: performance.now(), status: (details as { status?: number }).status }),
    info: quiet,
    warn: quiet,
    error: quiet,
  },
});
const slack = new webApi.WebClient(emulator.botToken, {
  slackApiUrl: emulator.url,
  rejectRateLimitedCalls: true,
  retryConfig: { retries: 0 },
});
const source = createClientTaskSource(api);
const runner = createDigestRunner({
  store,
  subscriptions: createDigestSubscriptions(store),
  taskSourceFor: () => source,
  slack: () => slack,
  messages: digestMessages,
  links: {
    taskUrl: (task) => `https://work.example.com/projects/${task.project_id}/tasks/${task.id}`,
    listUrl: (sub) => `https://work.example.com/projects/${sub.projectIds[0]}/tasks`,
  },
  teamPostsPerSecond,
});

try {
  const startedWall = Date.now();
  const started = performance.now();
  const report = await runner.tick(SCHEDULED);
  const doneMs = performance.now() - started;

  const posts = emulator.calls('chat.postMessage').filter((call) => call.response.ok === true);
  const postTimes = posts.map((call) => call.at - startedWall).sort((a, b) => a - b);
  const byChannel = new Map<string, number[]>();
  for (const call of posts) {
    const list = byChannel.get(String(call.args.channel)) ?? [];
    list.push(call.at);
    byChannel.set(String(call.args.channel), list);
  }
  const peakPerChannel = Math.max(0, ...[...byChannel.values()].map((times) => peakInWindow(times, 1000)));
  const peakOverall = peakInWindow(
    posts.map((call) => call.at),
    1000,
  );
  const listMs = Math.max(...requests.map((r) => r.at)) - started;
  const floorMs = Math.floor((requests.length - 1) / RATE_LIMITS.general) * 60_000;
  const minutes = (ms: number) => `${(ms / 60_000).toFixed(2)} min`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

  console.log(
    `digest-budget: ${subscriptionCount} subscriptions over ${projectCount} projects (${projectCount * tasksPerProject} tasks), ` +
      `${channelCount} channels, due in the same minute; service limited to ${RATE_LIMITS.general}/min`,
  );
  console.log(
    `  digests sent               ${report.sent} (due ${report.due}, retry ${report.retry}, failed ${report.failed})`,
  );
  console.log(
    `  service requests           ${requests.length}  (one list pass per project: ${projectCount})`,
  );
  console.log(`  429s                       ${requests.filter((r) => r.status === 429).length}`);
  console.log(
    `  list pass wall time        ${seconds(listMs)}  vs floor ${seconds(floorMs)}` +
      (floorMs > 0 ? `  (ratio ${(listMs / floorMs).toFixed(3)})` : ''),
  );
  console.log(`  first post after schedule  ${minutes(postTimes[0] ?? Number.NaN)}`);
  console.log(
    `  last post after schedule   ${minutes(postTimes.at(-1) ?? Number.NaN)}  (tick settled after ${seconds(doneMs)})`,
  );
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  console.log(`  peak posts / channel / s   ${peakPerChannel}  ${verdict(peakPerChannel <= 1)} (target ≤ 1)`);
  console.log(
    `  peak posts / workspace / s ${peakOverall}  ${verdict(peakOverall <= teamPostsPerSecond)} (paced at ${teamPostsPerSecond}/s)`,
  );
  console.log(
    `  requests and 429s          ${verdict(requests.length === projectCount && !requests.some((r) => r.status === 429))} ` +
      `(target: ${projectCount} requests, no 429)`,
  );
  console.log(
    `  rerun: npx node bench/digest-budget.ts --subscriptions ${subscriptionCount} --projects ${projectCount} ` +
      `--channels ${channelCount} --team-posts-per-second ${teamPostsPerSecond}`,
  );
} finally {
  await runner.stop();
  await store.close();
  await emulator.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

/** The most timestamps (ms) inside any window of `windowMs` (half-open: [t, t + windowMs)). */
function peakInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let peak = 0;
  let from = 0;
  for (let to = 0; to < sorted.length; to++) {
    while (sorted[to]! - sorted[from]! >= windowMs) from++;
    peak = Math.max(peak, to - from + 1);
  }
  return peak;
}
