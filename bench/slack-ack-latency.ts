/**
 * Acknowledgement latency of the Slack app under load, and the service calls one `/task mine`
 * costs on a warm cache.
 *
 *   npx node bench/slack-ack-latency.ts            (2,000 commands at 50/s; about 45 s)
 *   npx node bench/slack-ack-latency.ts 500 50     (count, per second)
 *
 * One app instance in HTTP mode, the Slack emulator, and the sandbox answering every request in
 * 800 ms. Each command is a real signed HTTP request; latency is until the app's HTTP answer (the
 * ack Slack waits 3 s for). Work after the ack goes on in the background and is counted separately.
 */
import { performance } from 'node:perf_hooks';
import { Agent, type Dispatcher } from 'undici';
import { createTaskbridgeApp } from '../src/create-app.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createSandbox } from '../src/sandbox/index.ts';
import { createSlackEmulator } from '../src/slack-emulator/index.ts';
import { createSlackSigner } from '../src/slack-emulator/signer.ts';
import { openStore } from '../src/store/open-store.ts';

const COUNT = Number(process.argv[2] ?? 2000);
const PER_SECOND = Number(process.argv[3] ?? 50);
const API_LATENCY_MS = 800;

let serviceRequests = 0;
const counting: Dispatcher = new Agent({ connections: 64 }).compose((dispatch) => (opts, handler) => {
  serviceRequests++;
  return dispatch(opts, handler);
});

const sandbox = await createSandbox({ port: 0, rateLimits: false, faults: { latencyMs: API_LATENCY_MS } });
const emulator = await createSlackEmulator({ port: 0 });
const store = await openStore('sqlite::memory:');
const signingSecret = 'bench-signing-secret';
const app = createTaskbridgeApp({
  slack: { kind: 'http', botToken: emulator.botToken, signingSecret },
  slackApiUrl: emulator.url,
  store,
  encryptionKey: 'cd'.repeat(32),
  workApiFallback: { baseUrl: sandbox.url, token: sandbox.token },
  workApiClientOptions: { dispatcher: counting, maxWaitMs: 2_000 },
  port: 0,
  logger: createLogger({ level: 'silent' }),
});
const { eventsUrl } = await app.start();
const signer = createSlackSigner({ appUrl: eventsUrl!, signingSecret, emulator });
await app.deps.userLinks.link('T0001', 'U0ANA', { memberId: 1, memberName: 'Ana Silva' });

// Warm cache: the profile, the link and the client's caches are filled by a first command.
await signer.command('/task mine');
await emulator.waitForCall('response_url', undefined, 10_000);
const warmRuns = 10;
serviceRequests = 0;
for (let i = 0; i < warmRuns; i++) {
  emulator.clearCalls();
  await signer.command('/task mine');
  await emulator.waitForCall('response_url', undefined, 10_000);
}
const perMine = serviceRequests / warmRuns;

// Load: COUNT signed commands at PER_SECOND, latency to the HTTP answer.
emulator.clearCalls();
const latencies: number[] = [];
let failures = 0;
const started = performance.now();
const inFlight: Promise<void>[] = [];
for (let i = 0; i < COUNT; i++) {
  const due = started + (i * 1000) / PER_SECOND;
  const wait = due - performance.now();
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
const replies = emulator.calls('response_url');
const busy = replies.filter((c) => JSON.stringify(c.args).includes('busy')).length;

latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
const rssMb = (process.memoryUsage().rss / 1024 / 1024).toFixed(0);
console.log(
  `ack latency, ${COUNT} signed /task mine at ${PER_SECOND}/s, service answering in ${API_LATENCY_MS} ms`,
);
console.log(
  `  p50 ${pct(50)} ms   p99 ${pct(99)} ms   max ${latencies.at(-1)!.toFixed(1)} ms   (target p99 <= 100 ms)`,
);
console.log(`  non-200 answers: ${failures}; sent over ${sendSeconds.toFixed(1)} s; RSS ${rssMb} MB`);
console.log(
  `  replies after the ack within 3 s of the last command: ${replies.length} (${busy} told the service budget was spent)`,
);
console.log(`service requests per /task mine on a warm cache: ${perMine.toFixed(2)} (target <= 2)`);
console.log('rerun: npx node bench/slack-ack-latency.ts [count] [per-second]');
await app.stop();
await emulator.close();
await sandbox.close();
await store.close();
await counting.close();
