/**
 * Acknowledgement latency of the Slack app under load, and the service calls one `/task mine`
 * costs on a warm cache.
 *
 *   npx node bench/slack-ack-latency.ts            (2,000 commands at 50/s; about 45 s)
 *   npx node bench/slack-ack-latency.ts 500 50     (count, per second)
 *
 * One app instance in HTTP mode, in its own process (bench/support/ack-app-process.ts); this
 * process runs the Slack emulator, the sandbox (answering every request in 800 ms) and the load:
 * real signed HTTP requests, timed until the app's HTTP answer (the ack Slack waits 3 s for).
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createSandbox } from '../src/sandbox/index.ts';
import { createSlackEmulator } from '../src/slack-emulator/index.ts';
import { createSlackSigner } from '../src/slack-emulator/signer.ts';

const COUNT = Number(process.argv[2] ?? 2000);
const PER_SECOND = Number(process.argv[3] ?? 50);
const API_LATENCY_MS = 800;
const signingSecret = 'bench-signing-secret';

const sandbox = await createSandbox({ port: 0, rateLimits: false, faults: { latencyMs: API_LATENCY_MS } });
const emulator = await createSlackEmulator({ port: 0 });
const child = fork(new URL('./support/ack-app-process.ts', import.meta.url), [
  JSON.stringify({
    slackApiUrl: emulator.url,
    botToken: emulator.botToken,
    signingSecret,
    workApiUrl: sandbox.url,
    workApiToken: sandbox.token,
    maxWaitMs: 2_000,
  }),
]);
const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
const { eventsUrl } = await next<{ eventsUrl: string }>();
const stats = async () => {
  child.send('stats');
  return next<{ rssMb: number; serviceRequests: number }>();
};
const signer = createSlackSigner({ appUrl: eventsUrl, signingSecret, emulator });

// Warm cache: the profile, the link and the client's caches are filled by a first command.
await signer.command('/task mine');
await emulator.waitForCall('response_url', undefined, 10_000);
const warmRuns = 10;
const before = (await stats()).serviceRequests;
for (let i = 0; i < warmRuns; i++) {
  emulator.clearCalls();
  await signer.command('/task mine');
  await emulator.waitForCall('response_url', undefined, 10_000);
}
const perMine = ((await stats()).serviceRequests - before) / warmRuns;

emulator.clearCalls();
const latencies: number[] = [];
let failures = 0;
const started = performance.now();
const inFlight: Promise<void>[] = [];
for (let i = 0; i < COUNT; i++) {
  const wait = started + (i * 1000) / PER_SECOND - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  inFlight.push(
    (async () => {
      const t0 = performance.now();
      const res = await signer.command('/task mine');
      latencies.push(performance.now() - t0);
      if (res.status !== 200) failures++;
    })(),
  );
}
await Promise.all(inFlight);
const sendSeconds = (performance.now() - started) / 1000;
await new Promise((r) => setTimeout(r, 3_000));
const { rssMb } = await stats();
const replies = emulator.calls('response_url');
const busy = replies.filter((c) => JSON.stringify(c.args).includes('busy')).length;

latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
console.log(
  `ack latency, ${COUNT} signed /task mine at ${PER_SECOND}/s, service answering in ${API_LATENCY_MS} ms`,
);
console.log(
  `  p50 ${pct(50)} ms   p99 ${pct(99)} ms   max ${latencies.at(-1)!.toFixed(1)} ms   (target p99 <= 100 ms)`,
);
console.log(
  `  non-200 answers: ${failures}; sent over ${sendSeconds.toFixed(1)} s; app RSS ${rssMb.toFixed(0)} MB`,
);
console.log(
  `  replies after the ack within 3 s of the last command: ${replies.length} (${busy} told the service budget of 60/min was spent)`,
);
console.log(`service requests per /task mine on a warm cache: ${perMine.toFixed(2)} (target <= 2)`);
console.log('rerun: npx node bench/slack-ack-latency.ts [count] [per-second]');
child.send('stop');
await emulator.close();
await sandbox.close();
