/**
 * `/task connect` holds an admin's address to the address policy: loopback, private, link-local and
 * metadata addresses in any spelling, localhost and plain http are refused before a socket opens,
 * and every way of not reaching a service (refused, closed port, 404, endless answer, drip) reads
 * the same to the admin, so the form cannot probe what answers where. Nothing is saved.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREACHABLE_SERVICE } from '../../src/slack/features/account/connect-submitted.ts';
import { type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { type HostileService, startHostileService } from '../support/hostile-service.ts';

let h: Harness;
/** A service that would take the token: the refused addresses all point at it. */
let recorder: HostileService;
let notFound: HostileService;
let endless: HostileService;
let drip: HostileService;
let closedPort: number;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  recorder = await startHostileService({ kind: 'ok' });
  notFound = await startHostileService({ kind: 'status', status: 404 });
  endless = await startHostileService({ kind: 'endless' });
  drip = await startHostileService({ kind: 'drip', everyMs: 50 });
  closedPort = await freePort();
  h = await startHarness({
    connect: false,
    // The operator trusts these test servers (they are on loopback); the recorder is not listed.
    addressPolicy: {
      allowPrivate: false,
      allowedHosts: [notFound, endless, drip]
        .map((s) => `127.0.0.1:${s.port}`)
        .concat(`127.0.0.1:${closedPort}`),
    },
  });
}, 60_000);

afterAll(async () => {
  await h?.close();
  for (const service of [recorder, notFound, endless, drip]) await service?.close();
});

async function submitConnect(baseUrl: string): Promise<unknown> {
  h.emulator.clearCalls();
  await h.signer.command('/task connect', { user: USERS.ana });
  const opened = await h.emulator.waitForCall('views.open', undefined, 5_000);
  const res = await h.signer.viewSubmission({
    user: USERS.ana,
    view: opened.response.view as { id: string; blocks: unknown[] },
    values: {
      cn_base_url: { cn_base_url_input: baseUrl },
      cn_token: { cn_token_input: 'a-real-looking-token-0123' },
    },
  });
  expect(res.status).toBe(200);
  return res.body;
}

const theOneMessage = { response_action: 'errors', errors: { cn_base_url: UNREACHABLE_SERVICE } };

describe('/task connect and the address policy', () => {
  it('refuses loopback, private and metadata addresses in every spelling, before any connection', async () => {
    const port = recorder.port;
    for (const address of [
      `http://127.0.0.1:${port}/api`,
      `https://127.0.0.1:${port}/api`,
      `https://127.1:${port}/api`,
      `https://2130706433:${port}/api`,
      `https://0x7f.1:${port}/api`,
      `https://[::1]:${port}/api`,
      `https://[::ffff:127.0.0.1]:${port}/api`,
      `https://localhost:${port}/api`,
      'https://10.0.0.1/api',
      'https://169.254.169.254/api',
    ]) {
      expect(await submitConnect(address), address).toEqual(theOneMessage);
    }
    expect(recorder.connections()).toBe(0);
    expect(recorder.requests).toHaveLength(0);
    expect(await h.app.deps.connections.describe(TEAM)).toBeUndefined();
  });

  it('a closed port, a 404, an endless answer and a drip all read the same, and nothing is saved', async () => {
    for (const address of [
      `http://127.0.0.1:${closedPort}/api`,
      `${notFound.url}`,
      `${endless.url}`,
      `${drip.url}`,
    ]) {
      expect(await submitConnect(address), address).toEqual(theOneMessage);
    }
    expect(notFound.requests).toHaveLength(1);
    expect(endless.requests).toHaveLength(1);
    await endless.allClosed();
    expect(await h.app.deps.connections.describe(TEAM)).toBeUndefined();
    // The app still answers.
    h.emulator.clearCalls();
    await h.signer.command('/task help');
    await h.emulator.waitForCall('response_url', undefined, 5_000);
  });
});
