/**
 * The real app in its own process (`node src/main.ts`), three `/task connect` submissions at a
 * service that answers with an endless body: the admin gets the one message each time, nothing is
 * saved, the reason is logged without the token, the app still answers, and its memory stays near
 * where it was (an unbounded read took it from ~140 MB to over 1 GB; bench/connect-endless-body.ts
 * prints the figures).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREACHABLE_SERVICE } from '../../../src/slack/features/account/connect-submitted.ts';
import { createSlackEmulator, type SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { createSlackSigner, type SlackSigner } from '../../../src/slack-emulator/signer.ts';
import { type AppProcess, startAppProcess } from '../../support/app-process.ts';
import { type HostileService, startHostileService } from '../../support/hostile-service.ts';

const SIGNING_SECRET = 'endless-body-process-secret';
const TOKEN = 'endless-body-token-0123456789';

let dir: string;
let emulator: SlackEmulator;
let endless: HostileService;
let app: AppProcess;
let signer: SlackSigner;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'taskbridge-endless-'));
  emulator = await createSlackEmulator({ port: 0 });
  endless = await startHostileService({ kind: 'endless' });
  app = await startAppProcess('endless', {
    SLACK_BOT_TOKEN: emulator.botToken,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: emulator.url,
    STORE_URL: `sqlite:${join(dir, 'app.db')}`,
    ENCRYPTION_KEY: 'cd'.repeat(32),
    PORT: '0',
    LOG_LEVEL: 'info',
    // The hostile service is on loopback: allowed here, so its answer really streams.
    WORK_API_ALLOWED_HOSTS: `127.0.0.1:${endless.port}`,
  });
  signer = createSlackSigner({ appUrl: app.eventsUrl, signingSecret: SIGNING_SECRET, emulator });
}, 90_000);

afterAll(async () => {
  if (app && app.child.exitCode === null) {
    app.kill('SIGTERM');
    await app.exited;
  }
  await endless?.close();
  await emulator?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The app process's resident memory in MB (Linux), or undefined elsewhere. */
function rssMb(): number | undefined {
  const path = `/proc/${app.child.pid}/status`;
  if (!existsSync(path)) return undefined;
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(path, 'utf8'))?.[1]);
  return kb / 1024;
}

async function openConnectForm(): Promise<{ id: string; blocks: unknown[] }> {
  emulator.clearCalls();
  await signer.command('/task connect', { user: 'U0ANA' });
  return (await emulator.waitForCall('views.open', undefined, 10_000)).response.view as {
    id: string;
    blocks: unknown[];
  };
}

describe('/task connect at an endless body, in the app process', () => {
  it('tells the admin the one message, saves nothing, logs the reason without the token, and keeps memory flat', async () => {
    emulator.clearCalls();
    await signer.command('/task help');
    await emulator.waitForCall('response_url', undefined, 10_000);
    const before = rssMb();

    for (let i = 0; i < 3; i++) {
      const res = await signer.viewSubmission({
        user: 'U0ANA',
        view: await openConnectForm(),
        values: {
          cn_base_url: { cn_base_url_input: endless.url },
          cn_token: { cn_token_input: TOKEN },
        },
      });
      expect(res.body).toEqual({ response_action: 'errors', errors: { cn_base_url: UNREACHABLE_SERVICE } });
    }
    expect(endless.requests).toHaveLength(3);

    const after = rssMb();
    if (before !== undefined && after !== undefined) expect(after - before).toBeLessThan(200);

    // Nothing was saved: the form still says not connected.
    expect(JSON.stringify((await openConnectForm()).blocks)).toContain('Not connected yet');
    const reasons = app.logs.filter((line) => line.msg === 'connect: service not reached');
    expect(reasons).toHaveLength(3);
    expect(String(reasons[0]?.reason)).toMatch(/^response_too_large/);
    expect(app.logs.filter((line) => JSON.stringify(line).includes(TOKEN))).toEqual([]);

    emulator.clearCalls();
    await signer.command('/task help');
    await emulator.waitForCall('response_url', undefined, 10_000);
  });
});
