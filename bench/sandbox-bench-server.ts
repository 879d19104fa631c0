/**
 * The sandbox as the benchmarks' server: a child process (so the load generator does not share its
 * event loop), rate limits off, one project of N tasks. Reports over IPC and answers 'rss' requests.
 * Started by bench/sandbox-throughput.ts; not run by hand.
 */
import { readFileSync } from 'node:fs';
import { createSandbox } from '../src/sandbox/index.ts';
import { seedBulkTasks } from '../src/sandbox/seed/bulk-tasks.ts';

const count = Number(process.env.BENCH_TASKS ?? 10_000);
const seed = process.env.BENCH_SEED === 'demo' ? 'demo' : 'empty';
const sandbox = await createSandbox({
  port: 0,
  rateLimits: false,
  seed,
  dbPath: process.env.BENCH_DB ?? ':memory:',
  responseCache: process.env.BENCH_RESPONSE_CACHE !== 'off',
});

let projectId = 0;
let seedMs = 0;
if (count > 0) {
  const created = await fetch(`${sandbox.url}/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ workspace_id: 1, name: 'Benchmark' }),
  });
  projectId = ((await created.json()) as { data: { id: number } }).data.id;
  const started = performance.now();
  seedBulkTasks(sandbox.db, { projectId, count, assigneeIds: [1], creatorId: 1, now: new Date() });
  seedMs = performance.now() - started;
}

/** CPU time used so far (user + system), in microseconds. */
function cpu(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

function rss(): number {
  globalThis.gc?.();
  return process.memoryUsage().rss;
}

/** The process's peak resident memory so far (VmHWM), in bytes: what a load's transient buffers reach. */
function peakRss(): number {
  const line = readFileSync('/proc/self/status', 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : 0;
}

process.on('message', (message) => {
  if (message === 'rss') {
    const afterGc = rss();
    const { heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    process.send?.({
      rss: afterGc,
      peakRss: peakRss(),
      cpuMicros: cpu(),
      heapUsed,
      heapTotal,
      external,
      arrayBuffers,
    });
  }
  if (message === 'stop') void sandbox.close().then(() => process.exit(0));
});
process.send?.({ url: sandbox.url, token: sandbox.token, projectId, seedMs, rss: rss(), cpuMicros: cpu() });
