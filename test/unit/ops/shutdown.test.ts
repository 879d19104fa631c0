/**
 * The shutdown's drain: readiness turns 503 at once, nothing stops until the drain period has
 * passed on the app clock (moved here, not waited for), then the rest stops.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/lib/logger.ts';
import { ManualClock } from '../../../src/lib/manual-clock.ts';
import { createReadiness } from '../../../src/ops/readiness.ts';
import { shutDown } from '../../../src/ops/shutdown.ts';

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
    const clock = new ManualClock(0);
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
    expect(clock.pending).toBe(1);
    await clock.advance(9_999);
    await Promise.resolve();
    expect(stopped).toBe(false);
    await clock.advance(1);
    await done;
    expect(stopped).toBe(true);
  });

  it('stops at once with no drain period', async () => {
    const clock = new ManualClock(0);
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
