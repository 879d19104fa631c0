/**
 * A real app process (`node src/main.ts`, HTTP mode) on a Redis that is then stopped: every slash
 * command is still acknowledged (Bolt answers 404 to one not acknowledged within 3 s), `/task help`
 * and a parse error with their answers in the ack, and a command that needs the store with the
 * try-again message in its ack rather than a wait on a store that is gone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { createSlackEmulator, type SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { createSlackSigner, type SlackSigner } from '../../../src/slack-emulator/signer.ts';
import { type AppProcess, startAppProcess } from '../../support/app-process.ts';
import { type RedisServer, redisTool, startRedisServer } from '../../support/redis-server.ts';

const SIGNING_SECRET = 'store-down-signing-secret';

describe.runIf(redisTool.mustRun)('slash commands while Redis is down', () => {
  let dataDir: string;
  let redis: RedisServer;
  let sandbox: Sandbox;
  let emulator: SlackEmulator;
  let app: AppProcess;
  let signer: SlackSigner;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'taskbridge-store-down-'));
    redis = await startRedisServer(redisTool.require(), { dataDir });
    sandbox = await createSandbox({ port: 0, seed: 'demo' });
    emulator = await createSlackEmulator({ port: 0 });
    app = await startAppProcess('store-down', {
      SLACK_BOT_TOKEN: emulator.botToken,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: emulator.url,
      WORK_API_URL: sandbox.url,
      WORK_API_TOKEN: sandbox.token,
      STORE_URL: redis.url,
      ENCRYPTION_KEY: 'cd'.repeat(32),
      PORT: '0',
      LOG_LEVEL: 'info',
    });
    signer = createSlackSigner({ appUrl: app.eventsUrl, signingSecret: SIGNING_SECRET, emulator });
    await redis.stop();
  }, 90_000);

  afterAll(async () => {
    app?.kill('SIGKILL');
    await app?.exited;
    await emulator?.close();
    await sandbox?.close();
    await redis?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  const ackText = (body: unknown) => String((body as { text?: unknown } | undefined)?.text ?? '');

  it('answers /task help in the ack', async () => {
    const answer = await signer.command('/task help');
    expect(answer.status).toBe(200);
    expect(ackText(answer.body)).toContain('/task commands:');
  }, 20_000);

  it('answers a command it cannot read in the ack', async () => {
    const answer = await signer.command('/task frobnicate 12');
    expect(answer.status).toBe(200);
    expect(ackText(answer.body).length).toBeGreaterThan(0);
  }, 20_000);

  it('tells the person in the ack that a command needing the store cannot run now', async () => {
    for (const text of ['/task mine', '/task show 1', '/task new Fix login #Website']) {
      const answer = await signer.command(text);
      expect(answer.status).toBe(200);
      expect(ackText(answer.body)).toContain('can’t reach its storage');
    }
  }, 30_000);
});
