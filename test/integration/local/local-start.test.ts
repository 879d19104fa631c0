/**
 * `npm start` in local mode: it listens on loopback unless HOST says otherwise, says where, and a
 * port already taken names the setting that moves it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { createLogger } from '../../../src/lib/logger.ts';
import { commandReplies } from '../../../src/local/command-replies.ts';
import { type LocalSystem, startLocalSystem } from '../../../src/local/local-system.ts';
import { PortInUseError } from '../../../src/local/port-in-use.ts';
import { createSandbox } from '../../../src/sandbox/index.ts';
import { DEFAULT_SEED, ORG_SEED } from '../../../src/slack-emulator/index.ts';

const dirs: string[] = [];
const servers: Server[] = [];
let system: LocalSystem | undefined;

afterEach(async () => {
  await system?.stop();
  system = undefined;
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taskbridge-local-'));
  dirs.push(dir);
  return dir;
}

function options(ports: { port: number; sandboxPort: number }) {
  return {
    dataDir: scratchDir(),
    storeUrl: 'sqlite::memory:',
    encryptionKey: 'ab'.repeat(32),
    scheduleDigests: false,
    logger: createLogger({ level: 'silent' }),
    ...ports,
  };
}

/** A port taken by another listener on loopback. */
async function takenPort(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Takes `port` on loopback; false when something else has it. */
async function take(port: number): Promise<boolean> {
  const server = createServer();
  const ok = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (ok) servers.push(server);
  return ok;
}

/** Two ports in a row, both taken here: the first is the one asked for, the next no better. */
async function takenPair(): Promise<number> {
  for (;;) {
    const first = await takenPort();
    if (first < 65535 && (await take(first + 1))) return first;
  }
}

describe('local mode', () => {
  it('listens on loopback only by default, and says so', async () => {
    expect(loadConfig({}, { dataDir: scratchDir() }).host).toBe('127.0.0.1');
    system = await startLocalSystem(options({ port: 0, sandboxPort: 0 }));
    expect(system.listening).toMatch(/^127\.0\.0\.1 only, port \d+$/);
    expect(system.eventsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/slack\/events$/);
    expect(system.sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  it('reads each reply of `npm run chat` once, the one that came in the ack included', async () => {
    system = await startLocalSystem(options({ port: 0, sandboxPort: 0 }));
    const ana = DEFAULT_SEED.users.ana.id;
    const mine = await commandReplies(system, { user: ana, channel: 'general', text: '/task mine' });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatch(/^--- only you ---\n== Your tasks ==/);
    const help = await commandReplies(system, { user: ana, channel: 'general', text: '/task help' });
    expect(help).toHaveLength(1);
    expect(help[0]).toContain('/task link');
  });

  it('runs with the Grid org (LOCAL_SLACK_ORG) over HTTP, Acme as before, and refuses it over Socket Mode', async () => {
    await expect(
      startLocalSystem({ ...options({ port: 0, sandboxPort: 0 }), org: true, transport: 'socket' }),
    ).rejects.toThrow('LOCAL_SLACK_ORG needs LOCAL_SLACK_TRANSPORT=http');
    system = await startLocalSystem({ ...options({ port: 0, sandboxPort: 0 }), org: true });
    const acme = await commandReplies(system, {
      user: DEFAULT_SEED.users.ana.id,
      channel: 'general',
      text: '/task mine',
    });
    expect(acme[0]).toMatch(/^--- only you ---\n== Your tasks ==/);
    const eng = await commandReplies(system, {
      user: ORG_SEED.users.eve.id,
      channel: ORG_SEED.channels.eng.id,
      text: '/task mine',
    });
    expect(eng[0]).toMatch(/^--- only you ---\n== Your tasks ==/);
    const legal = await commandReplies(system, {
      user: ORG_SEED.users.leo.id,
      channel: ORG_SEED.channels.legal.id,
      text: '/task mine',
    });
    expect(legal.join('\n')).toContain('has not been added to this workspace');
  });

  it('listens where HOST says', async () => {
    const config = loadConfig({ HOST: '0.0.0.0' }, { dataDir: scratchDir() });
    system = await startLocalSystem({ ...options({ port: 0, sandboxPort: 0 }), host: config.host });
    expect(system.listening).toMatch(/^every interface, port \d+$/);
  });

  it('suggests a port that is free, not merely the next one', async () => {
    const appPort = await takenPair();
    const error = await startLocalSystem(options({ port: appPort, sandboxPort: 0 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortInUseError);
    const { free, message } = error as PortInUseError;
    expect(free).toBeGreaterThan(appPort + 1);
    expect(message).toContain(`\`PORT=${free} npm start\``);
    // Free indeed: it can be listened on now.
    expect(await take(free!)).toBe(true);
  });

  it('names PORT when the app’s port is taken, and SANDBOX_PORT when the sandbox’s is', async () => {
    const appPort = await takenPort();
    const app = startLocalSystem(options({ port: appPort, sandboxPort: 0 }));
    await expect(app).rejects.toBeInstanceOf(PortInUseError);
    await expect(app).rejects.toThrow(/Set PORT to a free port/);
    const sandboxPort = await takenPort();
    await expect(startLocalSystem(options({ port: 0, sandboxPort }))).rejects.toThrow(
      new RegExp(`port ${sandboxPort} \\(the sandbox\\) is already in use.*Set SANDBOX_PORT`),
    );
  });

  it('registers its own service-events endpoint with the local sandbox, replacing an earlier one', async () => {
    const opts = options({ port: 0, sandboxPort: 0 });
    system = await startLocalSystem(opts);
    await system.stop();
    system = await startLocalSystem(opts);
    const hooks = system.sandbox.webhooks.list();
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.url.startsWith(`${new URL(system.eventsUrl!).origin}/service/events/`)).toBe(true);
    const res = await fetch(`${system.sandbox.url}/tasks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${system.sandbox.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ project_id: 1, title: 'Told by webhook' }),
    });
    expect(res.status).toBe(201);
    await system.sandbox.webhooks.idle();
    await system.app.serviceEvents.endpoint.settled();
    expect(system.sandbox.webhooks.deliveries().at(-1)).toMatchObject({
      state: 'delivered',
      last_status: 204,
    });
    const settings = await system.app.deps.serviceEvents.describe(DEFAULT_SEED.team.id);
    expect(settings?.lastDeliveryAt).toBeTruthy();
  });

  it('leaves no webhook behind when it stops, and in Socket Mode removes an earlier HTTP run’s', async () => {
    const dataDir = scratchDir();
    const opts = { ...options({ port: 0, sandboxPort: 0 }), dataDir, storeUrl: `sqlite:${dataDir}/app.db` };
    const team = DEFAULT_SEED.team.id;
    // A run killed before its stop leaves its registration and secret (its app stops, nothing else).
    const killed = await startLocalSystem(opts);
    expect(killed.sandbox.webhooks.list()).toHaveLength(1);
    expect(await killed.app.deps.serviceEvents.secretOf(team)).toBeDefined();
    await killed.app.stop();
    // The next run is in Socket Mode: the address nobody answers and the secret that stops polling go.
    system = await startLocalSystem({ ...opts, transport: 'socket' as const });
    expect(system.sandbox.webhooks.list()).toEqual([]);
    expect(await system.app.deps.serviceEvents.secretOf(team)).toBeUndefined();
    await system.stop();
    await killed.sandbox.close();
    await killed.emulator.close();
    // A stopped HTTP run (a one-shot `npm run chat` too) leaves nothing registered either.
    system = await startLocalSystem(opts);
    await system.stop();
    system = undefined;
    const sandbox = await createSandbox({ port: 0, dbPath: `${dataDir}/sandbox.db` });
    try {
      expect(sandbox.webhooks.list()).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });
});
