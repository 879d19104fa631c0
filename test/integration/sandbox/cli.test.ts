import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, '../../../src/sandbox/cli.ts');
const running: ChildProcess[] = [];

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, SANDBOX_PORT: '', SANDBOX_TOKEN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const printed = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = stdout.match(pattern);
        if (match) resolve(match);
      };
      child.stdout?.on('data', check);
      child.on('exit', () => reject(new Error(`exited before printing ${pattern}: ${stderr}`)));
      check();
    });
  return { child, exited, printed, output: () => ({ stdout, stderr }) };
}

describe('npm run sandbox (src/sandbox/cli.ts)', () => {
  it('starts, prints the base URL and token, serves, and stops on SIGTERM', async () => {
    const cli = run(['--db', ':memory:', '--token', 'cli-token-12345'], { SANDBOX_PORT: '0' });
    const [, url] = await cli.printed(/base URL\s+(\S+)/);
    await cli.printed(/token\s+cli-token-12345/);
    const res = await fetch(`${url}/projects`, { headers: { authorization: 'Bearer cli-token-12345' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('applies limit and fault flags', async () => {
    const cli = run(['--db', ':memory:', '--port', '0', '--rate-limit', 'general=2', '--control']);
    const [, url] = await cli.printed(/base URL\s+(\S+)/);
    const [, token] = await cli.printed(/token\s+(\S+)/);
    const headers = { authorization: `Bearer ${token}` };
    expect((await fetch(`${url}/projects`, { headers })).headers.get('x-ratelimit-limit')).toBe('2');
    const control = await fetch(`${url?.replace(/\/api$/, '')}/__control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"outage":true}',
    });
    expect(control.status).toBe(200);
    expect((await fetch(`${url}/projects`, { headers })).status).toBe(503);
  });

  it('serves the spec-minimal profile with --profile spec-minimal, and ignores page with --ignore-page', async () => {
    const cli = run(['--db', ':memory:', '--port', '0', '--profile', 'spec-minimal', '--ignore-page']);
    const [, url] = await cli.printed(/base URL\s+(\S+)/);
    const [, token] = await cli.printed(/token\s+(\S+)/);
    await cli.printed(/profile\s+spec-minimal \(page ignored\)/);
    const headers = { authorization: `Bearer ${token}` };
    const project = await fetch(`${url}/projects/1`, { headers });
    expect(project.headers.get('x-ratelimit-limit')).toBeNull();
    expect(await project.json()).toEqual({ id: 1, name: 'Website' });
    const page2 = (await (await fetch(`${url}/tasks?page=2`, { headers })).json()) as { meta: object };
    expect(page2.meta).toEqual({ total: 22, per_page: 10, current_page: 1 });
    expect((await fetch(`${url}/mind-maps/1`, { headers })).status).toBe(404);
  });

  it('mints a token for another member of the same database file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
    try {
      const db = join(dir, 'sandbox.db');
      const server = run(['--db', db, '--port', '0', '--no-rate-limit']);
      const [, url] = await server.printed(/base URL\s+(\S+)/);
      const minted = run(['token', '--member', '2', '--name', 'Slack app', '--db', db]);
      expect(await minted.exited).toBe(0);
      const token = minted.output().stdout.trim();
      const members = await fetch(`${url}/projects/2/members`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(members.status).toBe(200);
      const unknown = run(['token', '--member', '42', '--db', db]);
      expect(await unknown.exited).toBe(1);
      expect(unknown.output().stderr).toMatch(/member 42 does not exist/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('explains a bad flag and exits 2', async () => {
    for (const args of [
      ['--port', 'eighty'],
      ['--error-rate', '2'],
      ['--rate-limit', 'burst=5'],
      ['--bogus'],
    ]) {
      const cli = run(['--db', ':memory:', ...args]);
      expect(await cli.exited, args.join(' ')).toBe(2);
      expect(cli.output().stderr).toMatch(/^sandbox: /);
      expect(cli.output().stderr).toMatch(/Usage:/);
    }
  });
});
