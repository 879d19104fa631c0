/**
 * Fills Node's compile cache (NODE_COMPILE_CACHE) with every module the app can load, in a process
 * of its own that exits at once. `npm start` runs it first (package.json's `prestart`), so the
 * app's own process finds every module already type-stripped and never loads Node's TypeScript
 * stripper, which would otherwise hold about 17 MB for the process's life: on a first start, after
 * an upgrade, or on the first use of a feature whose handlers load late (slack/kit/lazy-route.ts).
 * Modules whose cache is current are only read, so a warm run takes well under a second.
 *
 *   node src/warm-compile-cache.ts [entry.ts ...]
 *
 * V8 keeps a separate cache per set of flags, so the work runs in a process started with the start
 * script's own flags and environment (start-script.ts), whatever this one was started with.
 * Entries named on the command line (e.g. a bench's app process) are compiled too; each must run
 * only as the entry (`import.meta.main`), as src/main.ts does. Local mode (sandbox, emulator,
 * playground) is left out: it is never loaded in production.
 */
import { spawnSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { flushCompileCache, getCompileCacheDir } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_NODE_ENV, APP_NODE_FLAGS } from './start-script.ts';

const SRC = import.meta.dirname;
const LOCAL_ONLY = new Set(['local', 'playground', 'sandbox', 'slack-emulator']);

async function modules(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !(dir === SRC && LOCAL_ONLY.has(entry.name)))
      found.push(...(await modules(path)));
    else if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** Marks the process started below, which does the work. */
const WARMING = '--warming';
if (!process.argv.includes(WARMING)) {
  const run = spawnSync(
    process.execPath,
    [...APP_NODE_FLAGS, import.meta.filename, WARMING, ...process.argv.slice(2)],
    // A NODE_COMPILE_CACHE already set (a bench's own directory) wins over the script's.
    { env: { ...APP_NODE_ENV, ...process.env }, stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
}
if (getCompileCacheDir() === undefined) {
  process.stderr.write('NODE_COMPILE_CACHE is not set: nothing to warm\n');
  process.exit(0);
}
const here = resolve(import.meta.filename);
const entries = process.argv
  .slice(2)
  .filter((arg) => arg !== WARMING)
  .map((path) => resolve(path));
for (const path of [...(await modules(SRC)), ...entries]) {
  if (path !== here) await import(pathToFileURL(path).href);
}
flushCompileCache();
// Some modules open handles when loaded (timers, pools); the work is done.
process.exit(0);
