/**
 * What the stack costs before any of Taskbridge's code: bare Bolt answering `/task mine` from
 * memory (support/bare-bolt-from-memory.mjs), then Bolt with each library the stack names added
 * alone, doing the least an app on it does (support/bolt-with-stack.mjs: a keyv/SQLite store read
 * per command, zod over what is read, "today" in the person's zone, prom-client, pino, chrono,
 * croner), then with all of them. Each runs in a process of its own with `npm start`'s Node flags,
 * answers 700 people's `/task mine` (50 a second), rests 70 s (V8's memory reducer runs about a
 * minute after a load), and is read at rest: RSS, by part (support/memory-parts.ts), and idle CPU.
 * Then CPU per `/task mine` at 20 a second beyond the idle rate, in rounds taken in turn across all
 * of them, so the machine's drift falls on all alike. The figures say which part of the distance
 * between Taskbridge and bare Bolt (bench/morning.ts) the stack itself takes.
 *
 *   npx node bench/stack-floor.ts [--rounds 3] [--commands 300]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSlackEmulator } from '../src/slack-emulator/index.ts';
import { createSlackSigner, type SlackSigner } from '../src/slack-emulator/signer.ts';
import { APP_NODE_FLAGS } from '../test/support/app-node-flags.ts';
import { type MemoryParts, memoryParts } from './support/memory-parts.ts';
import { cpuMs, rssMb } from './support/proc-stat.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, commands: { type: 'string', default: '300' } },
});
const ROUNDS = Number(values.rounds);
const COMMANDS = Number(values.commands);
const SIGNING_SECRET = 'bench-stack-floor-signing-secret';
const PARTS = ['store', 'zod', 'zone', 'metrics', 'logger', 'chrono', 'cron'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 1,000 people and 3,000 tasks (a third undated, one in seven done, two assignees each). */
function tasksFile(dir: string): string {
  const people = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`U${1000 + i}`, 10 + i]));
  const now = Date.now();
  const tasks = Array.from({ length: 3000 }, (_, i) => ({
    id: i + 1,
    title: `Task ${i + 1}: follow up on item ${i % 97}`,
    due: i % 3 === 0 ? null : new Date(now + (i - 1500) * 1_800_000).toISOString(),
    done: i % 7 === 0,
    assignees: [10 + (i % 1000), 10 + ((i * 7 + 3) % 1000)],
  }));
  const file = join(dir, 'tasks.json');
  writeFileSync(file, JSON.stringify({ people, tasks }));
  return file;
}

interface Subject {
  name: string;
  pid: number;
  signer: SlackSigner;
  stop: () => void;
}

async function start(
  name: string,
  script: string,
  settings: Record<string, unknown>,
  emulator: Awaited<ReturnType<typeof createSlackEmulator>>,
): Promise<Subject> {
  const child = fork(new URL(script, import.meta.url), [JSON.stringify(settings)], {
    execArgv: APP_NODE_FLAGS,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const up = (await new Promise((r) => child.once('message', r))) as { eventsUrl: string };
  const signer = createSlackSigner({ appUrl: up.eventsUrl, signingSecret: SIGNING_SECRET, emulator });
  return { name, pid: child.pid!, signer, stop: () => void child.kill('SIGTERM') };
}

/** `n` `/task mine` at `perSecond`, from people in turn; every answer checked to be the list. */
async function fire(subject: Subject, n: number, perSecond: number): Promise<number> {
  const started = performance.now();
  const sent: Promise<boolean>[] = [];
  for (let i = 0; i < n; i++) {
    const wait = started + (i * 1000) / perSecond - performance.now();
    if (wait > 0) await sleep(wait);
    sent.push(
      subject.signer
        .command('/task mine', { user: `U${1000 + (i % 1000)}`, channel: 'C0GENERAL' })
        .then((r) => r.status === 200 && /Your tasks|no open tasks/.test(r.text)),
    );
  }
  const answered = (await Promise.all(sent)).filter(Boolean).length;
  if (answered !== n) throw new Error(`${subject.name}: ${n - answered} of ${n} not answered with a list`);
  return (performance.now() - started) / 1000;
}

const dir = mkdtempSync(join(tmpdir(), 'bench-stack-floor-'));
const emulator = await createSlackEmulator({ port: 0 });
const subjects: Subject[] = [];
try {
  const base = {
    slackApiUrl: emulator.url,
    botToken: emulator.botToken,
    signingSecret: SIGNING_SECRET,
    dataFile: tasksFile(dir),
    timeZone: 'America/New_York',
  };
  subjects.push(await start('bare Bolt', './support/bare-bolt-from-memory.mjs', base, emulator));
  for (const part of [...PARTS.map((p) => [p]), PARTS]) {
    const name = part.length === 1 ? `+ ${part[0]}` : '+ all of them';
    const storeFile = join(dir, `${part.join('-')}.db`);
    subjects.push(
      await start(name, './support/bolt-with-stack.mjs', { ...base, storeFile, parts: part }, emulator),
    );
  }
  for (const s of subjects) await fire(s, 700, 50);
  const restFrom = subjects.map((s) => cpuMs(s.pid));
  await sleep(70_000);
  const atRest = subjects.map((s, i) => ({
    rss: rssMb(s.pid),
    parts: memoryParts(s.pid),
    idleMsPerS: (cpuMs(s.pid) - restFrom[i]!) / 70,
  }));
  const cpu = subjects.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, s] of subjects.entries()) {
      const from = cpuMs(s.pid);
      const seconds = await fire(s, COMMANDS, 20);
      cpu[i]! += cpuMs(s.pid) - from - atRest[i]!.idleMsPerS * seconds;
    }
  }
  const perCommand = cpu.map((ms) => ms / (ROUNDS * COMMANDS));
  const bare = { rss: atRest[0]!.rss, cpu: perCommand[0]! };
  const mb = (n: number | undefined) => (n === undefined ? '  n/a' : n.toFixed(1).padStart(5));
  const heapOf = (p: MemoryParts) => p.anonymousMb + p.mallocMb;
  console.log(
    `Bolt answering 700 people's /task mine from memory, with the stack's libraries added (npm start's flags: ${APP_NODE_FLAGS.join(' ')})`,
  );
  console.log(
    '  subject          RSS at rest (× bare)   ICU data  heap+malloc  code   idle CPU   CPU per /task mine (× bare)',
  );
  for (const [i, s] of subjects.entries()) {
    const r = atRest[i]!;
    console.log(
      `  ${s.name.padEnd(15)} ${mb(r.rss)} MB (${(r.rss / bare.rss).toFixed(2)}×)    ${mb(r.parts.icuDataMb)}    ${mb(heapOf(r.parts))}    ${mb(r.parts.binaryCodeMb)}  ${r.idleMsPerS.toFixed(2)} ms/s  ${perCommand[i]!.toFixed(2)} ms (${(perCommand[i]! / bare.cpu).toFixed(2)}×)`,
    );
  }
  console.log(
    `  CPU: ${ROUNDS} rounds of ${COMMANDS} at 20/s, idle subtracted, taken in turn; 10 ms clock ticks, so a part's CPU within ~0.05 ms of bare Bolt's is noise`,
  );
  console.log(`  rerun: npx node bench/stack-floor.ts --rounds ${ROUNDS} --commands ${COMMANDS}`);
} finally {
  for (const s of subjects) s.stop();
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
}
