/**
 * Memory of the digest runner with 50,000 stored subscriptions (target: RSS ≤ 200 MB). The
 * subscriptions (and the record of each one's latest post, as after a day of running) are written
 * to a SQLite store first; a fresh process then opens it, lets the runner load all of them (one
 * tick, at an instant when none is due) and reports its RSS, the heap, the time to load and the
 * time of a steady-state tick.
 *
 *   npx node bench/digest-memory.ts
 *   npx node bench/digest-memory.ts --subscriptions 50000
 *   DIGEST_BENCH_NODE_FLAGS='--max-semi-space-size=2' npx node bench/digest-memory.ts   # a smaller young generation
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDigestRunner } from '../src/digest/runner.ts';
import { createDigestSubscriptions } from '../src/digest/subscriptions.ts';
import { digestMessages } from '../src/slack/ui/digest/runner-messages.ts';
import { openStore } from '../src/store/open-store.ts';
import { planSubscriptions, writeFiredOn, writeSubscriptions } from './digest-fixtures.ts';

const { values } = parseArgs({
  options: {
    subscriptions: { type: 'string', default: '50000' },
    load: { type: 'string' },
  },
});
const count = Number(values.subscriptions);
/** Flags for the measuring process, e.g. DIGEST_BENCH_NODE_FLAGS='--max-semi-space-size=4' to see what the young generation costs. */
const nodeFlags = (process.env.DIGEST_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const TEAMS = 100;
const MB = 1024 * 1024;

if (values.load) {
  await measure(values.load);
} else {
  const dir = mkdtempSync(join(tmpdir(), 'digest-memory-'));
  try {
    const file = join(dir, 'store.db');
    const store = await openStore(`sqlite:${file}`);
    const writeStarted = performance.now();
    const perTeam = Math.ceil(count / TEAMS);
    for (let t = 0; t < TEAMS; t++) {
      const teamId = `T${String(t).padStart(6, '0')}`;
      const channels = Array.from({ length: 10 }, (_, c) => `C${String(t).padStart(6, '0')}${c}`);
      const n = Math.min(perTeam, count - t * perTeam);
      if (n <= 0) break;
      const subs = planSubscriptions({ count: n, teamId, channels, projects: 100, createdBy: 'U0ANA' });
      await writeSubscriptions(store, subs);
      // Steady state: yesterday's digests (14:00 UTC on 3 March in every zone of the plan) were all sent.
      await writeFiredOn(store, subs, '2026-03-03');
    }
    await store.close();
    const writeMs = performance.now() - writeStarted;
    // A fresh process: what the runner holds, not what writing them left behind.
    const child = spawnSync(
      process.execPath,
      [
        ...nodeFlags,
        '--expose-gc',
        fileURLToPath(import.meta.url),
        '--load',
        file,
        '--subscriptions',
        String(count),
      ],
      { encoding: 'utf8' },
    );
    process.stdout.write(child.stdout);
    process.stderr.write(child.stderr);
    console.log(`  (writing them took ${(writeMs / 1000).toFixed(1)} s)`);
    console.log(`  rerun: npx node bench/digest-memory.ts --subscriptions ${count}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(file: string): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const store = await openStore(`sqlite:${file}`);
  const unreachable = () => {
    throw new Error('nothing is due: the runner must not ask for a connection');
  };
  const runner = createDigestRunner({
    store,
    subscriptions: createDigestSubscriptions(store),
    taskSourceFor: unreachable,
    slack: unreachable,
    messages: digestMessages,
    links: { taskUrl: () => 'https://work.example.com', listUrl: () => 'https://work.example.com' },
  });
  // 03:00 UTC on 4 March: every digest of the plan (09:00 New York … 23:00 Tokyo, all 14:00 UTC)
  // already went out on 3 March, and none is due again before 14:00 UTC.
  const loadStarted = performance.now();
  const first = await runner.tick(new Date('2026-03-04T03:00:00.000Z'));
  const loadMs = performance.now() - loadStarted;
  const tickStarted = performance.now();
  await runner.tick(new Date('2026-03-04T03:01:00.000Z'));
  const tickMs = performance.now() - tickStarted;
  const peakRss = process.memoryUsage().rss;
  gc?.();
  const after = process.memoryUsage();
  console.log(
    `digest-memory: ${count} stored subscriptions loaded by the runner (${first.due} due at the instant)`,
  );
  console.log(
    `  RSS                        ${(after.rss / MB).toFixed(1)} MB  (peak seen ${(peakRss / MB).toFixed(1)} MB; ${(before.rss / MB).toFixed(1)} MB before loading)`,
  );
  console.log(
    `  heap used                  ${(after.heapUsed / MB).toFixed(1)} MB  (${(before.heapUsed / MB).toFixed(1)} MB before)`,
  );
  console.log(
    `  heap total / external      ${(after.heapTotal / MB).toFixed(1)} MB / ${(after.external / MB).toFixed(1)} MB`,
  );
  console.log(`  load + first tick          ${(loadMs / 1000).toFixed(2)} s`);
  console.log(`  a steady tick (none due)   ${tickMs.toFixed(1)} ms`);
  await runner.stop();
  await store.close();
}
