/**
 * A command our own rate limiter holds back (the token's minute spent by other people) tells the
 * person to try again, logs one short info line (no warning with a stack per refused command) and
 * is counted in /metrics.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createRateLimiter, tokenKey } from '../../src/api/limiter.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createMetrics } from '../../src/ops/metrics.ts';
import { fixedClock, type Harness, startHarness, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a command held back by our own rate limit', () => {
  it('is told to the person, logged in one short line and counted', async () => {
    const clock = fixedClock('2026-11-20T12:00:00.000Z');
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const metrics = createMetrics();
    const limiter = createRateLimiter({ clock });
    h = await startHarness({ clock, limiter, logger: createLogger({ level: 'info', destination: sink }) });
    await limiter.block(tokenKey(h.sandbox.token), 'general', clock.now().getTime() + 55_000);

    const told = h.emulator.waitForCall('response_url', (c) => !isInterimNote(c.args), 10_000);
    await h.signer.command('/task mine', { user: USERS.ana });
    expect(String((await told).args.text)).toMatch(/busy|try again/i);

    const heldBack = lines.filter((l) => l.msg === 'held back by the rate limit');
    expect(heldBack).toHaveLength(1);
    expect(heldBack[0]).not.toHaveProperty('err');
    expect(lines.filter((l) => l.level === 40 && String(l.msg).includes('failed'))).toEqual([]);
    const counted = await metrics.registry.getSingleMetricAsString('taskbridge_work_api_held_back_total');
    expect(counted).toMatch(
      /taskbridge_work_api_held_back_total\{class="general",lane="(read|write)"\} [1-9]/,
    );
  });
});
