/**
 * Once started, the app hands its compile-cache entries back to Node (src/main.ts,
 * `freeCompileCache`): Node otherwise holds every loaded module's entry in memory until the process
 * exits, to write them then. Seen from outside: started on an empty cache directory, the app has
 * written its modules' entries there while it is still running, not only at exit.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlackEmulator, type SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { type AppProcess, startAppProcess } from '../../support/app-process.ts';
import { until } from '../../support/until.ts';

/** Every file under the cache directory (Node keeps one subdirectory per Node version and flags). */
function entriesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe('the compile cache once the app has started', () => {
  let emulator: SlackEmulator;
  let dir: string;
  let app: AppProcess | undefined;
  beforeAll(async () => {
    emulator = await createSlackEmulator({ port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'taskbridge-cache-freed-'));
  });
  afterAll(async () => {
    app?.kill('SIGKILL');
    await app?.exited;
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is written out while the app runs, so Node no longer holds the entries', async () => {
    const cache = join(dir, 'cache');
    app = await startAppProcess('cache-freed', {
      NODE_COMPILE_CACHE: cache,
      SLACK_BOT_TOKEN: emulator.botToken,
      SLACK_SIGNING_SECRET: '0123456789abcdef0123456789abcdef',
      SLACK_API_URL: emulator.url,
      ENCRYPTION_KEY: 'cd'.repeat(32),
      STORE_URL: `sqlite:${join(dir, 'store.db')}`,
      PORT: '0',
      LOG_LEVEL: 'info',
    });
    // Hundreds of modules: the entry, Bolt, the store, every feature's registration.
    const written = await until('the entries on disk', () => {
      const files = entriesIn(cache);
      return files.length >= 200 ? files : undefined;
    });
    expect(written.length).toBeGreaterThanOrEqual(200);
    expect(app.child.exitCode).toBeNull();
  }, 60_000);
});
