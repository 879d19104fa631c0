/**
 * Node flags the sandbox process runs with (`npm run sandbox` passes the same; keep them in step).
 * Under a high allocation rate (distinct list pages, each a fresh ~45 KB answer) V8 grows its young
 * generation to its default ceiling, which alone took the heap from ~45 MB to ~170 MB and RSS past
 * its bound; 8 MB semi-spaces keep the heap small with no loss of throughput
 * (bench/sandbox-throughput.ts, `distinct`).
 */
export const SANDBOX_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];
