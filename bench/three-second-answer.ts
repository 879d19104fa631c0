/**
 * Every person hears back within three seconds while the service is the bottleneck: 2 `/task show`
 * commands a second, each needing the service, against the sandbox's real limit of 60 requests a
 * minute. For each command: the time from sending it to the first reply the person sees (the
 * service's answer, a "busy" note, or a refusal with the wait), and to its finished answer (the card,
 * or the refusal). Lost: a command with no finished answer by the end.
 *
 *   npx node bench/three-second-answer.ts                  (five minutes of load, then the stragglers)
 *   npx node bench/three-second-answer.ts --seconds 30     (a shorter run)
 *
 * The app runs in its own process (bench/support/ack-app-process.ts) with its own wait budgets;
 * this process runs the Slack emulator, the sandbox and the load: real signed HTTP requests.
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createSandbox } from '../src/sandbox/index.ts';
import { WAIT_BUDGETS } from '../src/slack/kit/wait-budgets.ts';
import { createSlackEmulator } from '../src/slack-emulator/index.ts';
import type { RecordedCall } from '../src/slack-emulator/model.ts';
import { createSlackSigner } from '../src/slack-emulator/signer.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '300' }, rate: { type: 'string', default: '2' } },
});
const SECONDS = Number(values.seconds);
const PER_SECOND = Number(values.rate);
const TARGET_FIRST_WORD_MS = 3_000;
const signingSecret = 'bench-signing-secret';
const PEOPLE = [
  { userId: 'U0ANA', memberId: 1, memberName: 'Ana Silva', email: 'ana@example.com' },
  { userId: 'U0BEN', memberId: 2, memberName: 'Ben Okafor', email: 'ben@example.com' },
  { userId: 'U0CHLOE', memberId: 3, memberName: 'Chloe Martin', email: 'chloe@example.com' },
  { userId: 'U0DEV', memberId: 4, memberName: 'Dev Patel', email: 'dev@example.com' },
];

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const loadBefore = load();
// The service's own limit: 60 general requests a minute per token.
const sandbox = await createSandbox({ port: 0 });
const emulator = await createSlackEmulator({ port: 0 });
const child = fork(new URL('./support/ack-app-process.ts', import.meta.url), [
  JSON.stringify({
    slackApiUrl: emulator.url,
    botToken: emulator.botToken,
    signingSecret,
    workApiUrl: sandbox.url,
    workApiToken: sandbox.token,
    links: PEOPLE,
  }),
]);
const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
const { eventsUrl } = await next<{ eventsUrl: string }>();
const signer = createSlackSigner({ appUrl: eventsUrl, signingSecret, emulator });

// Task ids to show: every seeded task, so the same person rarely repeats one command while it waits.
const listed = await fetch(`${sandbox.url}/tasks?per_page=100`, {
  headers: { authorization: `Bearer ${sandbox.token}` },
});
const taskIds = ((await listed.json()) as { data: Array<{ id: number }> }).data.map((t) => t.id);

interface Sent {
  at: number;
  urlId: string;
}
const sent: Sent[] = [];
const urlIdOf = (responseUrl: unknown) => String(responseUrl).split('/').pop() ?? '';
const isBusy = (c: RecordedCall) => String(c.args.text ?? '').includes('The service is busy;');
const isRefusal = (c: RecordedCall) => /try again in about/.test(String(c.args.text ?? ''));

// Times are by the system clock, which the emulator stamps its calls with.
const started = performance.now();
const total = Math.round(SECONDS * PER_SECOND);
const posting: Promise<void>[] = [];
let ackFailures = 0;
for (let i = 0; i < total; i++) {
  const wait = started + (i * 1000) / PER_SECOND - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const person = PEOPLE[i % PEOPLE.length]!;
  const taskId = taskIds[Math.floor(i / PEOPLE.length) % taskIds.length]!;
  const at = Date.now();
  posting.push(
    signer.command(`/task show ${taskId}`, { user: person.userId }).then((res) => {
      if (res.status !== 200) ackFailures++;
      sent.push({ at, urlId: urlIdOf(res.payload.response_url) });
    }),
  );
}
await Promise.all(posting);
const sendSeconds = (performance.now() - started) / 1000;

// Stragglers: a waiting command finishes within its budget (one call's wait and its answer).
const finishedOf = (calls: RecordedCall[], urlId: string) =>
  calls.find((c) => c.args.url_id === urlId && c.status === 200 && !isBusy(c));
const graceMs = WAIT_BUDGETS.interactive.maxWaitMs * 2 + WAIT_BUDGETS.interactive.inFlightMs * 2;
const graceEnd = performance.now() + graceMs;
while (performance.now() < graceEnd) {
  const calls = emulator.calls('response_url');
  if (sent.every((s) => finishedOf(calls, s.urlId))) break;
  await new Promise((r) => setTimeout(r, 1_000));
}

const calls = emulator.calls('response_url');
const firstWord: number[] = [];
const finished: number[] = [];
let lost = 0;
let silent = 0;
let refused = 0;
let busyNotes = 0;
let stillWorking = 0;
for (const s of sent) {
  const mine = calls.filter((c) => c.args.url_id === s.urlId && c.status === 200);
  if (mine.length === 0) {
    silent++;
    lost++;
    continue;
  }
  firstWord.push(mine[0]!.at - s.at);
  if (mine.some(isBusy)) busyNotes++;
  const done = mine.find((c) => !isBusy(c));
  if (!done) {
    lost++;
    continue;
  }
  if (isRefusal(done)) refused++;
  if (String(done.args.text ?? '').includes('Still working')) stillWorking++;
  finished.push(done.at - s.at);
}

const pct = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const p99First = pct(firstWord, 99);
const pass = p99First <= TARGET_FIRST_WORD_MS && lost === 0 && ackFailures === 0;
console.log(
  `three-second answer: ${total} signed /task show at ${PER_SECOND}/s over ${sendSeconds.toFixed(0)} s, the service allowing 60 requests a minute`,
);
console.log(`  load average (1, 5, 15 min) before ${loadBefore}; after ${load()} (2 cores shared)`);
console.log(
  `  first word:  p50 ${s(pct(firstWord, 50))}   p90 ${s(pct(firstWord, 90))}   p99 ${s(p99First)}   max ${s(pct(firstWord, 100))}   (target p99 <= 3 s)`,
);
console.log(
  `  finished:    p50 ${s(pct(finished, 50))}   p90 ${s(pct(finished, 90))}   p99 ${s(pct(finished, 99))}   max ${s(pct(finished, 100))}`,
);
console.log(
  `  answers: ${finished.length - refused - stillWorking} results, ${refused} refused with the wait, ${stillWorking} told to wait for their earlier command; ${busyNotes} busy notes first`,
);
console.log(`  lost: ${lost} (${silent} never answered); non-200 acks: ${ackFailures}`);
console.log(pass ? 'PASS' : 'FAIL');
console.log(`rerun: npx node bench/three-second-answer.ts --seconds ${SECONDS} --rate ${PER_SECOND}`);
child.send('stop');
await emulator.close();
await sandbox.close();
