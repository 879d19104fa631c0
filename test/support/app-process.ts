/**
 * The real app (`node src/main.ts`) in a child process, with `npm start`'s Node flags and
 * environment (app-node-flags.ts), configured by its environment as an operator would, with its
 * JSON log lines (pino) collected for the tests to read.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { APP_ENTRY, APP_NODE_ENV, APP_NODE_FLAGS } from './app-node-flags.ts';

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface AppProcess {
  name: string;
  child: ChildProcess;
  /** The app's base URL (http://127.0.0.1:PORT), from its "running" log line (the ops server's in Socket Mode). */
  baseUrl: string;
  eventsUrl: string;
  logs: LogLine[];
  /** Resolves with the first log line (from now or already seen) that matches. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs: number): Promise<LogLine>;
  /** Resolves when the process has exited, with its code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
  /**
   * With `drivenClock`: moves the process's clock to `at` (epoch ms), resolving once its timers due
   * by then have fired (src/ops/driven-clock.ts) with the time it then reads; a process that has
   * exited is left where it is (undefined).
   */
  setClock(at: number): Promise<number | undefined>;
}

export interface AppProcessOptions {
  /** Pins the process to these CPUs (`taskset -c`, e.g. '0' or '0,1'); default: wherever the OS runs it. */
  cpus?: string;
  /** Another copy's entry (a bench comparing with an older checkout); default: this project's. */
  entry?: string;
  /**
   * Runs the app on a clock the test moves (TASKBRIDGE_CLOCK=manual), starting at this time (epoch
   * ms), over an IPC channel to the child: see `setClock` and test/support/shared-time.ts.
   */
  drivenClock?: number;
}

export async function startAppProcess(
  name: string,
  env: Record<string, string>,
  startTimeoutMs = 60_000,
  options: AppProcessOptions = {},
): Promise<AppProcess> {
  // taskset execs node in its own place, so the child's pid (and its signals) stay the app's.
  const entry = options.entry ?? APP_ENTRY;
  const [command, args] = options.cpus
    ? ['taskset', ['-c', options.cpus, process.execPath, ...APP_NODE_FLAGS, entry]]
    : [process.execPath, [...APP_NODE_FLAGS, entry]];
  const child = spawn(command, args, {
    // Nothing from the test's own environment leaks in but what Node needs to run.
    // No drain period unless a test asks for one: a SIGTERM stops the app at once.
    env: {
      PATH: process.env.PATH ?? '',
      ...APP_NODE_ENV,
      DRAIN_SECONDS: '0',
      ...(options.drivenClock === undefined
        ? {}
        : { TASKBRIDGE_CLOCK: 'manual', TASKBRIDGE_CLOCK_START: String(options.drivenClock) }),
      ...env,
    },
    stdio: options.drivenClock === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const moves = new Map<number, (at: number | undefined) => void>();
  let moveId = 0;
  child.on('message', (message: { clock?: string; id?: number; at?: number }) => {
    if (message?.clock !== 'moved' || message.id === undefined) return;
    moves.get(message.id)?.(message.at);
    moves.delete(message.id);
  });
  child.once('exit', () => {
    for (const done of moves.values()) done(undefined);
    moves.clear();
  });
  const setClock = (at: number): Promise<number | undefined> => {
    if (!child.connected || child.exitCode !== null || child.signalCode !== null)
      return Promise.resolve(undefined);
    const id = ++moveId;
    return new Promise<number | undefined>((resolve) => {
      moves.set(id, resolve);
      child.send({ clock: 'set', at, id }, (error) => {
        // The process went away between the check and the send: nothing to move.
        if (error) {
          moves.delete(id);
          resolve(undefined);
        }
      });
    });
  };
  const logs: LogLine[] = [];
  const waiters = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  let stderr = '';
  let buffered = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let end = buffered.indexOf('\n');
    while (end >= 0) {
      const text = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\n');
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        line = { level: 0, msg: text, notJson: true };
      }
      logs.push(line);
      for (const waiter of waiters) {
        if (waiter.match(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    }
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitForLog = (match: (line: LogLine) => boolean, timeoutMs: number): Promise<LogLine> => {
    const seen = logs.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`${name}: no such log line within ${timeoutMs} ms; stderr: ${stderr.slice(-2000)}`));
      }, timeoutMs);
      waiters.add({
        match,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
    });
  };
  const running = await Promise.race([
    waitForLog((line) => line.msg === 'Taskbridge is running', startTimeoutMs),
    exited.then(({ code }) => {
      throw new Error(`${name} exited with ${code} while starting: ${stderr.slice(-2000)}`);
    }),
  ]);
  // Socket Mode has no events URL: its ops server is where the app answers HTTP.
  const eventsUrl = running.eventsUrl === undefined ? '' : String(running.eventsUrl);
  return {
    name,
    child,
    baseUrl: new URL(eventsUrl || String(running.opsUrl)).origin,
    eventsUrl,
    logs,
    waitForLog,
    exited,
    kill: (signal) => {
      child.kill(signal);
    },
    setClock,
  };
}
