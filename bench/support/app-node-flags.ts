/**
 * The Node flags `npm start` runs the app with (package.json's start script), so a bench's app
 * process runs as production does: e.g. `--max-semi-space-size`, which bounds the young generation
 * V8 would otherwise grow to 128 MB under load.
 */
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  scripts: { start: string };
};

export const APP_NODE_FLAGS: string[] = pkg.scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
