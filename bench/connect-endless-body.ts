/**
 * The app's memory under a hostile service: three `/task connect` submissions at an address that
 * answers with an endless body, sent to the real app (`node src/main.ts`, HTTP mode) in its own
 * process. Prints the process's RSS before, after each submission, and its peak (VmHWM), what
 * the admin was told, and whether the app still answers.
 *
 *   npx node bench/connect-endless-body.ts
 *   npx node bench/connect-endless-body.ts --entry /tmp/older-copy/src/main.ts   (another checkout)
 *
 * The endless server is on loopback, which the address policy refuses: the app is started with
 * WORK_API_ALLOWED_HOSTS naming it, so the answer really streams (an older copy ignores the setting).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSlackEmulator } from '../src/slack-emulator/index.ts';
import { createSlackSigner } from '../src/slack-emulator/signer.ts';
import { startAppProcess } from '../test/support/app-process.ts';
import { startHostileService } from '../test/support/hostile-service.ts';

const { values } = parseArgs({ options: { entry: { type: 'string' } } });
const SIGNING_SECRET = 'bench-connect-endless-secret';
const SUBMISSIONS = 3;

const dir = mkdtempSync(join(tmpdir(), 'taskbridge-bench-endless-'));
const emulator = await createSlackEmulator({ port: 0 });
const endless = await startHostileService({ kind: 'endless' });
const app = await startAppProcess(
  'endless-bench',
  {
    SLACK_BOT_TOKEN: emulator.botToken,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: emulator.url,
    STORE_URL: `sqlite:${join(dir, 'app.db')}`,
    ENCRYPTION_KEY: 'cd'.repeat(32),
    PORT: '0',
    LOG_LEVEL: 'info',
    WORK_API_ALLOWED_HOSTS: `127.0.0.1:${endless.port}`,
  },
  60_000,
  values.entry ? { entry: values.entry } : {},
);
const signer = createSlackSigner({ appUrl: app.eventsUrl, signingSecret: SIGNING_SECRET, emulator });

/** VmRSS and VmHWM (peak) of the app process, in MB. */
function memory(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${app.child.pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

// A first command loads what every command needs, so the baseline is the app at work, not cold.
await signer.command('/task help');
await emulator.waitForCall('response_url', undefined, 10_000);
const before = memory();
console.log(`app at rest: RSS ${before.rss} MB (peak so far ${before.peak} MB)`);

for (let i = 1; i <= SUBMISSIONS; i++) {
  emulator.clearCalls();
  await signer.command('/task connect', { user: 'U0ANA' });
  const opened = await emulator.waitForCall('views.open', undefined, 10_000);
  const started = performance.now();
  const res = await signer.viewSubmission({
    user: 'U0ANA',
    view: opened.response.view as { id: string; blocks: unknown[] },
    values: {
      cn_base_url: { cn_base_url_input: endless.url },
      cn_token: { cn_token_input: 'bench-token-0123456789' },
    },
  });
  const ms = Math.round(performance.now() - started);
  const now = memory();
  const told = JSON.stringify(res.body ?? '').slice(0, 160);
  console.log(
    `submission ${i}: answered ${res.status} in ${ms} ms; RSS ${now.rss} MB, peak ${now.peak} MB; told ${told}`,
  );
}

emulator.clearCalls();
await signer.command('/task help');
const answered = await emulator
  .waitForCall('response_url', undefined, 10_000)
  .then(() => true)
  .catch(() => false);
const after = memory();
console.log(
  `after ${SUBMISSIONS} submissions: RSS ${after.rss} MB (${after.rss - before.rss >= 0 ? '+' : ''}${after.rss - before.rss} MB), peak ${after.peak} MB; app still answers: ${answered}`,
);
const reasons = app.logs.filter((line) => line.msg === 'connect: service not reached');
const leaks = app.logs.filter((line) => JSON.stringify(line).includes('bench-token-0123456789'));
console.log(
  `logged reasons: ${JSON.stringify(reasons[0]?.reason ?? 'none')}; log lines holding the token: ${leaks.length}`,
);
console.log(`rerun: npx node bench/connect-endless-body.ts${values.entry ? ` --entry ${values.entry}` : ''}`);

app.kill('SIGTERM');
await app.exited;
await endless.close();
await emulator.close();
rmSync(dir, { recursive: true, force: true });
