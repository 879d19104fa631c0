/**
 * The shutdown's drain: readiness turns 503 at once, nothing stops until the drain period has
 * passed on the app clock (moved here, not waited for), then the rest stops.
 */
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/lib/clock.ts';
import { createLogger } from '../../../src/lib/logger.ts';
import { createReadiness } from '../../../src/ops/readiness.ts';
import { shutDown } from '../../../src/ops/shutdown.ts';

/** A clock whose sleeps end only when the test moves it past them. */
function movedClock(): Clock & { advance(ms: number): void; sleeping(): number } {
  let now = 0;
  const sleepers: Array<{ until: number; wake: () => void }> = [];
  return {
    now: () => new Date(now),
    sleep: (ms) =>
      new Promise<void>((wake) => {
        sleepers.push({ until: now + ms, wake });
      }),
    advance(ms) {
      now += ms;
      for (const s of sleepers.filter((s) => s.until <= now)) {
        sleepers.splice(sleepers.indexOf(s), 1);
        s.wake();
      }
    },
    sleeping: () => sleepers.length,
  };
}

const readyz = async (readiness: ReturnType<typeof createReadiness>) => {
  let status = 0;
  await new Promise<void>((done) => {
    const res = {
      writeHead: (code: number) => {
        status = code;
        return res;
      },
      end: () => done(),
    };
    readiness.route.handler({} as never, res as never);
  });
  return status;
};

describe('shutting down', () => {
  const logger = createLogger({ level: 'silent' });

  it('answers 503 at /readyz for the drain period, on the app clock, before anything stops', async () => {
    const clock = movedClock();
    const readiness = createReadiness(async () => undefined);
    expect(await readyz(readiness)).toBe(200);
    let stopped = false;
    const done = shutDown({
      readiness,
      clock,
      drainMs: 10_000,
      logger,
      stop: async () => {
        stopped = true;
      },
    });
    expect(await readyz(readiness)).toBe(503);
    expect(clock.sleeping()).toBe(1);
    clock.advance(9_999);
    await Promise.resolve();
    expect(stopped).toBe(false);
    clock.advance(1);
    await done;
    expect(stopped).toBe(true);
  });

  it('stops at once with no drain period', async () => {
    const clock = movedClock();
    const readiness = createReadiness(async () => undefined);
    let stopped = false;
    await shutDown({
      readiness,
      clock,
      drainMs: 0,
      logger,
      stop: async () => {
        stopped = true;
      },
    });
    expect(stopped).toBe(true);
    expect(readiness.shuttingDown).toBe(true);
  });
});
