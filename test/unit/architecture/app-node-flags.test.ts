/**
 * `npm start`'s script is the one place the app's Node flags and environment are written; the
 * test support and the benches read them from it. Every word of the script must be read, so a
 * setting added there cannot be left out of the processes that stand for the app.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_ENTRY, APP_NODE_ENV, APP_NODE_FLAGS } from '../../support/app-node-flags.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const start = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: { start: string } })
  .scripts.start;

describe("npm start's Node flags and environment", () => {
  it('are every word of the start script, read back in order', () => {
    const env = Object.entries(APP_NODE_ENV).map(([name, value]) =>
      name === 'NODE_COMPILE_CACHE' ? `${name}=${relative(root, value)}` : `${name}=${value}`,
    );
    expect([...env, 'node', ...APP_NODE_FLAGS, relative(root, APP_ENTRY)].join(' ')).toBe(start);
  });

  it('run the app with the memory flags and a compile cache', () => {
    expect(APP_NODE_FLAGS).toContain('--max-semi-space-size=2');
    // It would pin the young generation at 1 MB, overriding the bound above, at a CPU price (start-script.ts).
    expect(APP_NODE_FLAGS).not.toContain('--optimize-for-size');
    expect(APP_NODE_ENV.NODE_COMPILE_CACHE).toBeDefined();
    expect(relative(root, APP_ENTRY)).toBe('src/main.ts');
  });
});
