/**
 * `npm run chat`'s own words when it is called wrongly or asked for help: the real script, spawned
 * as npm runs it. Each case ends before anything starts, so none needs a running app.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHAT = fileURLToPath(new URL('../../../src/local/chat.ts', import.meta.url));
const chat = (...args: string[]) =>
  spawnSync(process.execPath, [CHAT, ...args], { encoding: 'utf8', timeout: 30_000 });

describe('npm run chat, asked for help or called wrongly', () => {
  it('--help prints who can type, where, and an example, and succeeds', () => {
    const run = chat('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: npm run chat -- [--as PERSON] [--channel CHANNEL] "/task …"');
    expect(run.stdout).toContain('--as       who types it: ana, ben, chloe, dev, zoe (default ana)');
    expect(run.stdout).toContain('--channel  where: general, website, random (default general)');
    expect(chat('-h').stdout).toBe(run.stdout);
  });

  it('an unknown option is named, with the usage, and exits 2 without a stack trace', () => {
    const run = chat('--bogus', '/task mine');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^Unknown option '--bogus'\.\nUsage: npm run chat/);
    expect(run.stderr).not.toMatch(/\bat \S+ \(|chat failed/);
  });

  it('words that are not a /task command get the usage; an unknown person is named', () => {
    const words = chat('mine');
    expect(words.status).toBe(2);
    expect(words.stderr).toMatch(/^Usage: npm run chat/);
    const nobody = chat('--as', 'zed', '/task mine');
    expect(nobody.status).toBe(2);
    expect(nobody.stderr).toBe('--as must be one of ana, ben, chloe, dev, zoe\n');
  });
});
