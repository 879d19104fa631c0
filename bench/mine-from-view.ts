/**
 * `/task mine` at 50 a second for 10 s, as deployed: the app in its own process with `npm start`'s
 * Node flags, the service's real limit of 60 general requests a minute, logger at info, the file
 * store. Per app: service requests per command (counted by a recording proxy in front of the
 * sandbox), ack p50/p99, and how many commands were answered with the list, told the service is
 * busy, or not answered. Before and after in one run: `--before <checkout>` runs another checkout
 * (e.g. `git archive main | tar -x -C /tmp/before` with node_modules linked) first, on a fresh
 * sandbox of its own.
 *
 *   npx node bench/mine-from-view.ts
 *   npx node bench/mine-from-view.ts --before /tmp/before [--rate 50 --seconds 10]
 *
 * Four linked people take turns; each asks once before the load (the connection's task view is
 * read then, by the app whose code does so), and the load starts 3 s later. Webhooks are off, so
 * the view is fresh within the polling bound (5 min): the 10 s run is inside it.
 * Target (issue 27): 0 service requests per command from a warm view; every command answered.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createSandbox } from '../src/sandbox/index.ts';
import { createSlackEmulator } from '../src/slack-emulator/index.ts';
import { createSlackSigner } from '../src/slack-emulator/signer.ts';
import { openStore } from '../src/store/open-store.ts';
import { createUserLinks } from '../src/store/repositories/user-links.ts';
import { startRecordingProxy } from '../test/support/recording-proxy.ts';
import { startDeployedApp } from './support/deployed-app-env.ts';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    before: { type: 'string' },
  },
});
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const SIGNING_SECRET = 'bench-mine-from-view-secret';
const ENCRYPTION_KEY = 'be'.repeat(32);
const TEAM = 'T0001';
const PEOPLE = [
  ['U0ANA', 1, 'ana'],
  ['U0BEN', 2, 'ben'],
  ['U0CHLOE', 3, 'chloe'],
  ['U0DEV', 4, 'dev'],
] as const;

interface Figures {
  name: string;
  commands: number;
  requests: number;
  p50: number;
  p99: number;
  listed: number;
  busy: number;
  unanswered: number;
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(name: string, entry?: string): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-mine-view-'));
  const sandbox = await createSandbox({
    port: 0,
    seed: 'demo',
    rateLimits: { general: 60, search: 30, upload: 10 },
  });
  const proxy = await startRecordingProxy(sandbox.url);
  const emulator = await createSlackEmulator({ port: 0 });
  const storeUrl = `sqlite:${join(dir, 'app.db')}`;
  const store = await openStore(storeUrl);
  const links = createUserLinks(store);
  for (const [userId, memberId, who] of PEOPLE) {
    await links.link(TEAM, userId, {
      memberId,
      memberName: who,
      email: `${who}@example.com`,
      proof: 'email',
    });
  }
  await store.close();
  const app = await startDeployedApp(
    name,
    {
      emulator,
      signingSecret: SIGNING_SECRET,
      serviceUrl: proxy.url,
      serviceToken: sandbox.token,
      storeUrl,
      encryptionKey: ENCRYPTION_KEY,
    },
    entry ? { entry } : {},
  );
  const signer = createSlackSigner({ appUrl: app.eventsUrl, signingSecret: SIGNING_SECRET, emulator });
  try {
    for (const [userId] of PEOPLE) await signer.command('/task mine', { user: userId });
    await new Promise((r) => setTimeout(r, 3_000));
    const seenRequests = proxy.requests.length;
    const seenReplies = emulator.calls('response_url').length;
    const acks: number[] = [];
    const bodies: string[] = [];
    const sent: Promise<void>[] = [];
    const total = RATE * SECONDS;
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const t0 = performance.now();
      sent.push(
        signer.command('/task mine', { user: PEOPLE[i % PEOPLE.length]![0] }).then(
          (answer) => {
            acks.push(performance.now() - t0);
            bodies.push(answer.text);
          },
          () => {
            acks.push(Number.POSITIVE_INFINITY);
            bodies.push('');
          },
        ),
      );
    }
    await Promise.all(sent);
    // Replies after the ack (a busy note's follow-up, an answer past the ack's hold).
    await new Promise((r) => setTimeout(r, 5_000));
    const requests = proxy.requests.length - seenRequests;
    const later = emulator
      .calls('response_url')
      .slice(seenReplies)
      .filter((c) => c.via !== 'ack')
      .map((c) => JSON.stringify(c.args));
    const inAck = bodies.filter((b) => b.includes('Your tasks')).length;
    const lateLists = later.filter(
      (t) => t.includes('Your tasks') && !t.includes('"replace_original":true'),
    ).length;
    const busy =
      bodies.filter((b) => /busy/i.test(b)).length +
      later.filter((t) => /busy/i.test(t) && !t.includes('Your tasks')).length;
    const listed = inAck + lateLists;
    const sorted = acks.sort((a, b) => a - b);
    return {
      name,
      commands: total,
      requests,
      p50: pct(sorted, 50),
      p99: pct(sorted, 99),
      listed,
      busy,
      unanswered: Math.max(0, total - listed - busy),
    };
  } finally {
    app.kill('SIGTERM');
    await app.exited;
    await emulator.close();
    await proxy.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: Figures[] = [];
if (values.before) {
  results.push(await run('before', resolve(values.before, 'src/main.ts')));
}
results.push(await run(values.before ? 'after' : 'taskbridge'));

console.log(`/task mine at ${RATE}/s for ${SECONDS} s, as deployed (limit 60/min, logger info, file store)`);
console.log('app         commands  requests  req/cmd  ack p50 ms  ack p99 ms  listed  busy  unanswered');
for (const r of results) {
  console.log(
    [
      r.name.padEnd(10),
      String(r.commands).padStart(8),
      String(r.requests).padStart(9),
      (r.requests / r.commands).toFixed(2).padStart(8),
      r.p50.toFixed(1).padStart(11),
      r.p99.toFixed(1).padStart(11),
      String(r.listed).padStart(7),
      String(r.busy).padStart(5),
      String(r.unanswered).padStart(11),
    ].join(' '),
  );
}
console.log('target: 0 requests per command from a warm view; every command answered with the list');
console.log(
  `rerun: npx node bench/mine-from-view.ts${values.before ? ` --before ${values.before}` : ''} --rate ${RATE} --seconds ${SECONDS}`,
);
