/**
 * The floor an app's RSS at rest is read against: a bare Bolt app (bare-bolt-process.ts) started
 * with the same Node flags, left a second to settle, measured after a full GC, then stopped. It
 * runs alone, before the app under test starts, so the two never share the machine's memory.
 */
import { fork } from 'node:child_process';
import type { ProcessStats } from './process-stats.ts';

export async function bareBoltAtRest(
  settings: { slackApiUrl: string; botToken: string; signingSecret: string },
  execArgv: string[],
  env: NodeJS.ProcessEnv,
): Promise<ProcessStats> {
  const child = fork(new URL('./bare-bolt-process.ts', import.meta.url), [JSON.stringify(settings)], {
    execArgv,
    env,
  });
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  await next();
  await new Promise((r) => setTimeout(r, 1_000));
  child.send('gc');
  const stats = await next<ProcessStats>();
  const exited = new Promise((r) => child.once('exit', r));
  child.send('stop');
  await exited;
  return stats;
}
