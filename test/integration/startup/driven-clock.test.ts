/**
 * The driven clock (TASKBRIDGE_CLOCK=manual, src/ops/driven-clock.ts) in the real app process: the
 * test that started it moves it over the IPC channel only it holds, forward only; a process started
 * without that channel, or with NODE_ENV=production, refuses to start at all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlackEmulator, type SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { type AppProcess, startAppProcess } from '../../support/app-process.ts';

const START = Date.parse('2026-11-20T09:00:00.000Z');

describe('an app process on a driven clock', () => {
  let dataDir: string;
  let emulator: SlackEmulator;
  let env: Record<string, string>;
  const apps: AppProcess[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'taskbridge-driven-'));
    emulator = await createSlackEmulator({ port: 0 });
    env = {
      SLACK_BOT_TOKEN: emulator.botToken,
      SLACK_SIGNING_SECRET: 'driven-clock-signing-secret',
      SLACK_API_URL: emulator.url,
      STORE_URL: `sqlite:${join(dataDir, 'app.db')}`,
      ENCRYPTION_KEY: 'cd'.repeat(32),
      PORT: '0',
      LOG_LEVEL: 'info',
    };
  });

  afterAll(async () => {
    for (const app of apps)
      if (app.child.exitCode === null && app.child.signalCode === null) app.kill('SIGKILL');
    await Promise.all(apps.map((a) => a.exited));
    await emulator?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('moves only when the test says so, and only forward', async () => {
    const app = await startAppProcess('driven', env, undefined, { drivenClock: START });
    apps.push(app);
    expect(await app.setClock(START + 90_000)).toBe(START + 90_000);
    expect(await app.setClock(START)).toBe(START + 90_000);
    expect(await app.setClock(START + 3_600_000)).toBe(START + 3_600_000);
    app.kill('SIGTERM');
    expect((await app.exited).code).toBe(0);
    expect(await app.setClock(START + 7_200_000)).toBeUndefined();
  }, 60_000);

  it('is refused in a process started without the channel to move it', async () => {
    const started = startAppProcess('no-channel', {
      ...env,
      TASKBRIDGE_CLOCK: 'manual',
      TASKBRIDGE_CLOCK_START: String(START),
    });
    await expect(started).rejects.toThrow(/exited with 2 .*started without an IPC channel/s);
  }, 60_000);

  it('is refused with NODE_ENV=production, channel or not', async () => {
    const started = startAppProcess('production', { ...env, NODE_ENV: 'production' }, undefined, {
      drivenClock: START,
    });
    await expect(started).rejects.toThrow(/exited with 2 .*refused with NODE_ENV=production/s);
  }, 60_000);
});
