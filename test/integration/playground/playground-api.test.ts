/**
 * The playground's server without a browser: `npm run chat` through a running copy, what a person
 * sees (their ephemeral messages only), bad input refused with a reason, only the named browser
 * builds served from node_modules, and the page's shortcuts matching manifest.yml.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GLOBAL_SHORTCUTS, MESSAGE_SHORTCUTS } from '../../../src/playground/shortcuts.ts';
import { type PlaygroundSystem, startPlaygroundSystem } from '../../support/playground-system.ts';
import { until } from '../../support/until.ts';

const run = promisify(execFile);
let playground: PlaygroundSystem;
let base: string;

const post = async (name: string, body: unknown) => {
  const response = await fetch(`${base}api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
/** A request with the headers given as they are (fetch will not send a Host of our choosing). */
const raw = (method: string, path: string, headers: Record<string, string>, body?: string) =>
  new Promise<{ status: number }>((resolve, reject) => {
    const { port } = new URL(base);
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end(body);
  });
const snapshot = async (user: string, channel: string) =>
  (await (await fetch(`${base}api/snapshot?user=${user}&channel=${channel}`)).json()) as {
    messages: Array<{ text: string; ephemeral?: boolean }>;
  };

describe('the playground server', () => {
  beforeAll(async () => {
    playground = await startPlaygroundSystem();
    base = playground.url;
  }, 30_000);
  afterAll(async () => {
    await playground?.stop();
  });

  it('answers npm run chat through the running copy, in the workspace the page shows', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'taskbridge-chat-'));
    mkdirSync(join(cwd, 'data'));
    writeFileSync(join(cwd, 'data', 'running.json'), JSON.stringify({ playground: base }));
    try {
      const chat = join(import.meta.dirname, '../../../src/local/chat.ts');
      const { stdout } = await run(
        process.execPath,
        [chat, '--channel', 'website', '/task new Chat-made task #Website'],
        {
          cwd,
        },
      );
      expect(stdout).toContain('Chat-made task');
      // Typed markup is sent escaped, as Slack sends it: the title is what was typed.
      await run(process.execPath, [chat, '--channel', 'website', '/task new <b>Bold</b> & co #Website'], {
        cwd,
      });
      const titles = playground.system.sandbox.db
        .prepare("SELECT title FROM tasks WHERE title LIKE '%Bold%'")
        .all() as Array<{ title: string }>;
      expect(titles.map((t) => t.title)).toEqual(['<b>Bold</b> & co']);
      // The card is in the running copy's #website, where the page reads it.
      const seen = await snapshot('U0ANA', 'C0WEBSITE');
      expect(JSON.stringify(seen.messages)).toContain('Chat-made task');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('shows an ephemeral answer only to the person it was for, marked as such', async () => {
    await post('command', { user: 'U0BEN', channel: 'C0RANDOM', text: '/task help' });
    const ben = await snapshot('U0BEN', 'C0RANDOM');
    expect(ben.messages.some((m) => m.ephemeral && m.text.includes('/task'))).toBe(true);
    const ana = await snapshot('U0ANA', 'C0RANDOM');
    expect(ana.messages.filter((m) => m.ephemeral)).toEqual([]);
  });

  it('answers Slack’s words for a command that is not the app’s', async () => {
    await post('command', { user: 'U0ANA', channel: 'C0RANDOM', text: '/giphy cats' });
    const ana = await snapshot('U0ANA', 'C0RANDOM');
    expect(ana.messages.at(-1)?.text).toContain('is not a valid command');
  });

  it('refuses bad input with a reason, and keeps serving', async () => {
    expect(
      await post('command', { user: 'U0NOBODY', channel: 'C0GENERAL', text: '/task help' }),
    ).toMatchObject({
      status: 400,
      body: { error: 'No person U0NOBODY in the workspace' },
    });
    expect((await post('message', { user: 'U0ANA', channel: 'C0GENERAL', text: '  ' })).status).toBe(400);
    const garbled = await fetch(`${base}api/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(garbled.status).toBe(400);
    expect((await fetch(`${base}api/snapshot?user=U0ANA&channel=C0GENERAL`)).status).toBe(200);
  });

  it('changes a person’s zone as Slack would tell the app, and reads their next due date in it', async () => {
    const year = new Date().getUTCFullYear() + 1;
    const dueOf9 = () =>
      (
        playground.system.sandbox.db.prepare('SELECT due_date FROM tasks WHERE id = 9').get() as {
          due_date: string;
        }
      ).due_date;
    await post('command', { user: 'U0ANA', channel: 'C0GENERAL', text: `/task due 9 ${year}-12-03` });
    // Ana is in London, on GMT in December.
    await until('the due date in London', () =>
      dueOf9()?.startsWith(`${year}-12-03T23:59:59`) ? true : undefined,
    );
    expect(await post('person', { user: 'U0ANA', tz: 'Asia/Tokyo' })).toMatchObject({
      status: 200,
      body: { tz: 'Asia/Tokyo' },
    });
    await post('command', { user: 'U0ANA', channel: 'C0GENERAL', text: `/task due 9 ${year}-12-03` });
    await until('the due date in Tokyo', () =>
      dueOf9()?.startsWith(`${year}-12-03T14:59:59`) ? true : undefined,
    );
    expect((await post('person', { user: 'U0ANA', tz: 'Mars/Olympus' })).status).toBe(400);
    expect((await post('person', { user: 'U0NOBODY', tz: 'Asia/Tokyo' })).status).toBe(400);
    await post('person', { user: 'U0ANA', tz: 'Europe/London' });
  });

  it('lists one workspace without LOCAL_SLACK_ORG, so the page shows no workspace switcher', async () => {
    const seen = (await (await fetch(`${base}api/snapshot?user=U0ANA&channel=C0GENERAL`)).json()) as {
      workspaces: Array<{ id: string }>;
    };
    expect(seen.workspaces.map((w) => w.id)).toEqual(['T0001']);
  });

  it('refuses other sites and other names with a 403, and does nothing for them', async () => {
    const { port } = new URL(base);
    const chat = (title: string) =>
      JSON.stringify({ user: 'U0ANA', channel: 'C0WEBSITE', text: `/task new ${title} #Website` });
    const attempts: Array<{ why: string; headers: Record<string, string>; body?: string; method?: string }> =
      [
        {
          why: 'a foreign page, as a simple form',
          headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
          body: chat('Forged A'),
        },
        {
          why: 'a foreign page, even with JSON',
          headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
          body: chat('Forged B'),
        },
        {
          why: 'a sandboxed page (Origin: null)',
          headers: { origin: 'null', 'content-type': 'application/json' },
          body: chat('Forged C'),
        },
        {
          why: 'no Origin, a simple content type',
          headers: { 'content-type': 'text/plain' },
          body: chat('Forged D'),
        },
        {
          why: 'DNS rebinding: a foreign name',
          headers: { host: `evil.example:${port}`, 'content-type': 'application/json' },
          body: chat('Forged E'),
        },
        {
          why: 'a foreign name with its own origin',
          headers: {
            host: `evil.example:${port}`,
            origin: `http://evil.example:${port}`,
            'content-type': 'application/json',
          },
          body: chat('Forged F'),
        },
        {
          why: 'another port',
          headers: { host: '127.0.0.1:1', 'content-type': 'application/json' },
          body: chat('Forged G'),
        },
        {
          why: 'a page read through a foreign name',
          method: 'GET',
          headers: { host: `evil.example:${port}` },
        },
      ];
    for (const attempt of attempts) {
      const answer = await raw(attempt.method ?? 'POST', '/api/chat', attempt.headers, attempt.body);
      expect({ why: attempt.why, status: answer.status }).toEqual({ why: attempt.why, status: 403 });
    }
    // The page itself: its own origin, by each loopback name.
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const own = await raw(
        'POST',
        '/api/chat',
        { host, origin: `http://${host}`, 'content-type': 'application/json' },
        chat(`Own ${host}`),
      );
      expect(own.status).toBe(200);
    }
    expect((await raw('GET', '/', { host: `localhost:${port}` })).status).toBe(200);
    const seen = JSON.stringify((await snapshot('U0ANA', 'C0WEBSITE')).messages);
    expect(seen).toContain(`Own 127.0.0.1:${port}`);
    expect(seen).not.toContain('Forged');
  });

  it('serves the named browser builds, and nothing else of node_modules or outside web/', async () => {
    const preact = await fetch(`${base}vendor/preact.mjs`);
    expect(preact.headers.get('content-type')).toContain('text/javascript');
    for (const path of [
      'vendor/package.json',
      'web/../playground-server.ts',
      'web/%2e%2e/playground-server.ts',
    ]) {
      expect((await fetch(`${base}${path}`)).status).toBe(404);
    }
  });

  it('offers the shortcuts manifest.yml declares, by the same names', () => {
    const manifest = parse(readFileSync('manifest.yml', 'utf8')) as {
      features: {
        shortcuts: Array<{ name: string; type: string; callback_id: string; description: string }>;
      };
    };
    const declared = (type: string) =>
      manifest.features.shortcuts
        .filter((s) => s.type === type)
        .map((s) => ({ callbackId: s.callback_id, name: s.name, description: s.description }));
    expect(MESSAGE_SHORTCUTS).toEqual(declared('message'));
    expect(GLOBAL_SHORTCUTS).toEqual(declared('global'));
  });
});
