/**
 * Slash-command acknowledgements per second at p99 <= 100 ms, with 1 and with 3 instances of the
 * app on one Redis (target: 3 instances >= 2.5 x one).
 *
 *   npx node bench/multi-instance-ack.ts            (rates from 100/s up by a fifth, 5 s per step; about 5 min)
 *   npx node bench/multi-instance-ack.ts 4          (seconds per step)
 *
 * Three runs: 1 instance pinned to one core (`taskset -c 0`: what one core carries), 1 instance
 * free to use every core, and 3 instances on every core. The ratio that the target names is 3
 * instances against 1 instance on one core. It can exceed the number of cores only if one instance
 * leaves its core idle, so on a machine with fewer than 3 cores the target is out of reach by
 * arithmetic, before any cost of sharing: the bench says so beside its FAIL.
 *
 * Each instance is the real app (`node src/main.ts` with `npm start`'s Node flags, HTTP mode,
 * STORE_URL=redis://…) in its own process; this process runs redis-server's client side, the Slack emulator, the sandbox and the
 * load: `/task help` commands (answered in the ack itself, so the figure is the ack path: signature,
 * parsing, Bolt, the answer) signed once per instance and sent at a fixed rate, round-robin, over
 * keep-alive connections. For each instance count the rate climbs until p99 passes 100 ms or an
 * answer fails twice at one rate; the figure is the last rate that held.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { createSandbox } from '../src/sandbox/index.ts';
import { createSlackEmulator } from '../src/slack-emulator/index.ts';
import { type AppProcess, startAppProcess } from '../test/support/app-process.ts';
import { redisTool, startRedisServer } from '../test/support/redis-server.ts';

const STEP_SECONDS = Number(process.argv[2] ?? 5);
/** 20/s up by a quarter each step, to 3,000/s. */
const RATES = Array.from({ length: 30 }, (_, i) => Math.round(20 * 1.25 ** i)).filter(
  (rate) => rate <= 3_000,
);
const P99_TARGET_MS = 100;
const TARGET_RATIO = 2.5;
const CORES = cpus().length;
const signingSecret = 'bench-multi-instance-secret';

const redis = await startRedisServer(redisTool.require());
const sandbox = await createSandbox({ port: 0, rateLimits: false });
const emulator = await createSlackEmulator({ port: 0 });
const env = {
  SLACK_BOT_TOKEN: emulator.botToken,
  SLACK_SIGNING_SECRET: signingSecret,
  SLACK_API_URL: emulator.url,
  WORK_API_URL: sandbox.url,
  WORK_API_TOKEN: sandbox.token,
  STORE_URL: redis.url,
  ENCRYPTION_KEY: 'cd'.repeat(32),
  PORT: '0',
  // info: the start line is how the bench learns each instance's address.
  LOG_LEVEL: 'info',
};

/** The signed request for one instance: the same body and headers each time (valid 5 minutes). */
function signedHelp(app: AppProcess) {
  const body = new URLSearchParams({
    token: 'unused',
    team_id: 'T0001',
    team_domain: 'acme',
    channel_id: 'C0GENERAL',
    channel_name: 'general',
    user_id: 'U0ANA',
    user_name: 'ana',
    command: '/task',
    text: 'help',
    api_app_id: 'A0TASKBRIDGE',
    response_url: `${emulator.url.replace(/\/api\/?$/, '')}/unused-response-url`,
    trigger_id: '1.2.unused',
  }).toString();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return {
    pool: new Pool(app.baseUrl, { connections: 64, pipelining: 1 }),
    path: new URL(app.eventsUrl).pathname,
    body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': signature,
    },
  };
}

interface Step {
  rate: number;
  p50: number;
  p99: number;
  failures: number;
}

async function runStep(targets: ReturnType<typeof signedHelp>[], rate: number): Promise<Step> {
  const count = rate * STEP_SECONDS;
  const latencies: number[] = [];
  let failures = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const target = targets[i % targets.length]!;
    inFlight.push(
      (async () => {
        const t0 = performance.now();
        try {
          const res = await target.pool.request({
            method: 'POST',
            path: target.path,
            headers: target.headers,
            body: target.body,
            headersTimeout: 5_000,
          });
          await res.body.text();
          if (res.statusCode !== 200) failures++;
        } catch {
          failures++;
        }
        latencies.push(performance.now() - t0);
      })(),
    );
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  return { rate, p50: pct(50), p99: pct(99), failures };
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); NaN elsewhere. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, 11 and 12 after the command name; in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

interface Measured {
  best: number;
  steps: Step[];
  /** The instances' CPU time per ack over every step: what one ack costs whatever else runs. */
  cpuMsPerAck: number;
}

async function measure(label: string, instances: number, cpuList?: string): Promise<Measured> {
  const apps = await Promise.all(
    Array.from({ length: instances }, (_, n) =>
      startAppProcess(`bench-${n + 1}`, env, 60_000, cpuList ? { cpus: cpuList } : {}),
    ),
  );
  const targets = apps.map(signedHelp);
  // Warm-up: JIT, connections, Bolt's first-request work.
  await runStep(targets, 20);
  const cpuBefore = apps.reduce((sum, app) => sum + cpuMs(app.child.pid), 0);
  let acks = 0;
  const steps: Step[] = [];
  let best = 0;
  console.log(`  ${label}: load average ${loadavg()[0]!.toFixed(2)} on ${CORES} cores at the start`);
  rates: for (const rate of RATES) {
    // A step that misses is run once more: on a shared machine one stall of another process can
    // push a p99 over alone. A rate that misses twice ends the climb.
    for (let attempt = 1; attempt <= 2; attempt++) {
      const step = await runStep(targets, rate);
      acks += rate * STEP_SECONDS;
      steps.push(step);
      console.log(
        `  ${label} at ${rate}/s${attempt > 1 ? ' (again)' : ''}: p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, failures ${step.failures}`,
      );
      // Let queues drain between steps.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      if (step.p99 <= P99_TARGET_MS && step.failures === 0) {
        best = rate;
        continue rates;
      }
    }
    break;
  }
  const cpuMsPerAck = (apps.reduce((sum, app) => sum + cpuMs(app.child.pid), 0) - cpuBefore) / acks;
  for (const target of targets) await target.pool.close();
  for (const app of apps) app.kill('SIGTERM');
  await Promise.all(apps.map((app) => app.exited));
  return { best, steps, cpuMsPerAck };
}

console.log(
  `multi-instance ack bench: /task help, ${STEP_SECONDS} s per step, ${CORES} cores, load average before ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const onePinned = await measure('1 instance on core 0', 1, '0');
const oneFree = await measure('1 instance, any core', 1);
const three = await measure(`3 instances on ${CORES} cores`, 3);
const ratio = onePinned.best > 0 ? three.best / onePinned.best : Number.NaN;
const ratioFree = oneFree.best > 0 ? three.best / oneFree.best : Number.NaN;
console.log(`acks/s at p99 <= ${P99_TARGET_MS} ms:`);
console.log(`  1 instance pinned to 1 core:   ${onePinned.best}/s`);
console.log(`  1 instance, any core:          ${oneFree.best}/s`);
console.log(`  3 instances on ${CORES} cores:        ${three.best}/s`);
console.log(
  `  ratio 3 instances : 1 instance on 1 core = ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? 'PASS' : 'FAIL'}`,
);
console.log(`  ratio 3 instances : 1 instance, any core = ${ratioFree.toFixed(2)}`);
console.log(`  scaling per core used: ${(ratio / Math.min(3, CORES)).toFixed(2)} of ideal`);
const perAck = [onePinned, oneFree, three].map((m) => m.cpuMsPerAck);
console.log(
  `CPU per ack (the instances' user + system time / acks sent; independent of other load): ${perAck
    .map((ms) => `${ms.toFixed(2)} ms`)
    .join(', ')} (pinned, free, 3 instances)`,
);
const perCore = 1000 / perAck[0]!;
console.log(
  `  so one core carries at most ~${perCore.toFixed(0)} acks/s of CPU; ${CORES} cores at most ~${(perCore * CORES).toFixed(0)}/s for any number of instances`,
);
if (three.best < oneFree.best) {
  console.log(
    `  3 instances carry less than 1 here: an ack costs ${perAck[2]!.toFixed(2)} ms of CPU across 3 processes against ${perAck[1]!.toFixed(2)} ms in one (three JITs and heaps, each warmed by a third of the load; three processes' own timers and GC), and ${CORES} cores are time-shared by 3 event loops and the load generator, so a request waits for a core and the p99 passes ${P99_TARGET_MS} ms first.`,
  );
}
if (loadavg()[0]! > CORES) {
  console.log(
    `  NOTE: load average ${loadavg()[0]!.toFixed(2)} > ${CORES} cores: other work shared the machine, so the p99 figures above are lower than an idle machine gives; the CPU per ack is not affected.`,
  );
}
if (ratio < TARGET_RATIO && CORES < 3) {
  console.log(
    `  WHY: ${CORES} cores. Three instances can use at most ${CORES} cores, so they carry at most ${CORES} x what one core carries (${CORES}.0 < ${TARGET_RATIO}) even if nothing else ran; here the load generator, Redis, the emulator and the sandbox share those cores too. The 2.5x figure needs at least 3 free cores (one per instance) plus room for the load.`,
  );
}
console.log(
  `  load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log('rerun: npx node bench/multi-instance-ack.ts [seconds-per-step]');
await emulator.close();
await sandbox.close();
await redis.stop();
