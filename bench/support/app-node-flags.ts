/**
 * The Node flags `npm start` runs the app with (package.json's start script), so a bench's app
 * process runs as production does: `--max-semi-space-size`, which bounds the young generation V8
 * would otherwise grow to 128 MB under load; `--optimize-for-size` and `--v8-pool-size=1` (one V8
 * worker thread: fewer thread stacks and malloc arenas), which cut RSS at rest by about 25 MB.
 */
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  scripts: { start: string };
};

export const APP_NODE_FLAGS: string[] = pkg.scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
