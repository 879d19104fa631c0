/**
 * What an operator's instance exposes and writes, with the real app (`node src/main.ts`) started as
 * a process in each mode (HTTP single workspace, Socket Mode, OAuth) with `HOST=127.0.0.1` and
 * `LOG_LEVEL=debug`, driven by signed requests, Socket Mode envelopes, an OAuth install and service
 * webhooks: every port it listens on is bound to loopback only; `/metrics` answers only with the
 * bearer token; no configured secret's value is in any log line; Slack's rate-limit notice, which
 * no Bolt listener acks, is answered at once with no "not acknowledged" error; and after SIGTERM `/readyz` answers 503 for the drain
 * period while requests are still served.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceEventsSettings } from '../../src/notify/store/service-events.ts';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { createSlackEmulator, type SlackEmulator } from '../../src/slack-emulator/index.ts';
import { createSlackSigner } from '../../src/slack-emulator/signer.ts';
import { createCipher } from '../../src/store/cipher.ts';
import { openStore } from '../../src/store/open-store.ts';
import { type AppProcess, type LogLine, startAppProcess } from '../support/app-process.ts';
import { until as untilWithin } from '../support/until.ts';

const ENCRYPTION_KEY = randomBytes(32).toString('hex');
const SIGNING_SECRET = `signing-${randomBytes(12).toString('hex')}`;
const STATE_SECRET = `state-${randomBytes(12).toString('hex')}`;
const METRICS_TOKEN = `metrics-${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64')}`;
/** The emulator's OAuth app (its oauth.v2.access accepts these). */
const CLIENT_ID = '1111111111.2222222222';
const CLIENT_SECRET = 'emulator-client-secret';

/** An address of this machine other than loopback, to try the app's ports on; undefined if none. */
const otherAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

/** Whether a TCP connection to host:port is taken (true) or refused (false). */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const portOf = (url: string) => Number(new URL(url).port);

/** Polls until read() gives a value: each wait is for the thing itself, never a fixed sleep. */

describe('an instance exposes and logs only what it should', () => {
  let dataDir: string;
  let sandbox: Sandbox;
  let emulator: SlackEmulator;
  const apps: AppProcess[] = [];
  let secrets: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'taskbridge-ops-'));
    sandbox = await createSandbox({ port: 0, seed: 'demo', rateLimits: false });
    emulator = await createSlackEmulator({ port: 0 });
    secrets = {
      SLACK_BOT_TOKEN: emulator.botToken,
      SLACK_APP_TOKEN: emulator.appToken,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_CLIENT_SECRET: CLIENT_SECRET,
      SLACK_STATE_SECRET: STATE_SECRET,
      ENCRYPTION_KEY,
      WORK_API_TOKEN: sandbox.token,
      METRICS_TOKEN,
      'webhook secret': WEBHOOK_SECRET,
    };
  }, 60_000);

  afterAll(async () => {
    for (const app of apps)
      if (app.child.exitCode === null && app.child.signalCode === null) app.kill('SIGKILL');
    await emulator.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (name: string, env: Record<string, string>) => {
    const app = await startAppProcess(name, {
      ENCRYPTION_KEY,
      STORE_URL: `sqlite:${join(dataDir, `${name}.db`)}`,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
      METRICS_TOKEN,
      SLACK_API_URL: emulator.url,
      WORK_API_URL: sandbox.url,
      WORK_API_TOKEN: sandbox.token,
      ...env,
    });
    apps.push(app);
    return app;
  };

  /** The app's port is taken on loopback only: not on another address of this machine. */
  const expectLoopbackOnly = async (url: string, listening: unknown) => {
    expect(listening).toMatch(/^127\.0\.0\.1 only, port \d+$/);
    expect(await accepts('127.0.0.1', portOf(url))).toBe(true);
    if (otherAddress) expect(await accepts(otherAddress, portOf(url))).toBe(false);
  };

  const expectMetricsGuarded = async (base: string) => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('taskbridge_slack_ack_seconds');
  };

  /** Saves the service-events secret in the app's store and sends one good and one bad webhook. */
  const sendWebhooks = async (name: string, base: string) => {
    const store = await openStore(`sqlite:${join(dataDir, `${name}.db`)}`);
    try {
      const settings = createServiceEventsSettings(store, createCipher(ENCRYPTION_KEY));
      const { pathKey } = await settings.ensure('T0001');
      await settings.saveSecret('T0001', WEBHOOK_SECRET);
      const endpoint = `${base}/service/events/${pathKey}`;
      const send = (id: string, body: string) =>
        fetch(endpoint, {
          method: 'POST',
          body,
          headers: {
            'content-type': 'application/json',
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
            'webhook-signature': new Webhook(WEBHOOK_SECRET).sign(id, new Date(), body),
          },
        });
      expect((await send('msg_bad', 'not json')).status).toBe(400);
      const good = JSON.stringify({ event: 'project.renamed', data: { id: 1 } });
      expect((await send('msg_good', good)).status).toBe(204);
    } finally {
      await store.close();
    }
  };

  const expectNoSecretIn = (logs: LogLine[]) => {
    expect(logs.length).toBeGreaterThan(0);
    const text = logs.map((line) => JSON.stringify(line)).join('\n');
    for (const [name, value] of Object.entries(secrets)) {
      expect({ name, logged: text.includes(value) }).toEqual({ name, logged: false });
    }
  };

  it('HTTP mode: loopback only, metrics behind the token, no secret logged, a drain before stopping', async () => {
    const app = await start('http', {
      SLACK_BOT_TOKEN: emulator.botToken,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      DRAIN_SECONDS: '5',
    });
    const running = await app.waitForLog((l) => l.msg === 'Taskbridge is running', 1000);
    await expectLoopbackOnly(app.baseUrl, running.listening);
    await expectMetricsGuarded(app.baseUrl);
    const signer = createSlackSigner({ appUrl: app.eventsUrl, signingSecret: SIGNING_SECRET, emulator });
    expect((await signer.command('/task help')).status).toBe(200);
    expect((await signer.command('/task show 1')).status).toBe(200);
    await emulator.waitForCall('response_url', () => true, 10_000);
    await sendWebhooks('http', app.baseUrl);
    expect((await fetch(`${app.baseUrl}/readyz`)).status).toBe(200);

    app.kill('SIGTERM');
    await until('/readyz to answer 503', async () =>
      (await fetch(`${app.baseUrl}/readyz`)).status === 503 ? true : undefined,
    );
    // Out of rotation, and still serving what reaches it meanwhile.
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
    expect((await signer.command('/task help')).status).toBe(200);
    expect(app.child.exitCode).toBeNull();
    expect(await app.exited).toEqual({ code: 0, signal: null });
    expectNoSecretIn(app.logs);
  }, 90_000);

  it('Socket Mode: the ops server on loopback only, metrics behind the token, no secret logged', async () => {
    const app = await start('socket', {
      SLACK_BOT_TOKEN: emulator.botToken,
      SLACK_APP_TOKEN: emulator.appToken,
    });
    const running = await app.waitForLog((l) => l.msg === 'Taskbridge is running', 1000);
    const opsUrl = String(running.opsUrl);
    await expectLoopbackOnly(opsUrl, running.opsListening);
    await expectMetricsGuarded(opsUrl);
    await until('the Socket Mode connection', async () =>
      emulator.socketMode.connectionCount('T0001') > 0 ? true : undefined,
    );
    const signer = createSlackSigner({
      appUrl: 'socket-mode:',
      signingSecret: SIGNING_SECRET,
      emulator,
      transport: 'socket',
    });
    expect((await signer.command('/task help')).status).toBe(200);
    await sendWebhooks('socket', opsUrl);
    app.kill('SIGTERM');
    expect(await app.exited).toEqual({ code: 0, signal: null });
    expectNoSecretIn(app.logs);
  }, 90_000);

  it('OAuth mode: an install and requests log no secret; the rate-limit notice is answered, with no missed-ack error', async () => {
    const app = await start('oauth', {
      SLACK_CLIENT_ID: CLIENT_ID,
      SLACK_CLIENT_SECRET: CLIENT_SECRET,
      SLACK_STATE_SECRET: STATE_SECRET,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      WORK_API_TEAM_ID: 'T0001',
    });
    await expectMetricsGuarded(app.baseUrl);
    // The install: Bolt's page sets the state cookie and sends the browser to Slack, which comes
    // back with a code (the emulator's) and the state.
    const page = await fetch(`${app.baseUrl}/slack/install`, { redirect: 'manual' });
    const state = new URL(String(page.headers.get('location'))).searchParams.get('state');
    const cookie = String(page.headers.get('set-cookie')).split(';')[0]!;
    const code = emulator.issueOAuthCode({ teamId: 'T0001' });
    const back = await fetch(`${app.baseUrl}/slack/oauth_redirect?code=${code}&state=${state}`, {
      headers: { cookie },
    });
    expect(back.status).toBe(200);
    const signer = createSlackSigner({ appUrl: app.eventsUrl, signingSecret: SIGNING_SECRET, emulator });
    expect((await signer.command('/task help')).status).toBe(200);

    // Slack's notice that it drops events: Bolt has no listener type for it and would never ack it.
    const notice = await signer.send(
      JSON.stringify({
        type: 'app_rate_limited',
        token: 'x',
        team_id: 'T0001',
        minute_rate_limited: 1518467820,
        api_app_id: emulator.team().appId,
      }),
      'application/json',
    );
    expect(notice.status).toBe(200);
    expect(app.logs.filter((l) => l.msg.includes('not acknowledged'))).toEqual([]);
    await sendWebhooks('oauth', app.baseUrl);
    app.kill('SIGTERM');
    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(app.logs.some((l) => l.msg.includes('oauth.v2.access'))).toBe(true);
    expectNoSecretIn(app.logs);
  }, 90_000);
});

/** Waits as the shared helper does, with this file's longer bound for a process to start. */
function until<T>(what: string, read: () => T | undefined | Promise<T | undefined>, ms = 20_000) {
  return untilWithin(what, read, ms);
}
