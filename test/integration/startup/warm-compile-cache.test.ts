/**
 * `npm start`'s warm-up (src/warm-compile-cache.ts, the prestart script) leaves a compile cache in
 * which the app's process, started with the start script's flags, finds every module it loads
 * already type-stripped, the feature handlers that load late included: so it never needs Node's
 * TypeScript stripper. Read from Node's own compile-cache log (NODE_DEBUG_NATIVE=COMPILE_CACHE).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_ENTRY, APP_NODE_FLAGS } from '../../support/app-node-flags.ts';

const root = join(import.meta.dirname, '../../..');
const cache = mkdtempSync(join(tmpdir(), 'taskbridge-warm-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

/** Loads the entry and two late-loading handlers as the app would, and lists the .ts files stripped afresh. */
function strippedAfresh(): string[] {
  const load = [
    APP_ENTRY,
    'src/slack/features/tasks/mine-command.ts',
    'src/slack/features/digest/digest-command.ts',
  ]
    .map((path) => `await import(${JSON.stringify(new URL(path, `file://${root}/`).href)});`)
    .join('');
  const run = spawnSync(process.execPath, [...APP_NODE_FLAGS, '--input-type=module', '-e', load], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_COMPILE_CACHE: cache, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' },
    encoding: 'utf8',
    // Node's log names every module it loads.
    maxBuffer: 256 * 1024 * 1024,
  });
  expect(run.status).toBe(0);
  return [...run.stderr.matchAll(/no transpile cache for StrippedTypeScript (\S+)/g)].map((m) => m[1]!);
}

describe("npm start's compile-cache warm-up", () => {
  it('leaves nothing for the app to type-strip', () => {
    // Without it, the app strips its own modules (the check can fail).
    expect(strippedAfresh().length).toBeGreaterThan(0);
    rmSync(cache, { recursive: true, force: true });
    const warm = spawnSync(process.execPath, ['src/warm-compile-cache.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_COMPILE_CACHE: cache },
      encoding: 'utf8',
    });
    expect(warm.stderr).toBe('');
    expect(warm.status).toBe(0);
    expect(strippedAfresh()).toEqual([]);
  }, 60_000);
});
