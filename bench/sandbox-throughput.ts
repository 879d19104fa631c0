/**
 * Throughput of the sandbox's busiest read: `GET /projects/{id}/tasks?per_page=100` on a project of
 * 10,000 tasks, rate limits off, over loopback. Targets: ≥ 3,000 requests/s with p99 ≤ 20 ms, for
 * each path on its own: every answer computed (answer cache off: the figure that counts), and
 * as shipped, where the one URL is replayed from the answer cache. With the server's and the load
 * generator's CPU time per request, which the machine's other load inflates less than it does
 * requests/s. Also the server's RSS at rest (demo seed; 10,000 tasks) and after each load, against
 * its bound: a stated base plus the answer cache's cap.
 *
 * Then distinct pages: 100-task pages 1..1000 of a 100,000-task project in a file database, every
 * answer new to the answer cache, with the peak RSS (VmHWM) against the same bound and memory
 * (RSS, heap used/total, external) every second. `distinct` as third argument runs only that;
 * BENCH_RESPONSE_CACHE=off computes every answer, BENCH_DISTINCT_TASKS sets the project's size.
 *
 *   npx node --expose-gc bench/sandbox-throughput.ts [seconds=10] [connections=10] [distinct]
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { RESPONSE_CACHE_MAX_BYTES, RSS_BASE_BYTES } from '../src/sandbox/http/response-cache.ts';
import { SANDBOX_NODE_FLAGS } from '../src/sandbox/node-flags.ts';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const SERVER = join(import.meta.dirname, 'sandbox-bench-server.ts');

interface Ready {
  url: string;
  token: string;
  projectId: number;
  seedMs: number;
  rss: number;
}

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(SERVER, [], {
    env: { ...process.env, ...env },
    execArgv: ['--expose-gc', ...SANDBOX_NODE_FLAGS],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as Ready }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

interface Usage {
  /** RSS after a GC. */
  rss: number;
  /** Peak RSS so far (VmHWM). */
  peakRss: number;
  cpuMicros: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

/** The server's RSS (after a GC), its peak, and the CPU time it has used so far, in microseconds. */
function askUsage(child: ChildProcess): Promise<Usage> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as Usage));
    child.send('rss');
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.send('stop');
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const demo = await startServer({ BENCH_TASKS: '0', BENCH_SEED: 'demo' });
await new Promise((r) => setTimeout(r, 500));
const demoRss = (await askUsage(demo.child)).rss;
await stop(demo.child);

interface Run {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  bytes: number;
  seedMs: number;
  restRss: number;
  loadedRss: number;
  /** Server CPU time per request, µs: what the machine's load cannot inflate much. */
  cpuPerRequest: number;
  /** The load generator's CPU time per request, µs: it shares the machine's cores. */
  clientCpuPerRequest: number;
}

async function measure(responseCache: 'on' | 'off'): Promise<Run> {
  const { child, ready } = await startServer({ BENCH_TASKS: '10000', BENCH_RESPONSE_CACHE: responseCache });
  const rest = await askUsage(child);
  const url = `${ready.url}/projects/${ready.projectId}/tasks?per_page=100`;
  const headers = { authorization: `Bearer ${ready.token}` };
  const check = await fetch(url, { headers });
  const body = (await check.json()) as { data: unknown[]; meta: { total: number } };
  if (check.status !== 200 || body.data.length !== 100 || body.meta.total !== 10_000) {
    throw new Error(`unexpected answer: ${check.status} ${JSON.stringify(body.meta)}`);
  }
  // Warm up the JIT and SQLite's page cache before measuring.
  await autocannon({ url, headers, connections, duration: 2 });
  const before = await askUsage(child);
  const clientBefore = process.cpuUsage();
  const result = await autocannon({ url, headers, connections, duration: seconds });
  const client = process.cpuUsage(clientBefore);
  const loaded = await askUsage(child);
  await stop(child);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    bytes: Number(check.headers.get('content-length')),
    seedMs: ready.seedMs,
    restRss: rest.rss,
    loadedRss: loaded.rss,
    cpuPerRequest: (loaded.cpuMicros - before.cpuMicros) / result.requests.total,
    clientCpuPerRequest: (client.user + client.system) / result.requests.total,
  };
}

const DISTINCT_TASKS = Number(process.env.BENCH_DISTINCT_TASKS ?? 100_000);

/**
 * Distinct 100-task pages of a 100,000-task project in a file database, each connection walking
 * pages 1..1000 from its own start: every answer is new to the answer cache, which fills to its
 * cap and starts over. Reports the peak RSS (VmHWM) against the bound, and memory every second.
 */
async function measureDistinct(): Promise<{
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  peakRss: number;
  loadedRss: number;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
  try {
    const { child, ready } = await startServer({
      BENCH_TASKS: String(DISTINCT_TASKS),
      BENCH_DB: join(dir, 'bench.db'),
      BENCH_RESPONSE_CACHE: process.env.BENCH_RESPONSE_CACHE ?? 'on',
    });
    const base = `${ready.url}/projects/${ready.projectId}/tasks?per_page=100&page=`;
    const path = `${new URL(base).pathname}?per_page=100&page=`;
    const rest = await askUsage(child);
    console.log(
      `    at rest: rss ${mb(rest.rss)} peak ${mb(rest.peakRss)} heap ${mb(rest.heapUsed)} external ${mb(rest.external)}`,
    );
    const pages = DISTINCT_TASKS / 100;
    let next = 0;
    const headers = { authorization: `Bearer ${ready.token}` };
    const samples: Usage[] = [];
    const timer = setInterval(() => void askUsage(child).then((u) => samples.push(u)), 1000);
    const result = await autocannon({
      url: `${base}1`,
      headers,
      connections,
      duration: seconds,
      requests: [
        {
          setupRequest: (req: autocannon.Request) => {
            req.path = `${path}${(next++ % pages) + 1}`;
            return req;
          },
        },
      ],
    });
    clearInterval(timer);
    await new Promise((r) => setTimeout(r, 200));
    const loaded = await askUsage(child);
    await stop(child);
    for (const [i, u] of samples.entries()) {
      console.log(
        `    t=${i + 1}s rss ${mb(u.rss)} peak ${mb(u.peakRss)} heap ${mb(u.heapUsed)}/${mb(u.heapTotal)} external ${mb(u.external)}`,
      );
    }
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      peakRss: loaded.peakRss,
      loadedRss: loaded.rss,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const distinctLine = (d: Awaited<ReturnType<typeof measureDistinct>>) => {
  const limit = RSS_BASE_BYTES + RESPONSE_CACHE_MAX_BYTES;
  const ok = d.peakRss <= limit && d.non2xx === 0 && d.errors === 0;
  return {
    ok,
    text:
      `  distinct pages (file DB, ${DISTINCT_TASKS} tasks)   ${d.rps.toFixed(0)} req/s   p99 ${d.p99} ms   ` +
      `(${d.non2xx} non-2xx, ${d.errors} errors)   peak RSS ${mb(d.peakRss)} (VmHWM), after GC ${mb(d.loadedRss)}   ` +
      `${ok ? 'PASS' : 'FAIL'} (limit ${mb(limit)})`,
  };
};

if (process.argv[4] === 'distinct') {
  const d = distinctLine(await measureDistinct());
  console.log(d.text);
  console.log(`  rerun: npx node --expose-gc bench/sandbox-throughput.ts ${seconds} ${connections} distinct`);
  process.exit(d.ok ? 0 : 1);
}

const computed = await measure('off');
const cached = await measure('on');
const distinct = distinctLine(await measureDistinct());
const line = (label: string, r: Run) =>
  `  ${label.padEnd(30)}${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   ` +
  `server ${r.cpuPerRequest.toFixed(0)} µs CPU/req (~${Math.floor(1e6 / r.cpuPerRequest)} req/s on a free core)   ` +
  `client ${r.clientCpuPerRequest.toFixed(0)} µs CPU/req   (${r.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`;
const verdict = (r: Run) =>
  r.rps >= 3000 && r.p99 <= 20 && r.non2xx === 0 && r.errors === 0 ? 'PASS' : 'FAIL';
// The answer cache holds at most RESPONSE_CACHE_MAX_BYTES; the rest is the process with its data.
const rssLimit = RSS_BASE_BYTES + RESPONSE_CACHE_MAX_BYTES;
const rssVerdict = Math.max(computed.loadedRss, cached.loadedRss) <= rssLimit ? 'PASS' : 'FAIL';
console.log(
  `GET /projects/{id}/tasks?per_page=100 on 10,000 tasks (${cached.bytes} bytes), ${connections} connections, ${seconds} s each`,
);
console.log(`${line('computed (answer cache off)', computed)}   ${verdict(computed)}`);
console.log(`${line('cached (one URL replayed)', cached)}   ${verdict(cached)}`);
console.log('  targets                       ≥ 3000 req/s, p99 ≤ 20 ms, each path on its own');
console.log(`  seed                          10,000 tasks in ${cached.seedMs.toFixed(0)} ms`);
console.log(
  `  RSS                           demo seed at rest ${mb(demoRss)}; 10,000 tasks at rest ${mb(cached.restRss)}; ` +
    `after load ${mb(computed.loadedRss)} (computed), ${mb(cached.loadedRss)} (cached)   ` +
    `${rssVerdict} (limit ${mb(rssLimit)}: base ${mb(RSS_BASE_BYTES)} + answer cache cap ${mb(RESPONSE_CACHE_MAX_BYTES)})`,
);
console.log(distinct.text);
console.log(
  `  computed ${verdict(computed)}, cached ${verdict(cached)}, RSS ${rssVerdict}, distinct ${distinct.ok ? 'PASS' : 'FAIL'}; ` +
    `rerun: npx node --expose-gc bench/sandbox-throughput.ts ${seconds} ${connections}`,
);
