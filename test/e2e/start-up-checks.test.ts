/**
 * Starting `src/main.ts` for real against the Slack emulator: a bad bot token, an unreachable
 * Slack API, or a default connection named for another workspace stops the start with one clear
 * line naming the setting, before the "running" banner, and the process exits (no later crash).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlackEmulator, type SlackEmulator } from '../../src/slack-emulator/index.ts';
import { APP_ENTRY, APP_NODE_ENV, APP_NODE_FLAGS } from '../support/app-node-flags.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runMain(env: Record<string, string>, dataDir: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...APP_NODE_FLAGS, APP_ENTRY], {
      env: {
        PATH: process.env.PATH ?? '',
        ...APP_NODE_ENV,
        ENCRYPTION_KEY: 'cd'.repeat(32),
        STORE_URL: `sqlite:${join(dataDir, 'store.db')}`,
        PORT: '0',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      // Started after all: stop it, the test will fail on the banner.
      if (stdout.includes('Taskbridge is running')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('start-up checks', () => {
  let emulator: SlackEmulator;
  let dataDir: string;
  beforeAll(async () => {
    emulator = await createSlackEmulator({ port: 0 });
    dataDir = mkdtempSync(join(tmpdir(), 'taskbridge-start-'));
  });
  afterAll(async () => {
    await emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const slack = (overrides: Record<string, string> = {}) => ({
    SLACK_BOT_TOKEN: 'xoxb-emulator-bot-token',
    SLACK_SIGNING_SECRET: '0123456789abcdef0123456789abcdef',
    SLACK_API_URL: emulator.url,
    ...overrides,
  });

  it('stops at a bot token Slack refuses, naming SLACK_BOT_TOKEN, before the banner', async () => {
    const run = await runMain(slack({ SLACK_BOT_TOKEN: 'xoxb-not-a-token-slack-knows' }), dataDir);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('Taskbridge is running');
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Taskbridge could not start: SLACK_BOT_TOKEN was refused by Slack \(invalid_auth\)/,
      ),
    ]);
    expect(run.stderr).not.toContain('xoxb-not-a-token-slack-knows');
  });

  it('stops when the Slack API cannot be reached, naming SLACK_API_URL', async () => {
    const run = await runMain(slack({ SLACK_API_URL: 'http://127.0.0.1:9/api/' }), dataDir);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('Taskbridge is running');
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Taskbridge could not start: Slack's API at http:\/\/127\.0\.0\.1:9\/api\/ could not be reached .*SLACK_API_URL/,
      ),
    ]);
  });

  it('stops when the default connection names another workspace than the bot token’s', async () => {
    const run = await runMain(
      slack({
        WORK_API_URL: 'http://127.0.0.1:9/api',
        WORK_API_TOKEN: 'work-token',
        WORK_API_TEAM_ID: 'T0SOMEONEELSE',
      }),
      dataDir,
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Taskbridge could not start: WORK_API_TEAM_ID is T0SOMEONEELSE, but SLACK_BOT_TOKEN belongs to workspace T0001/,
      ),
    ]);
  });

  it('starts with a good token and says so', async () => {
    const run = await runMain(slack(), dataDir);
    expect(run.stdout).toContain('Taskbridge is running');
  });
});
