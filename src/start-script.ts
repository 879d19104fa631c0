/**
 * The Node flags and environment `npm start` runs the app with, read from package.json's start
 * script: that script is the one place they are written, and every process that stands for the
 * app reads them here: the compile-cache warm-up (warm-compile-cache.ts, whose cache is only read
 * by a process with the same V8 flags), test/support/app-process.ts (which also starts the
 * instances of bench/multi-instance-ack.ts) and the benches that fork the app
 * (slack-ack-latency.ts, ack-ladder.ts). `--max-semi-space-size` bounds the young generation V8 would otherwise grow to
 * 128 MB under load; `--optimize-for-size` and `--v8-pool-size=1` (one V8 worker thread: fewer
 * thread stacks and malloc arenas) trade a little speed for memory at rest; NODE_COMPILE_CACHE's
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
