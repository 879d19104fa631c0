/**
 * Seeding speed: 100,000 tasks into a sandbox project, in memory and in a file database (WAL).
 * Target: ≤ 5 s. Prints the time, the rate and the RSS afterwards.
 *
 *   npx node bench/sandbox-seed.ts [tasks=100000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox } from '../src/sandbox/index.ts';
import { seedBulkTasks } from '../src/sandbox/seed/bulk-tasks.ts';

const count = Number(process.argv[2] ?? 100_000);
const dir = mkdtempSync(join(tmpdir(), 'sandbox-seed-'));

async function measure(dbPath: string): Promise<number> {
  const sandbox = await createSandbox({ port: 0, rateLimits: false, dbPath });
  const started = performance.now();
  // Project 1 of the demo seed, whose members become the assignees.
  seedBulkTasks(sandbox.db, {
    projectId: 1,
    count,
    assigneeIds: [1, 2, 3, 4],
    creatorId: 1,
    now: new Date(),
  });
  const ms = performance.now() - started;
  const total = (
    sandbox.db.prepare('SELECT count(*) AS n FROM tasks WHERE project_id = 1').get() as { n: number }
  ).n;
  if (total < count) throw new Error(`only ${total} tasks were stored`);
  await sandbox.close();
  return ms;
}

try {
  const memory = await measure(':memory:');
  const file = await measure(join(dir, 'seed.db'));
  const rate = (ms: number) => `${Math.round(count / (ms / 1000)).toLocaleString('en')} tasks/s`;
  console.log(`Seeding ${count.toLocaleString('en')} tasks (with ~1 assignee each on average)`);
  console.log(`  in memory   ${(memory / 1000).toFixed(2)} s (${rate(memory)})`);
  console.log(`  file (WAL)  ${(file / 1000).toFixed(2)} s (${rate(file)})`);
  console.log(`  RSS after   ${(process.memoryUsage().rss / 1024 / 1024).toFixed(1)} MB`);
  console.log(
    `  ${Math.max(memory, file) <= 5000 ? 'PASS' : 'BELOW TARGET'} (target ≤ 5 s); rerun: npx node bench/sandbox-seed.ts ${count}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
