/**
 * Budget of one digest minute: 1,000 subscriptions over 100 projects of realistic sizes (nine in ten
 * with 3–40 tasks, one in ten with 101–300: `realisticProjectSize`) due in the same minute, against
 * the sandbox at its real 60-a-minute limit and the Slack emulator, once per service profile: `full`
 * (pages of 100, `done`/`due_before` honoured) and `spec-minimal` (pages of 10, filters ignored). The
 * runner's scheduling instant is fixed; everything else (the API client's limiter, the sandbox's
 * window, post spacing) runs on real time.
 *
 * Each day (`--days`, default 2), as the runner meets it: a tick each minute from an hour before
 * the firing until one reads ahead (the digest lane reads the projects: `src/digest/run-prefetch.ts`)
 * — 5 minutes before on the first day, then as early as the last read's cost says
 * (`src/digest/read-lead.ts`, kept in the store) — then the firing itself. `--no-prefetch` skips the
 * read-ahead and lets the firing read.
 *
 * Figures per profile and day: service requests in each tick and per project (one list pass is
 * ⌈open tasks / page⌉ requests), 429s (target 0), wall time against the floor the digest lane
 * allows (≤ 1.1 ×), the lead and the next day's, minutes from the schedule to the first and last
 * post, how many digests posted within the 2-minute grace (the firing tick taken to start at the
 * schedule or when the read-ahead finished, if that is later) against what Slack's pace allows in
 * it (posts a second × 120 s: 600 at 5 a second, so 1,000 due in one minute cannot all make it),
 * peak posts per channel a second (≤ 1).
 *
 * The floor: the digest lane gets what the write and read reserves leave of the 60-a-minute
 * window (`laneThroughput`: 36), at once and then again a minute after the first, so N requests
 * cannot finish before floor((N − 1) / 36) minutes: 120 s for 101.
 *
 * The full run (both profiles, two days) takes about 35 minutes (`--days 1` about 17); for a quick look:
 *   npx node bench/digest-budget.ts --profile spec-minimal --projects 10 --subscriptions 100 --channels 20 --tasks-per-project 20
 *   npx node bench/digest-budget.ts
 *   npx node bench/digest-budget.ts --profile spec-minimal --subscriptions 1000 --projects 100 --channels 200
 *   npx node bench/digest-budget.ts --tasks-per-project 100 --no-prefetch   (every project 100 tasks, no read-ahead)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { webApi } from '@slack/bolt';
import { createWorkApiClient } from '../src/api/index.ts';
import { laneThroughput } from '../src/api/limiter-lanes.ts';
import { RATE_LIMITS } from '../src/contract/index.ts';
import { DEFAULT_LEAD_MS, type LeadRecord, leadMs, MAX_LEAD_MS } from '../src/digest/read-lead.ts';
import { createDigestRunner, type DigestRunner } from '../src/digest/runner.ts';
import { LATE_GRACE_MS } from '../src/digest/schedule.ts';
import { digestKeys } from '../src/digest/store-keys.ts';
import { createDigestSubscriptions } from '../src/digest/subscriptions.ts';
import { createClientTaskSource } from '../src/digest/task-source.ts';
import { PROFILE_NAMES, type ProfileName } from '../src/sandbox/http/answer-profile.ts';
import { createSandbox } from '../src/sandbox/index.ts';
import { digestMessages } from '../src/slack/ui/digest/runner-messages.ts';
import { createSlackEmulator, type SlackEmulator } from '../src/slack-emulator/index.ts';
import { openStore } from '../src/store/open-store.ts';
import type { Store } from '../src/store/types.ts';
import {
  buildSandboxDatabase,
  planSubscriptions,
  realisticProjectSize,
  writeSubscriptions,
} from './digest-fixtures.ts';

interface ServiceRequestLog {
  at: number;
  status: number | undefined;
  path: string;
}

const { values } = parseArgs({
  options: {
    profile: { type: 'string', default: 'both' },
    subscriptions: { type: 'string', default: '1000' },
    projects: { type: 'string', default: '100' },
    'tasks-per-project': { type: 'string', default: 'realistic' },
    channels: { type: 'string', default: '200' },
    'team-posts-per-second': { type: 'string', default: '5' },
    'no-prefetch': { type: 'boolean', default: false },
    days: { type: 'string', default: '2' },
  },
});
const profiles: ProfileName[] =
  values.profile === 'both' ? [...PROFILE_NAMES] : [checkProfile(values.profile)];
const subscriptionCount = Number(values.subscriptions);
const projectCount = Number(values.projects);
const sizeArg = values['tasks-per-project'];
const sizeOf = sizeArg === 'realistic' ? realisticProjectSize : () => Number(sizeArg);
const channelCount = Number(values.channels);
const teamPostsPerSecond = Number(values['team-posts-per-second']);
const prefetch = !values['no-prefetch'];
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1)
  throw new Error(`--days must be a whole number of at least 1; got ${values.days}`);

const SCHEDULED = new Date('2026-03-04T14:00:00.000Z');
/** The runner's least lead (its default `prefetchMs`): the first day's, nothing measured yet. */
const PREFETCH_MS = DEFAULT_LEAD_MS;
const DAY_MS = 86_400_000;
/** What the digest lane can count on of the service's limit while the lanes above are busy. */
const DIGEST_LANE_PER_MINUTE = laneThroughput(RATE_LIMITS.general, 'digest');
const TEAM = 'T0001';
const sizes = Array.from({ length: projectCount }, (_, p) => sizeOf(p));
const large = sizes.filter((n) => n > 100).length;

console.log(
  `digest-budget: ${subscriptionCount} subscriptions over ${projectCount} projects ` +
    `(${sizes.reduce((a, b) => a + b, 0)} tasks; ${large} with over 100, largest ${Math.max(...sizes)}), ` +
    `${channelCount} channels, due in the same minute; service limited to ${RATE_LIMITS.general}/min; ` +
    `read-ahead ${prefetch ? `${PREFETCH_MS / 60_000} min before at first, then sized from the last read` : 'off'}; ${days} day(s)`,
);
for (const profile of profiles) await runProfile(profile);

async function runProfile(profile: ProfileName): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'digest-budget-'));
  buildSandboxDatabase(join(dir, 'sandbox.db'), {
    projects: projectCount,
    tasksPerProject: sizeOf,
    day: SCHEDULED,
  });
  // The real limit of the spec (60 general requests a minute per token), on real time.
  const sandbox = await createSandbox({
    port: 0,
    dbPath: join(dir, 'sandbox.db'),
    rateLimits: RATE_LIMITS,
    profile,
  });
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

  const requests: ServiceRequestLog[] = [];
  const quiet = () => {};
  const api = createWorkApiClient({
    baseUrl: sandbox.url,
    token: sandbox.token,
    cache: false,
    logger: {
      debug: (details) => {
        const { status, path } = details as { status?: number; path?: string };
        requests.push({ at: performance.now(), status, path: path ?? '' });
      },
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
    prefetchMs: prefetch ? PREFETCH_MS : 0,
  });

  try {
    for (let day = 0; day < days; day++) {
      const scheduled = new Date(SCHEDULED.getTime() + day * DAY_MS);
      // Overnight the service's window empties: the next day's reads do not wait on this one's.
      const sinceLast = performance.now() - (requests.at(-1)?.at ?? Number.NEGATIVE_INFINITY);
      if (sinceLast < 60_000) await sleep(60_000 - sinceLast + 1000);
      await runDay(profile, day + 1, scheduled, { runner, store, emulator, requests });
    }
    console.log(
      `  rerun: npx node bench/digest-budget.ts --profile ${profile} --subscriptions ${subscriptionCount} --projects ${projectCount} ` +
        `--tasks-per-project ${sizeArg} --channels ${channelCount} --team-posts-per-second ${teamPostsPerSecond} --days ${days}` +
        (prefetch ? '' : ' --no-prefetch'),
    );
  } finally {
    await runner.stop();
    await store.close();
    await emulator.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface DayParts {
  runner: DigestRunner;
  store: Store;
  emulator: SlackEmulator;
  requests: ServiceRequestLog[];
}

/**
 * One day's digests: ticks each minute from an hour before the schedule until one reads ahead
 * (the runner's lead for the workspace: 5 minutes the first day, then sized from what the last
 * read cost), then the firing at the schedule, or when the read-ahead is done if it overran.
 */
async function runDay(profile: ProfileName, day: number, scheduled: Date, parts: DayParts): Promise<void> {
  const { runner, store, emulator, requests } = parts;
  const minutes = (ms: number) => `${(ms / 60_000).toFixed(2)} min`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  // N requests in the digest lane, at most `DIGEST_LANE_PER_MINUTE` a window, end no sooner than this.
  const floorOf = (n: number) => Math.max(0, Math.floor((n - 1) / DIGEST_LANE_PER_MINUTE)) * 60_000;
  const requestsAtStart = requests.length;
  const postsAtStart = emulator.calls('chat.postMessage').length;

  let aheadMs = 0;
  let aheadRequests = 0;
  let aheadRss = 0;
  let leadMs = 0;
  if (prefetch) {
    for (let at = scheduled.getTime() - MAX_LEAD_MS; at < scheduled.getTime(); at += 60_000) {
      const rssBefore = process.memoryUsage().rss;
      const t0 = performance.now();
      await runner.tick(new Date(at));
      if (requests.length > requestsAtStart) {
        aheadMs = performance.now() - t0;
        aheadRequests = requests.length - requestsAtStart;
        aheadRss = process.memoryUsage().rss - rssBefore;
        leadMs = scheduled.getTime() - at;
        break;
      }
    }
  }
  const nextLead = prefetch
    ? leadOf(await store.get<LeadRecord>(digestKeys.readLead(TEAM)), scheduled.getTime() + DAY_MS)
    : 0;

  const startedWall = Date.now();
  const started = performance.now();
  const report = await runner.tick(scheduled);
  const doneMs = performance.now() - started;
  const firingRequests = requests.length - requestsAtStart - aheadRequests;
  // The firing tick starts at the schedule, or when the read-ahead is done if it overran.
  const lateStartMs = Math.max(0, aheadMs - leadMs);

  const posts = emulator
    .calls('chat.postMessage')
    .slice(postsAtStart)
    .filter((call) => call.response.ok === true);
  const postTimes = posts.map((call) => call.at - startedWall + lateStartMs).sort((a, b) => a - b);
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
  const dayRequests = requests.slice(requestsAtStart);
  const perProject = new Map<string, number>();
  for (const r of dayRequests) {
    const project = /\/projects\/(\d+)\/tasks/.exec(r.path)?.[1];
    if (project) perProject.set(project, (perProject.get(project) ?? 0) + 1);
  }
  const counts = [...perProject.values()];
  const throttled = dayRequests.filter((r) => r.status === 429).length;
  const readMs = prefetch ? aheadMs : Math.max(started, ...dayRequests.map((r) => r.at)) - started;
  const readRequests = prefetch ? aheadRequests : firingRequests;
  const floorMs = floorOf(readRequests);
  const last = postTimes.at(-1) ?? Number.NaN;
  const withinGrace = postTimes.filter((t) => t <= LATE_GRACE_MS).length;
  // Slack's pace for one workspace: no more than this many posts fit in the grace, however early the lists.
  const capacity = Math.floor(teamPostsPerSecond * (LATE_GRACE_MS / 1000));

  console.log(`\n[${profile}] sandbox profile ${profile}, day ${day} (${scheduled.toISOString()})`);
  console.log(
    `  digests sent               ${report.sent} (due ${report.due}, retry ${report.retry}, failed ${report.failed})`,
  );
  console.log(
    `  service requests           ${dayRequests.length} per digest run` +
      (prefetch ? ` (${aheadRequests} reading ahead, ${firingRequests} at the firing)` : ''),
  );
  console.log(
    `  requests per project       mean ${(dayRequests.length / projectCount).toFixed(2)}, max ${Math.max(0, ...counts)}, ` +
      `projects over one request ${counts.filter((n) => n > 1).length}/${projectCount}`,
  );
  console.log(`  429s                       ${throttled}`);
  console.log(
    `  list pass wall time        ${seconds(readMs)}${prefetch ? ' (read-ahead tick)' : ''}  vs floor ${seconds(floorMs)} ` +
      `at the digest lane's ${DIGEST_LANE_PER_MINUTE}/min of ${RATE_LIMITS.general}` +
      (floorMs > 0 ? `  (ratio ${(readMs / floorMs).toFixed(3)})` : ''),
  );
  if (prefetch)
    console.log(
      `  read-ahead                 ${minutes(leadMs)} before the schedule; ${aheadRequests} requests in the digest lane, ${seconds(aheadMs)} ` +
        `(${aheadMs > leadMs ? `overran its lead by ${seconds(lateStartMs)}` : 'within its lead'}), ` +
        `this process's RSS ${aheadRss >= 0 ? '+' : '−'}${(Math.abs(aheadRss) / 1048576).toFixed(1)} MB over the read (GC included); next lead ${minutes(nextLead)}`,
    );
  console.log(`  first post after schedule  ${minutes(postTimes[0] ?? Number.NaN)}`);
  console.log(
    `  last post after schedule   ${minutes(last)}  (firing tick settled after ${seconds(doneMs)})`,
  );
  console.log(
    `  posted within the grace    ${withinGrace}/${subscriptionCount} within ${LATE_GRACE_MS / 60_000} min  ${verdict(withinGrace === subscriptionCount)} ` +
      `(Slack's pace allows ${capacity}: ${teamPostsPerSecond} posts/s × ${LATE_GRACE_MS / 1000} s` +
      (subscriptionCount > capacity
        ? `; ${subscriptionCount - capacity} cannot make it however early the lists`
        : '') +
      ')',
  );
  console.log(`  peak posts / channel / s   ${peakPerChannel}  ${verdict(peakPerChannel <= 1)} (target ≤ 1)`);
  console.log(
    `  peak posts / workspace / s ${peakOverall}  ${verdict(peakOverall <= teamPostsPerSecond)} (paced at ${teamPostsPerSecond}/s)`,
  );
  console.log(
    `  one list pass, no 429      ${verdict(counts.length === projectCount && throttled === 0 && (prefetch ? firingRequests === 0 : true))} ` +
      `(every project listed in one pass${prefetch ? ' ahead, none again at the firing' : ''}; no 429)`,
  );
}

/** The runner's lead for a workspace with this record, at `now`: its floor and cap are the bench's. */
function leadOf(record: LeadRecord | undefined, now: number): number {
  return leadMs(record, now, { floorMs: PREFETCH_MS, capMs: MAX_LEAD_MS });
}

function checkProfile(name: string | undefined): ProfileName {
  if (PROFILE_NAMES.includes(name as ProfileName)) return name as ProfileName;
  throw new Error(`--profile must be both, ${PROFILE_NAMES.join(' or ')}; got ${name}`);
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
