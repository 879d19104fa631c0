/**
 * The ack ladder: slash commands at 50, 100, 200, 400, 600 and 800 a second, 20 s each, sent to
 * Taskbridge and to a bare Bolt app that only acks, measured in one run, one app at a time.
 *
 *   npx node bench/ack-ladder.ts                       (about 5 min)
 *   npx node bench/ack-ladder.ts --seconds 5 --rates 200,600
 *   ... --text mine --vary   (another /task text, each from its own channel; default "help",
 *                             answered in the ack itself)
 *   ... --spent              (Taskbridge's client keeps the service's 60 a minute and waits for
 *                             none of it: past the minute's first 60, every command is told at
 *                             once that the budget is spent and when to try again, no service call)
 *   ... --oauth              (Taskbridge in OAuth mode, the workspace installed: the gate and
 *                             Bolt's authorize both need its installation; target one read
 *                             of it from the store per command)
 *   ... --rounds 4           (the whole ladder four times over, the apps taking turns in each round,
 *                             so that a busy moment on the shared cores falls on every app alike;
 *                             figures are over all rounds)
 *   ... --before <checkout>  (beside them, Taskbridge as another checkout has it, e.g. a git
 *                             worktree at an earlier commit with its own node_modules, started the
 *                             same way and taking its turn in each round: before and after in one run)
 *
 * With --vary a third app runs beside them: bare Bolt doing a full command's least work by hand
 * (one bare undici GET of the person's tasks from the sandbox, the reply in the ack). The CPU
 * target compares Taskbridge with bare Bolt doing the same I/O, counted from Taskbridge's own
 * service requests: a command that made none (help, a spent budget) with the bare ack, one that
 * made one per command with Bolt+work; the other ratios are printed beside it. Taskbridge's ack
 * carries its reply when the reply is ready within the ack's hold, so with --text mine its ack
 * latency includes the service's answer.
 *
 * Each app runs in its own process (bench/support/ack-app-process.ts with `npm start`'s Node flags,
 * bare-bolt-process.ts with Node's defaults) and
 * reports its CPU time and its event loop's delay (monitorEventLoopDelay, reset before each step).
 * This process runs the Slack emulator, the sandbox and the load: one signed body per app (valid
 * five minutes, re-signed per step) sent at a fixed rate over keep-alive connections. Per step:
 * p50/p99 ack, errors (non-200 or no answer in 3 s), event-loop delay max/p99, CPU ms per command.
 * The knee is the last rate up to which every step held p99 <= 100 ms with no errors.
 * Target: Taskbridge's loop never stalls over 100 ms at 600/s; its CPU per command <= 1.5 x bare
 * Bolt's doing the same I/O.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { createSandbox } from '../src/sandbox/index.ts';
import { createSlackEmulator } from '../src/slack-emulator/index.ts';
import { APP_NODE_ENV } from '../test/support/app-node-flags.ts';
import { BENCH_APP_FLAGS, benchAppFlagsLabel } from './support/bench-app-flags.ts';
import type { ProcessStats } from './support/process-stats.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    rates: { type: 'string', default: '50,100,200,400,600,800' },
    text: { type: 'string', default: 'help' },
    vary: { type: 'boolean', default: false },
    oauth: { type: 'boolean', default: false },
    spent: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
    before: { type: 'string' },
  },
});
const ROUNDS = Math.max(1, Number(values.rounds));
const SECONDS = Number(values.seconds);
const RATES = values.rates.split(',').map(Number);
const P99_TARGET_MS = 100;
const STALL_TARGET_MS = 100;
const CPU_RATIO_TARGET = 1.5;
const signingSecret = 'bench-ladder-secret';

const sandbox = await createSandbox({ port: 0, rateLimits: false });
const emulator = await createSlackEmulator({ port: 0 });

interface AppUnderTest {
  name: string;
  child: ChildProcess;
  eventsUrl: string;
  pool: Pool;
}

async function startApp(
  name: string,
  script: string | URL,
  settings: object,
  flags: string[] = [],
  env: Record<string, string> = {},
): Promise<AppUnderTest> {
  // BENCH_CPU_PROF=<dir>: each app writes a V8 CPU profile there when it stops (for --cpu-prof reading).
  const profile = process.env.BENCH_CPU_PROF;
  const execArgv = [
    ...process.execArgv,
    ...flags,
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
  ];
  const child = fork(
    script instanceof URL ? script : new URL(script, import.meta.url),
    [JSON.stringify(settings)],
    {
      execArgv,
      env: { ...process.env, ...env },
    },
  );
  const { eventsUrl } = await message<{ eventsUrl: string }>(child);
  const pool = new Pool(new URL(eventsUrl).origin, { connections: 128, pipelining: 1 });
  return { name, child, eventsUrl, pool };
}

function message<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve) => child.once('message', (m) => resolve(m as T)));
}

async function ask(app: AppUnderTest, what: 'stats' | 'reset'): Promise<ProcessStats> {
  app.child.send(what);
  return message<ProcessStats>(app.child);
}

/**
 * One signed command. With `channel` (--vary), each command comes from its own channel with a
 * response_url the emulator honours, so none is a repeat of one still running and its reply lands.
 */
function signed(text: string, channel?: string) {
  const body = new URLSearchParams({
    token: 'unused',
    team_id: 'T0001',
    team_domain: 'acme',
    channel_id: channel ?? 'C0GENERAL',
    channel_name: channel ?? 'general',
    user_id: 'U0ANA',
    user_name: 'ana',
    command: '/task',
    text,
    api_app_id: 'A0TASKBRIDGE',
    response_url: channel
      ? emulator.responseUrl({ teamId: 'T0001', channelId: channel, userId: 'U0ANA' })
      : `${emulator.url.replace(/\/api\/?$/, '')}/unused-response-url`,
    trigger_id: '1.2.unused',
  }).toString();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return {
    body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': signature,
    },
  };
}

let serial = 0;

interface Step {
  rate: number;
  sent: number;
  p50: number;
  p99: number;
  errors: number;
  loopMaxMs: number;
  loopP99Ms: number;
  cpuMsPerCommand: number;
  /** Taskbridge's reads of installations from its store per command (OAuth mode). */
  installationReadsPerCommand: number;
  /** Taskbridge's requests to the service per command. */
  serviceRequestsPerCommand: number;
}

type AppStats = ProcessStats & { installationReads?: number; serviceRequests?: number };

async function runStep(app: AppUnderTest, rate: number): Promise<Step> {
  const path = new URL(app.eventsUrl).pathname;
  const fixed = signed(values.text);
  await ask(app, 'reset');
  const before = (await ask(app, 'stats')) as AppStats;
  const cpuBefore = before.cpuMicros;
  const total = rate * SECONDS;
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
    for (; sent < due; sent++) {
      const { body, headers } = values.vary ? signed(values.text, `C0L${(serial++).toString(36)}`) : fixed;
      const t0 = performance.now();
      inFlight.push(
        app.pool
          .request({ method: 'POST', path, body, headers, headersTimeout: 3_000, bodyTimeout: 3_000 })
          .then(async (res) => {
            await res.body.dump();
            latencies.push(performance.now() - t0);
            if (res.statusCode !== 200) errors++;
          })
          .catch(() => {
            errors++;
          }),
      );
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(inFlight);
  const after = (await ask(app, 'stats')) as AppStats;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN;
  return {
    rate,
    sent,
    p50: pct(50),
    p99: pct(99),
    errors,
    loopMaxMs: after.loopMaxMs,
    loopP99Ms: after.loopP99Ms,
    cpuMsPerCommand: (after.cpuMicros - cpuBefore) / 1000 / sent,
    installationReadsPerCommand: ((after.installationReads ?? 0) - (before.installationReads ?? 0)) / sent,
    serviceRequestsPerCommand: ((after.serviceRequests ?? 0) - (before.serviceRequests ?? 0)) / sent,
  };
}

const taskbridgeSettings = {
  slackApiUrl: emulator.url,
  botToken: emulator.botToken,
  signingSecret,
  workApiUrl: sandbox.url,
  workApiToken: sandbox.token,
  // --spent: the client's own 60 a minute and no wait for it, so once the minute's budget is
  // used every command is answered at once that it is spent (the path the first measure took).
  ...(values.spent ? { maxWaitMs: 0 } : { unlimited: true }),
  ...(values.oauth
    ? {
        oauth: {
          botId: emulator.team().botId,
          botUserId: emulator.team().botUserId,
          appId: emulator.team().appId,
        },
      }
    : {}),
};
const taskbridge = await startApp(
  'Taskbridge',
  './support/ack-app-process.ts',
  taskbridgeSettings,
  BENCH_APP_FLAGS,
  APP_NODE_ENV,
);
// --before: the same app from another checkout, its own code and node_modules, the same settings.
const before = values.before
  ? await startApp(
      'before',
      pathToFileURL(resolve(values.before, 'bench/support/ack-app-process.ts')),
      taskbridgeSettings,
      BENCH_APP_FLAGS,
      APP_NODE_ENV,
    )
  : undefined;
const bolt = await startApp('bare Bolt', './support/bare-bolt-process.ts', {
  slackApiUrl: emulator.url,
  botToken: emulator.botToken,
  signingSecret,
});
// The fair baseline for a full command (see the header); only where replies land (--vary).
const boltWork = values.vary
  ? await startApp('Bolt+work', './support/bare-bolt-process.ts', {
      slackApiUrl: emulator.url,
      botToken: emulator.botToken,
      signingSecret,
      work: { workApiUrl: sandbox.url, workApiToken: sandbox.token },
    })
  : undefined;
const apps = [taskbridge, ...(before ? [before] : []), bolt, ...(boltWork ? [boltWork] : [])];
// Warm-up: JIT and connections, not counted.
for (const app of apps) await runStep(app, 50);

const results = new Map<AppUnderTest, Step[]>(apps.map((a) => [a, []]));
console.log(
  `ack ladder: /task ${values.text}${values.vary ? ' (one channel each)' : ''}${values.oauth ? ', Taskbridge in OAuth mode' : ''}${values.spent ? ', Taskbridge with its rate budget spent (answers "try again in…" at once)' : ''}, ${SECONDS} s per step, rates ${RATES.join(', ')}/s${ROUNDS > 1 ? `, ${ROUNDS} rounds` : ''}${before ? `, before = ${values.before}` : ''}; Taskbridge with ${benchAppFlagsLabel}`,
);
for (let round = 0; round < ROUNDS; round++)
  for (const rate of RATES) {
    for (const app of apps) {
      const step = await runStep(app, rate);
      results.get(app)!.push(step);
      console.log(
        `  ${app.name.padEnd(10)} ${String(rate).padStart(4)}/s  ack p50 ${step.p50.toFixed(1).padStart(6)} ms  p99 ${step.p99.toFixed(1).padStart(7)} ms  errors ${String(step.errors).padStart(4)}  loop delay max ${step.loopMaxMs.toFixed(1).padStart(7)} ms p99 ${step.loopP99Ms.toFixed(1).padStart(6)} ms  CPU ${step.cpuMsPerCommand.toFixed(3)} ms/command  (load ${loadavg()[0]!.toFixed(2)})`,
      );
    }
  }

/** The last rate up to which every step, in every round, held. */
const knee = (steps: Step[]) => {
  let held = 0;
  for (const rate of RATES) {
    const at = steps.filter((s) => s.rate === rate);
    if (at.some((s) => s.p99 > P99_TARGET_MS || s.errors > 0)) break;
    held = rate;
  }
  return held;
};
const cpuOf = (steps: Step[]) => {
  // CPU per command over every step, weighted by commands sent.
  const sent = steps.reduce((n, s) => n + s.sent, 0);
  return steps.reduce((ms, s) => ms + s.cpuMsPerCommand * s.sent, 0) / sent;
};
const tb = results.get(taskbridge)!;
const bb = results.get(bolt)!;
const bw = boltWork ? results.get(boltWork)! : undefined;
console.log(
  `knee (p99 <= ${P99_TARGET_MS} ms, no errors): Taskbridge ${knee(tb)}/s, bare Bolt ${knee(bb)}/s${bw ? `, Bolt+work ${knee(bw)}/s` : ''}`,
);
const tbBefore = before ? results.get(before)! : undefined;
if (tbBefore) {
  console.log(
    `before and after, one run: before ${cpuOf(tbBefore).toFixed(3)} ms, now ${cpuOf(tb).toFixed(3)} ms per command (${(100 * (cpuOf(tb) / cpuOf(tbBefore) - 1)).toFixed(1)} %); before / bare Bolt ${(cpuOf(tbBefore) / cpuOf(bb)).toFixed(2)}`,
  );
}
// The target compares Taskbridge with bare Bolt doing the same I/O: a command that made no service
// request (help, or a spent budget) with a bare ack; one that made one request per command with
// Bolt+work, which makes that request by hand. Counted, not assumed.
const sentBy = (steps: Step[]) => steps.reduce((n, s) => n + s.sent, 0);
const serviceCalls = tb.reduce((n, s) => n + s.serviceRequestsPerCommand * s.sent, 0) / sentBy(tb);
const callsService = serviceCalls >= 0.5;
const ratio = cpuOf(tb) / cpuOf(bb);
if (!callsService || !bw) {
  console.log(
    `CPU per command: Taskbridge ${cpuOf(tb).toFixed(3)} ms (service requests per command ${serviceCalls.toFixed(2)}), bare Bolt ack ${cpuOf(bb).toFixed(3)} ms, ratio ${ratio.toFixed(2)}   ${ratio <= CPU_RATIO_TARGET ? 'PASS' : 'FAIL'} (target <= ${CPU_RATIO_TARGET} x a bare Bolt ack)`,
  );
  if (callsService)
    console.log(
      '  Taskbridge called the service: add --vary for the baseline that makes the same call (Bolt+work)',
    );
} else {
  const fair = cpuOf(tb) / cpuOf(bw);
  console.log(
    `CPU per command: Taskbridge ${cpuOf(tb).toFixed(3)} ms (service requests per command ${serviceCalls.toFixed(2)}), Bolt+work ${cpuOf(bw).toFixed(3)} ms (one bare undici GET of the same tasks, the reply in the ack), ratio ${fair.toFixed(2)}   ${fair <= CPU_RATIO_TARGET ? 'PASS' : 'FAIL'} (target <= ${CPU_RATIO_TARGET} x bare Bolt doing the same service call)`,
  );
  console.log(
    `  beside a bare Bolt ack that calls nothing (${cpuOf(bb).toFixed(3)} ms): Taskbridge ${ratio.toFixed(2)} x, Bolt+work itself ${(cpuOf(bw) / cpuOf(bb)).toFixed(2)} x`,
  );
}
if (values.oauth) {
  const readsPerCommand = tb.reduce((r, s) => r + s.installationReadsPerCommand * s.sent, 0) / sentBy(tb);
  console.log(
    `OAuth mode: installation reads from the store per command ${readsPerCommand.toFixed(2)}   ${readsPerCommand <= 1 ? 'PASS' : 'FAIL'} (target <= 1: the gate and authorize share one read)`,
  );
}
// The worst of every round's step at 600/s.
const at600 = tb
  .filter((s) => s.rate === 600)
  .reduce<Step | undefined>((worst, s) => (worst && worst.loopMaxMs >= s.loopMaxMs ? worst : s), undefined);
if (at600)
  console.log(
    `Taskbridge event-loop delay max at 600/s: ${at600.loopMaxMs.toFixed(1)} ms   ${at600.loopMaxMs <= STALL_TARGET_MS ? 'PASS' : 'FAIL'} (target <= ${STALL_TARGET_MS} ms)`,
  );
else console.log('Taskbridge event-loop delay at 600/s: not measured (600 not among the rates)');
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (2 cores shared)`,
);
console.log(
  `rerun: ${process.env.BENCH_APP_FLAGS === undefined ? '' : `BENCH_APP_FLAGS="${process.env.BENCH_APP_FLAGS}" `}npx node bench/ack-ladder.ts --seconds ${SECONDS} --rates ${RATES.join(',')} --text ${values.text}${values.vary ? ' --vary' : ''}${values.oauth ? ' --oauth' : ''}${values.spent ? ' --spent' : ''}${ROUNDS > 1 ? ` --rounds ${ROUNDS}` : ''}${values.before ? ` --before ${values.before}` : ''}`,
);
// Each app finishes its replies and exits before the emulator and the sandbox close under it.
for (const app of apps) {
  const exited = new Promise((resolve) => app.child.once('exit', resolve));
  app.child.send('stop');
  await exited;
  await app.pool.close();
}
await emulator.close();
await sandbox.close();
