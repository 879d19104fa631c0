/**
 * CPU at rest: the app started as `npm start` starts it (its Node flags, production HTTP mode, a
 * SQLite store file, logger at info, the ops routes and /metrics on, a service connected with one
 * linked person and a digest due tomorrow), left idle, beside a bare Bolt app left idle the same
 * way. CPU is read from /proc/<pid>/stat (user + system, in clock ticks), so nothing in the
 * measured process wakes to report it. Target: ≤ 1 ms of CPU per second.
 *
 *   npx node bench/idle-cpu.ts [seconds=45] [settle=10]
 */
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox } from '../src/sandbox/index.ts';
import { createSlackEmulator } from '../src/slack-emulator/index.ts';
import { openStore } from '../src/store/open-store.ts';
import { createUserLinks } from '../src/store/repositories/user-links.ts';
import { APP_NODE_FLAGS } from '../test/support/app-node-flags.ts';
import { startAppProcess } from '../test/support/app-process.ts';
import { warmCompileCache } from './support/deployed-app-env.ts';

const seconds = Number(process.argv[2] ?? 45);
const settle = Number(process.argv[3] ?? 10);
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU time (user + system) of a process so far, in ms. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3; utime and stime are fields 14 and 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function idleOf(pid: number): Promise<{ msPerSecond: number; rssMb: number }> {
  await new Promise((r) => setTimeout(r, settle * 1000));
  const before = cpuMs(pid);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return { msPerSecond: (cpuMs(pid) - before) / seconds, rssMb: rssMb(pid) };
}

warmCompileCache();
const dataDir = mkdtempSync(join(tmpdir(), 'taskbridge-idle-'));
const sandbox = await createSandbox({ port: 0, seed: 'demo' });
const emulator = await createSlackEmulator({ port: 0 });
const signingSecret = 'idle-bench-signing-secret';
try {
  // Bare Bolt first, alone.
  // With npm start's Node flags, so the RSS compares like with like.
  // The morning bench's comparator, in plain JavaScript (no TypeScript stripper in its memory), with no tasks.
  const dataFile = join(dataDir, 'no-tasks.json');
  writeFileSync(dataFile, JSON.stringify({ people: {}, tasks: [] }));
  const bare = fork(
    new URL('./support/bare-bolt-from-memory.mjs', import.meta.url),
    [JSON.stringify({ slackApiUrl: emulator.url, botToken: emulator.botToken, signingSecret, dataFile })],
    { execArgv: APP_NODE_FLAGS },
  );
  await new Promise((r) => bare.once('message', r));
  const bolt = await idleOf(bare.pid!);
  bare.kill('SIGTERM');

  const storeFile = join(dataDir, 'app.db');
  const store = await openStore(`sqlite:${storeFile}`);
  await createUserLinks(store).link('T0001', 'U0ANA', {
    memberId: 1,
    memberName: 'Ana Silva',
    email: 'ana@example.com',
  });
  await store.close();
  const app = await startAppProcess('idle', {
    SLACK_BOT_TOKEN: emulator.botToken,
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_API_URL: emulator.url,
    WORK_API_URL: sandbox.url,
    WORK_API_TOKEN: sandbox.token,
    STORE_URL: `sqlite:${storeFile}`,
    ENCRYPTION_KEY: 'ab'.repeat(32),
    METRICS_TOKEN: 'idle-bench-metrics-token',
    PORT: '0',
    LOG_LEVEL: 'info',
  });
  const ours = await idleOf(app.child.pid!);
  app.kill('SIGTERM');
  await app.exited;

  const load = readFileSync('/proc/loadavg', 'utf8').trim();
  console.log(`idle CPU over ${seconds} s after ${settle} s to settle (/proc/<pid>/stat, ${TICKS} ticks/s)`);
  console.log(
    `  Taskbridge (npm start's way): ${ours.msPerSecond.toFixed(2)} ms/s, RSS ${ours.rssMb.toFixed(1)} MB`,
  );
  console.log(
    `  bare Bolt:                    ${bolt.msPerSecond.toFixed(2)} ms/s, RSS ${bolt.rssMb.toFixed(1)} MB`,
  );
  console.log(`  target ≤ 1 ms/s: ${ours.msPerSecond <= 1 ? 'met' : 'NOT met'}; load average ${load}`);
  console.log(`  rerun: npx node bench/idle-cpu.ts ${seconds} ${settle}`);
} finally {
  await emulator.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
}
