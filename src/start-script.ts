/**
 * The Node flags and environment `npm start` runs the app with, read from package.json's start
 * script: that script is the one place they are written, and every process that stands for the
 * app reads them here: the compile-cache warm-up (warm-compile-cache.ts, whose cache is only read
 * by a process with the same V8 flags), test/support/app-process.ts (which also starts the
 * instances of bench/multi-instance-ack.ts) and the benches that fork the app
 * (slack-ack-latency.ts, ack-ladder.ts). `--max-semi-space-size=2` keeps the young generation
 * small (V8 otherwise grows it to 16 MB per semi-space, the same as `=16`, kept for the process's life); `--v8-pool-size=1` (one
 * V8 worker thread: fewer thread stacks and malloc arenas); `--liftoff-only` (WebAssembly stays on
 * V8's baseline compiler: the only wasm here is undici's HTTP parser, whose optimised recompile
 * once it runs hot kept 8-13 MB of RSS for the process's life, at no CPU per request measurable in
 * a 10 KB answer's parse, 222-226 µs either way); `--no-concurrent-recompilation` (hot functions
 * are optimised on the main thread: on the worker thread the compiler's scratch memory stayed in
 * that thread's malloc arena, 11-16 MB of RSS after a load, never given back; CPU per `/task mine`
 * was no higher, 1.65 vs 1.72-1.77 ms, bench/morning.ts). Not `--optimize-for-size`: it pins the
 * semi-space at 1 MB whatever `--max-semi-space-size` says, and cost about a fifth more CPU per
 * `/task mine` for 2-4 MB less RSS at rest (bench/ack-ladder.ts with BENCH_APP_FLAGS). NODE_COMPILE_CACHE's
 * cached type-stripped sources spare a restarted process the TypeScript stripper (about 15 MB of
 * RSS for as long as the process lives).
 */
import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  scripts: { start: string };
};
const words = pkg.scripts.start.split(/\s+/);

export const APP_NODE_FLAGS: string[] = words.filter((word) => word.startsWith('--'));

/** The entry the start script runs, from the project's root. */
export const APP_ENTRY: string = fileURLToPath(new URL(words[words.length - 1] ?? 'src/main.ts', root));

/**
 * The `NAME=value` settings before `node` (a value may itself hold `=`), paths resolved from the
 * project's root as npm does.
 */
export const APP_NODE_ENV: Record<string, string> = Object.fromEntries(
  words.slice(0, words.indexOf('node')).map((word) => {
    const at = word.indexOf('=');
    const [name, value] = [word.slice(0, at), word.slice(at + 1)];
    return [
      name,
      name === 'NODE_COMPILE_CACHE' && !isAbsolute(value) ? fileURLToPath(new URL(value, root)) : value,
    ];
  }),
);
