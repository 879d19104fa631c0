/**
 * Budget: N requests issued at once against a sandbox limited to L a minute, with the client told
 * the same L. Prints the wall time against the floor the limit allows, and the 429s met (target:
 * within 1.05 × the floor, zero 429s).
 *
 * The floor: a per-minute window lets L requests through at once and the next L one minute after
 * the first answers, so N requests need floor((N − 1) / L) minutes plus the time to serve the last
 * window. The issue also names the steady-rate figure N / L minutes (30 s for 300 at 600/min);
 * both are printed.
 *
 *   npx node bench/client-budget.ts                      # 300 requests at 600/min
 *   npx node bench/client-budget.ts --requests 900       # saturates the window: floor 60 s
 */
import { parseArgs } from 'node:util';
import { createRateLimiter, createWorkApiClient } from '../src/api/index.ts';
import { createSandbox } from '../src/sandbox/index.ts';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '300' }, limit: { type: 'string', default: '600' } },
});
const requests = Number(values.requests);
const limit = Number(values.limit);

const sandbox = await createSandbox({
  port: 0,
  seed: 'demo',
  rateLimits: { general: limit, search: limit, upload: limit },
});
let tooMany = 0;
let attempts = 0;
const quiet = () => {};
const api = createWorkApiClient({
  baseUrl: sandbox.url,
  token: sandbox.token,
  limiter: createRateLimiter({ limits: { general: limit, search: limit, upload: limit } }),
  cache: false,
  maxWaitMs: Number.POSITIVE_INFINITY,
  logger: {
    debug: (o) => {
      attempts++;
      if ((o as { status?: number }).status === 429) tooMany++;
    },
    info: quiet,
    warn: quiet,
    error: quiet,
  },
});

try {
  const started = performance.now();
  const done = await Promise.allSettled(
    Array.from({ length: requests }, (_, i) => api.tasks.get((i % 22) + 1)),
  );
  const wallMs = performance.now() - started;
  const failed = done.filter((d) => d.status === 'rejected').length;
  const windowFloorMs = Math.floor((requests - 1) / limit) * 60_000;
  const steadyFloorMs = (requests / limit) * 60_000;
  const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`client-budget: ${requests} requests at once, sandbox and client limited to ${limit}/min`);
  console.log(`  wall time            ${fmt(wallMs)}`);
  console.log(
    `  window floor         ${fmt(windowFloorMs)}${windowFloorMs ? `  (ratio ${(wallMs / windowFloorMs).toFixed(3)})` : ''}`,
  );
  console.log(`  steady-rate floor    ${fmt(steadyFloorMs)}  (ratio ${(wallMs / steadyFloorMs).toFixed(3)})`);
  console.log(`  429s met             ${tooMany}`);
  console.log(`  attempts / failed    ${attempts} / ${failed}`);
  console.log(`  rerun: npx node bench/client-budget.ts --requests ${requests} --limit ${limit}`);
} finally {
  await sandbox.close();
}
