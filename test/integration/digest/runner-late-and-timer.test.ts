import { afterEach, describe, expect, it } from 'vitest';
import { createDigestRunner } from '../../../src/digest/runner.ts';
import type { DigestRunnerOptions } from '../../../src/digest/runner-options.ts';
import { firingKey } from '../../../src/digest/schedule.ts';
import { CHANNELS, type DigestWorld, startDigestWorld, TEAM } from './support/digest-world.ts';

/** Wednesday 4 March 2026, 11:30 in New York; already Thursday 01:30 in Tokyo. */
const AFTER_DOWNTIME = '2026-03-04T16:30:00.000Z';

describe('digest runner: after downtime, and its minute timer', () => {
  let world: DigestWorld;
  afterEach(async () => {
    await world.close();
  });

  it('sends a missed digest late while its local day lasts and skips one whose day is over', async () => {
    world = await startDigestWorld({ start: AFTER_DOWNTIME });
    const newYork = await world.subscribe({ channelId: CHANNELS.general, timeZone: 'America/New_York' });
    const tokyo = await world.subscribe({ channelId: CHANNELS.website, timeZone: 'Asia/Tokyo' });
    const runner = world.runner();
    world.clock.setAuto(true);

    const report = await runner.tick(new Date(AFTER_DOWNTIME));
    expect(report).toMatchObject({ due: 1, sent: 1 });
    const [late] = world.posts(CHANNELS.general);
    const blocks = JSON.stringify(late!.args.blocks);
    expect(blocks).toContain('Sent late: this digest was due at');
    expect(String(late!.args.text)).toContain('(sent late)');
    expect(await world.subscriptions.lastFiring(TEAM, newYork.id)).toMatchObject({
      localDate: '2026-03-04',
      late: true,
      scheduledAt: '2026-03-04T14:00:00.000Z',
    });
    // Tokyo's Wednesday 09:00 digest is not sent on Thursday; Thursday's comes at 09:00 Tokyo time.
    expect(world.posts(CHANNELS.website)).toHaveLength(0);
    await world.clock.set('2026-03-05T00:00:00.000Z');
    expect(await runner.tick(new Date('2026-03-05T00:00:00.000Z'))).toMatchObject({ due: 1, sent: 1 });
    expect(await world.subscriptions.lastFiring(TEAM, tokyo.id)).toMatchObject({
      localDate: '2026-03-05',
      late: false,
    });
  });

  it('start() catches up at once, then ticks at each minute boundary; stop() ends it', async () => {
    world = await startDigestWorld({ start: '2026-03-04T13:58:20.000Z' });
    await world.subscribe({ channelId: CHANNELS.general, time: '08:00' }); // missed: 13:00 UTC
    await world.subscribe({ channelId: CHANNELS.website, time: '09:00' }); // due at 14:00 UTC
    const runner = world.runner();
    runner.start();
    await world.emulator.waitForCall('chat.postMessage');
    expect(world.posts(CHANNELS.general)).toHaveLength(1);
    expect(world.posts(CHANNELS.website)).toHaveLength(0);

    // 13:59:00 comes and goes; 14:00:00 brings the 09:00 New York digest.
    await untilSleeping(world);
    await world.clock.set('2026-03-04T13:59:00.000Z');
    await untilSleeping(world);
    expect(world.posts(CHANNELS.website)).toHaveLength(0);
    await world.clock.set('2026-03-04T14:00:00.000Z');
    const call = await world.emulator.waitForCall(
      'chat.postMessage',
      (c) => c.args.channel === CHANNELS.website,
    );
    expect(call.at).toBe(Date.parse('2026-03-04T14:00:00.000Z'));
    await runner.stop();
    await world.clock.set('2026-03-05T14:00:00.000Z');
    await new Promise((resolve) => setImmediate(resolve));
    expect(world.posts()).toHaveLength(2);
  });
});

describe('digest runner: a tick shorter than a minute', () => {
  let world: DigestWorld;
  afterEach(async () => {
    await world.close();
  });

  it('takes over a lapsed claim at the first tick after it, not the next minute', async () => {
    world = await startDigestWorld({ start: '2026-03-04T13:59:50.000Z', clockedClaims: true });
    const sub = await world.subscribe({ channelId: CHANNELS.website, time: '09:00' }); // 14:00 UTC
    // Another instance claimed the 14:00 firing and died: its claim lapses at 14:00:09.
    await world.clock.set('2026-03-04T13:59:58.000Z');
    expect(
      await world.store.claim(firingKey({ subscriptionId: sub.id, localDate: '2026-03-04' }), 11_000),
    ).toBe(true);
    const runner = world.runner({ tickMs: 5_000 });
    runner.start();
    for (const at of ['14:00:00', '14:00:05']) {
      await untilSleeping(world);
      await world.clock.set(`2026-03-04T${at}.000Z`);
    }
    await untilSleeping(world);
    expect(world.posts(CHANNELS.website)).toHaveLength(0);
    await world.clock.set('2026-03-04T14:00:10.000Z');
    const call = await world.emulator.waitForCall(
      'chat.postMessage',
      (c) => c.args.channel === CHANNELS.website,
    );
    expect(call.at).toBe(Date.parse('2026-03-04T14:00:10.000Z'));
    await runner.stop();
    expect(world.posts(CHANNELS.website)).toHaveLength(1);
  });
});

describe('digest runner: its tick setting', () => {
  it('refuses a tick that does not divide a minute', () => {
    for (const tickMs of [0, 500, 7_000, 90_000, 1_100]) {
      expect(() => createDigestRunner({ tickMs } as DigestRunnerOptions)).toThrow(
        /whole divisor of a minute/,
      );
    }
  });
});

/** Lets the runner settle until it sleeps on the clock again (its minute timer). */
async function untilSleeping(world: DigestWorld): Promise<void> {
  for (let i = 0; i < 10_000; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    if (world.clock.pending > 0) {
      // A few more turns, so work a tick started before it slept has finished too.
      for (let j = 0; j < 50; j++) await new Promise((resolve) => setImmediate(resolve));
      return;
    }
  }
  throw new Error('the runner never went back to sleep');
}
