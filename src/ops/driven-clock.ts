/**
 * The clock of an app process a test drives (TASKBRIDGE_CLOCK=manual, refused by src/config.ts
 * anywhere but a test's child process): it stands at its start until the parent, over the IPC
 * channel only it holds (`child_process` with an `ipc` stdio), sends `{ clock: 'set', at, id }`;
 * the clock then moves to `at`, firing the timers due on the way in order, and answers
 * `{ clock: 'moved', id, at }`. Several processes given the same `at` share one time. Nothing
 * listens on a port for it: a deployed process has no such channel.
 */
import { ManualClock } from '../lib/manual-clock.ts';

interface ClockMessage {
  clock: 'set';
  at: number;
  id: number;
}

export function drivenClock(start: number): ManualClock {
  const send = process.send?.bind(process);
  if (!send) throw new Error('TASKBRIDGE_CLOCK=manual needs an IPC channel from the parent process');
  const clock = new ManualClock(start);
  // Moves run one after another, each to a time no earlier than the last.
  let moving = Promise.resolve();
  process.on('message', (message: unknown) => {
    if (!isClockMessage(message)) return;
    moving = moving.then(async () => {
      await clock.set(Math.max(message.at, clock.nowMs()));
      send({ clock: 'moved', id: message.id, at: clock.nowMs() });
    });
  });
  // The channel alone does not keep the process running: its servers do.
  process.channel?.unref();
  return clock;
}

function isClockMessage(message: unknown): message is ClockMessage {
  const m = message as Partial<ClockMessage> | null;
  return m?.clock === 'set' && Number.isFinite(m.at) && Number.isFinite(m.id);
}
