/**
 * @Taskbridge's answers, timed from the signed event to what the person sees: a bare mention in a
 * thread to its preview (the thread read, its permalink, its people named), and `@Taskbridge mine`
 * beside `/task mine`, the same verb by its two ways in. One at a time, so each figure is the
 * app's own time (the service warm: its lists cached after the first).
 *
 *   npx node bench/mention-preview.ts               (100 of each)
 *   npx node bench/mention-preview.ts --count 300
 *
 * The app runs in its own process (bench/support/ack-app-process.ts); this process runs the Slack
 * emulator, the sandbox and the load: real signed HTTP requests. Target: preview p99 <= 1 s.
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createSandbox } from '../src/sandbox/index.ts';
import { createSlackEmulator } from '../src/slack-emulator/index.ts';
import type { RecordedCall } from '../src/slack-emulator/model.ts';
import { createSlackSigner } from '../src/slack-emulator/signer.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '100' } } });
const COUNT = Number(values.count);
const TARGET_PREVIEW_MS = 1_000;
const signingSecret = 'bench-signing-secret';
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const loadBefore = load();

// The service's own limits on, and the app's (as deployed): a warm view answers `mine` at no request.
const sandbox = await createSandbox({ port: 0 });
const emulator = await createSlackEmulator({ port: 0 });
const child = fork(new URL('./support/ack-app-process.ts', import.meta.url), [
  JSON.stringify({
    slackApiUrl: emulator.url,
    botToken: emulator.botToken,
    signingSecret,
    workApiUrl: sandbox.url,
    workApiToken: sandbox.token,
  }),
]);
const { eventsUrl } = await new Promise<{ eventsUrl: string }>((resolve) =>
  child.once('message', (m) => resolve(m as { eventsUrl: string })),
);
const signer = createSlackSigner({ appUrl: eventsUrl, signingSecret, emulator });
const isBusy = (c: RecordedCall) => String(c.args.text ?? '').includes('The service is busy');

/** Runs `send` and waits for the first call of `method` that `match` accepts after it; its delay by the system clock. */
async function timed(method: string, send: () => Promise<unknown>, match: (c: RecordedCall) => boolean) {
  const seen = new Set(emulator.calls(method));
  const at = Date.now();
  await send();
  const call = await emulator.waitForCall(method, (c) => !seen.has(c) && !isBusy(c) && match(c), 10_000);
  return call.at - at;
}

const preview: number[] = [];
const mentionMine: number[] = [];
const commandMine: number[] = [];
for (let i = 0; i < COUNT; i++) {
  const root = emulator.addMessage({
    channel: 'C0WEBSITE',
    user: 'U0BEN',
    text: `Bench thread ${i}: the export hangs`,
  });
  emulator.addMessage({ channel: 'C0WEBSITE', user: 'U0CHLOE', text: 'Same here', threadTs: root.ts });
  preview.push(
    await timed(
      'chat.postEphemeral',
      () => signer.say({ user: 'U0ANA', channel: 'C0WEBSITE', text: '<@U0TASKBOT>', threadTs: root.ts }),
      (c) => c.args.thread_ts === root.ts,
    ),
  );
  mentionMine.push(
    await timed(
      'chat.postEphemeral',
      () => signer.say({ user: 'U0ANA', channel: 'C0GENERAL', text: '<@U0TASKBOT> mine' }),
      (c) => c.args.channel === 'C0GENERAL',
    ),
  );
  commandMine.push(
    await timed(
      'response_url',
      () => signer.command('/task mine', { user: 'U0ANA', channel: 'C0GENERAL' }),
      () => true,
    ),
  );
}

const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const row = (name: string, list: number[]) =>
  `  ${name.padEnd(28)} p50 ${String(pct(list, 50)).padStart(4)} ms   p90 ${String(pct(list, 90)).padStart(4)} ms   p99 ${String(pct(list, 99)).padStart(4)} ms   max ${String(pct(list, 100)).padStart(4)} ms`;
console.log(
  `mention preview: ${COUNT} of each, one at a time, signed over HTTP to the app in its own process`,
);
console.log(`  load average (1, 5, 15 min) before ${loadBefore}; after ${load()} (2 cores shared)`);
console.log(row('bare mention → preview', preview));
console.log(row('@Taskbridge mine → answer', mentionMine));
console.log(row('/task mine → answer', commandMine));
const pass = pct(preview, 99) <= TARGET_PREVIEW_MS;
console.log(`  target: preview p99 <= ${TARGET_PREVIEW_MS} ms`);
console.log(pass ? 'PASS' : 'FAIL');
console.log(`rerun: npx node bench/mention-preview.ts --count ${COUNT}`);
child.send('stop');
await emulator.close();
await sandbox.close();
