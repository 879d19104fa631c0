/**
 * Time goes through the Clock (src/lib/clock.ts), so that tests move it rather than wait: app code
 * calls no `setTimeout`/`setInterval`/`setImmediate`, `Date.now()` or `new Date()` of its own. Left
 * out: the clock module itself, and what stands for the outside world (the service's sandbox, the
 * Slack emulator and the playground that drives it like a person at a Slack client). A line may keep
 * real time only with a comment on the line above starting `Real time:` saying why (a socket's
 * deadline runs in the world's time).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const OUTSIDE = [
  'src/lib/clock.ts',
  'src/lib/manual-clock.ts',
  'src/sandbox/',
  'src/slack-emulator/',
  'src/playground/',
];
const DIRECT = /\b(?:setTimeout|setInterval|setImmediate)\s*\(|\bDate\.now\s*\(|\bnew Date\s*\(\s*\)/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Every line of app code that reads or waits on time by itself, as `file:line: code`. */
function directTimeIn(files: Array<{ path: string; text: string }>): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      const code = line.replace(/\/\/.*$/, '').trim();
      if (code.startsWith('*') || code.startsWith('/*') || !DIRECT.test(code)) return;
      if (/^\s*\/\/ Real time: \S/.test(lines[i - 1] ?? '')) return;
      found.push(`${path}:${i + 1}: ${code}`);
    });
  }
  return found;
}

describe('time on the clock', () => {
  it('app code sets no timer and reads no time of its own', () => {
    const files = sources(join(root, 'src'))
      .map((file) => relative(root, file))
      .filter((path) => !OUTSIDE.some((outside) => path.startsWith(outside)))
      .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(directTimeIn(files)).toEqual([]);
  });

  it('finds a direct timer, Date.now() and new Date(), and lets a line marked Real time pass', () => {
    const text = [
      'const a = setTimeout(run, 5);',
      'const b = Date.now();',
      'const c = new Date();',
      'const d = new Date(stamp);',
      '// Real time: a socket deadline.',
      'const e = setTimeout(giveUp, 5);',
      '// setInterval(look, 5) in a comment',
    ].join('\n');
    expect(directTimeIn([{ path: 'x.ts', text }]).map((line) => line.split(':')[1])).toEqual(['1', '2', '3']);
  });
});
