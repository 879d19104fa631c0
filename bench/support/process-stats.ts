/**
 * What an app process under a bench reports over IPC, the same for Taskbridge and for bare Bolt so
 * the two are measured alike: CPU time used (user + system, µs), RSS and heap, and the event loop's
 * delay since the last `reset` (perf_hooks.monitorEventLoopDelay, sampled every 10 ms).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';

export interface ProcessStats {
  cpuMicros: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  /** V8's spaces as [name, size MB, used MB], for finding what holds memory. */
  spaces: Array<[string, number, number]>;
  /** Event-loop delay since the last reset, in ms. */
  loopMaxMs: number;
  loopP99Ms: number;
}

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

export function processStats(): ProcessStats {
  const cpu = process.cpuUsage();
  const mem = process.memoryUsage();
  return {
    cpuMicros: cpu.user + cpu.system,
    rssMb: mem.rss / 1024 / 1024,
    heapUsedMb: mem.heapUsed / 1024 / 1024,
    heapTotalMb: mem.heapTotal / 1024 / 1024,
    externalMb: mem.external / 1024 / 1024,
    spaces: getHeapSpaceStatistics().map((s) => [
      s.space_name,
      Math.round(s.space_size / 1048576),
      Math.round(s.space_used_size / 1048576),
    ]),
    loopMaxMs: loop.max / 1e6,
    loopP99Ms: loop.percentile(99) / 1e6,
  };
}

/**
 * Answers the parent's messages: `stats` (with `extra()` merged in), `reset` (the loop histogram),
 * `gc` (a full collection first, when run with --expose-gc), `stop`.
 */
export function answerStats(extra: () => Record<string, unknown>, stop: () => Promise<void>): void {
  process.on('message', (message) => {
    if (message === 'reset') {
      loop.reset();
      process.send?.({ reset: true });
    }
    if (message === 'stats' || message === 'gc') {
      if (message === 'gc') (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ ...processStats(), ...extra() });
    }
    if (message === 'stop') void stop().then(() => process.exit(0));
  });
}
