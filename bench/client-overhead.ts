/**
 * Overhead: the client against a bare undici request on the same sandbox route (GET /tasks/{id}),
 * one request at a time, bare and client in turn, sandbox limits off. The sandbox runs in another
 * process (bench/sandbox-bench-server.ts), as the real service would, so its work does not share
 * this event loop. The client runs whole (limiter with a budget it never reaches, retry
 * bookkeeping, typed errors, schema parsing); the bare request sends the same headers and parses
 * the JSON. Each round reports the median of each; the figure is the median of the rounds' ratios.
 * Target: client ≤ 1.10 × bare per request.
 *
 *   npx node bench/client-overhead.ts [--rounds 6] [--per-round 500]
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent } from 'undici';
import { createRateLimiter, createWorkApiClient } from '../src/api/index.ts';

const TARGET = 1.1;

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '6' }, 'per-round': { type: 'string', default: '500' } },
});
const rounds = Number(values.rounds);
const perRound = Number(values['per-round']);

const server = fork(join(import.meta.dirname, 'sandbox-bench-server.ts'), [], {
  env: { ...process.env, BENCH_TASKS: '0', BENCH_SEED: 'demo' },
});
const sandbox = await new Promise<{ url: string; token: string }>((resolve, reject) => {
  server.once('message', (ready) => resolve(ready as { url: string; token: string }));
  server.once('exit', (code) => reject(new Error(`sandbox process exited with ${code}`)));
});
const agent = new Agent({ keepAliveTimeout: 10_000 });
const origin = new URL(sandbox.url).origin;
const headers = { authorization: `Bearer ${sandbox.token}`, accept: 'application/json' };

async function bare(id: number): Promise<unknown> {
  const res = await agent.request({ origin, path: `/api/tasks/${id}`, method: 'GET', headers });
  const body = await res.body.json();
  if (res.statusCode !== 200) throw new Error(`bare: HTTP ${res.statusCode}`);
  return body;
}

const api = createWorkApiClient({
  baseUrl: sandbox.url,
  token: sandbox.token,
  dispatcher: new Agent({ keepAliveTimeout: 10_000 }),
  limiter: createRateLimiter({ limits: { general: 1_000_000_000 } }),
  cache: false,
});

/** Runs bare and client requests in turn, pair by pair, so that noise from other work hits both alike. */
async function pairs(n: number): Promise<{ bare: number[]; client: number[] }> {
  const out = { bare: [] as number[], client: [] as number[] };
  for (let i = 0; i < n; i++) {
    const id = (i % 22) + 1;
    const order = i % 2 === 0 ? (['bare', 'client'] as const) : (['client', 'bare'] as const);
    for (const which of order) {
      const start = performance.now();
      await (which === 'bare' ? bare(id) : api.tasks.get(id));
      out[which].push(performance.now() - start);
    }
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  await pairs(300);
  const bareRounds: number[] = [];
  const clientRounds: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const round = await pairs(perRound);
    const b = median(round.bare);
    const c = median(round.client);
    bareRounds.push(b);
    clientRounds.push(c);
    ratios.push(c / b);
  }
  const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
  console.log(`client-overhead: GET /tasks/{id}, ${rounds} rounds of ${perRound} interleaved request pairs`);
  console.log(
    `  bare undici   median ${us(median(bareRounds))} per request (rounds: ${bareRounds.map(us).join(', ')})`,
  );
  console.log(
    `  client        median ${us(median(clientRounds))} per request (rounds: ${clientRounds.map(us).join(', ')})`,
  );
  const ratio = median(ratios);
  console.log(
    `  ratio         ${ratio.toFixed(3)} (median of per-round client/bare; rounds: ${ratios.map((x) => x.toFixed(2)).join(', ')})`,
  );
  console.log(
    `  ${ratio <= TARGET ? 'PASS' : 'FAIL'} (target client ≤ ${TARGET.toFixed(2)} × bare undici, sandbox in another process); ` +
      `rerun: npx node bench/client-overhead.ts --rounds ${rounds} --per-round ${perRound}`,
  );
} finally {
  await agent.close();
  await new Promise<void>((resolve) => {
    server.once('exit', () => resolve());
    server.send('stop');
  });
}
