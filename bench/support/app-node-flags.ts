/**
 * The Node flags and environment `npm start` runs the app with (package.json's start script), so a
 * bench's app process runs as production does: `--max-semi-space-size`, which bounds the young
 * generation V8 would otherwise grow to 128 MB under load; `--optimize-for-size` and
 * `--v8-pool-size=1` (one V8 worker thread: fewer thread stacks and malloc arenas); and
 * NODE_COMPILE_CACHE, whose cached type-stripped sources spare a restarted process the TypeScript
 * stripper (about 15 MB of RSS for as long as the process lives).
 */
import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  scripts: { start: string };
};
const words = pkg.scripts.start.split(/\s+/);

export const APP_NODE_FLAGS: string[] = words.filter((word) => word.startsWith('--'));

/** The `NAME=value` settings before `node`, paths resolved from the project's root as npm does. */
export const APP_NODE_ENV: Record<string, string> = Object.fromEntries(
  words
    .slice(0, words.indexOf('node'))
    .map((word) => word.split('=') as [string, string])
    .map(([name, value]) => [
      name,
      name === 'NODE_COMPILE_CACHE' && !isAbsolute(value) ? fileURLToPath(new URL(value, root)) : value,
    ]),
);
