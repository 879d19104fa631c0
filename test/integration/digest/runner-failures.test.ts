import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DigestDeliveryError } from '../../../src/digest/slack-failure.ts';
import { CHANNELS, type DigestWorld, startDigestWorld, TEAM } from './support/digest-world.ts';

const NINE_NY = '2026-03-04T14:00:00.000Z';
const NINE_01_NY = '2026-03-04T14:01:00.000Z';

describe('digest runner: when Slack or the service fails', () => {
  let world: DigestWorld;
  beforeEach(async () => {
    world = await startDigestWorld({ start: NINE_NY });
    world.clock.setAuto(true);
  });
  afterEach(async () => {
    await world.close();
  });

  it("waits out Slack's Retry-After and sends the same post again; nothing dropped", async () => {
    const sub = await world.subscribe({ channelId: CHANNELS.general });
    world.emulator.failNext('chat.postMessage', { status: 429, retryAfter: 3 });
    const report = await world.runner().tick(new Date(NINE_NY));
    expect(report).toMatchObject({ due: 1, sent: 1, retry: 0 });
    const calls = world.emulator.calls('chat.postMessage');
    expect(calls.map((c) => c.status)).toEqual([429, 200]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(3000);
    expect((await world.subscriptions.lastFiring(TEAM, sub.id))?.outcome).toBe('posted');
  });

  it('leaves the digests of a failing service for the next tick, then sends them once', async () => {
    await world.subscribe({ channelId: CHANNELS.general });
    await world.subscribe({ channelId: CHANNELS.website });
    const runner = world.runner();
    world.sandbox.faults.set({ outage: true });
    expect(await runner.tick(new Date(NINE_NY))).toMatchObject({ due: 2, sent: 0, retry: 2 });
    expect(world.posts()).toHaveLength(0);
    // Still one request for the project, not one per digest.
    expect(world.requests).toHaveLength(1);
    expect(world.requests[0]!.status).toBe(503);

    world.sandbox.faults.clear();
    await world.clock.set(NINE_01_NY);
    const report = await runner.tick(new Date(NINE_01_NY));
    expect(report).toMatchObject({ due: 2, sent: 2 });
    // Within the grace period: on time, not marked late.
    expect(world.posts().every((call) => !String(call.args.text).includes('sent late'))).toBe(true);
    await world.clock.set('2026-03-04T14:02:00.000Z');
    expect(await runner.tick(new Date('2026-03-04T14:02:00.000Z'))).toMatchObject({ due: 0 });
  });

  it('records a digest Slack refuses for good, logs it, and does not retry it every minute', async () => {
    const sub = await world.subscribe({ channelId: CHANNELS.general });
    world.emulator.failNext('chat.postMessage', 'invalid_blocks');
    const errors: object[] = [];
    const runner = world.runner({
      logger: { debug() {}, info() {}, warn() {}, error: (details) => errors.push(details) },
    });
    expect(await runner.tick(new Date(NINE_NY))).toMatchObject({ due: 1, failed: 1 });
    expect(await world.subscriptions.lastFiring(TEAM, sub.id)).toMatchObject({
      outcome: 'failed',
      error: 'invalid_blocks',
    });
    expect(JSON.stringify(errors)).toContain('invalid_blocks');
    expect(JSON.stringify(errors)).not.toContain(world.emulator.botToken);
    await world.clock.set(NINE_01_NY);
    expect(await runner.tick(new Date(NINE_01_NY))).toMatchObject({ due: 0 });
  });

  it('waits for a workspace that is not connected, without sending or losing its digest', async () => {
    await world.subscribe({ channelId: CHANNELS.general });
    let connected = false;
    const runner = world.runner({ taskSourceFor: () => (connected ? world.source : undefined) });
    expect(await runner.tick(new Date(NINE_NY))).toMatchObject({ due: 1, retry: 1 });
    connected = true;
    await world.clock.set(NINE_01_NY);
    expect(await runner.tick(new Date(NINE_01_NY))).toMatchObject({ due: 1, sent: 1 });
  });

  it('posts a preview once, even with nothing due, recording nothing', async () => {
    const sub = await world.subscribe({
      channelId: CHANNELS.general,
      projectIds: [3],
      sections: { overdue: true, dueToday: true, dueWithinDays: 0 },
      postWhenEmpty: false,
    });
    const runner = world.runner();
    const preview = await runner.sendPreview(sub);
    expect(preview.channel).toBe(CHANNELS.general);
    expect(world.emulator.message(CHANNELS.general, preview.ts)?.text).toContain('nothing due');
    expect(await world.subscriptions.lastFiring(TEAM, sub.id)).toBeUndefined();
    // The scheduled digest still comes (and, with nothing due, stays silent as set).
    expect(await runner.tick(new Date(NINE_NY))).toMatchObject({ due: 1, empty: 1 });
    expect(world.posts()).toHaveLength(1);
  });

  it('previews a digest not saved yet, and refuses a bad one naming the field', async () => {
    const runner = world.runner();
    const input = {
      teamId: TEAM,
      channelId: CHANNELS.general,
      createdBy: 'U0ANA',
      projectIds: [1],
      time: '09:00',
      timeZone: 'America/New_York',
      sections: { overdue: true, dueToday: true, dueWithinDays: 0 },
    };
    const preview = await runner.sendPreview(input);
    expect(world.emulator.message(CHANNELS.general, preview.ts)?.text).toContain(
      'Due tasks for Wednesday 4 March',
    );
    await expect(runner.sendPreview({ ...input, timeZone: 'Nowhere/Town' })).rejects.toThrow(
      /timeZone: unknown IANA time zone "Nowhere\/Town"/,
    );
    expect(world.posts()).toHaveLength(1);
  });

  it('explains a preview Slack refuses, without pausing anything', async () => {
    const sub = await world.subscribe({ channelId: CHANNELS.random });
    const runner = world.runner();
    const failure = await runner.sendPreview(sub).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DigestDeliveryError);
    expect(failure).toMatchObject({ code: 'not_in_channel', kind: 'channel-gone' });
    expect((failure as Error).message).toContain('invite');
    expect((await world.subscriptions.get(TEAM, sub.id))?.paused).toBeUndefined();
  });
});
