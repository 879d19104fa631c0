import { afterEach, describe, expect, it } from 'vitest';
import { firingKey } from '../../../src/digest/schedule.ts';
import type { DigestSubscription } from '../../../src/digest/types.ts';
import { ManualClock } from '../../../src/lib/manual-clock.ts';
import { openStore } from '../../../src/store/open-store.ts';
import { type RedisServer, redisTool, startRedisServer } from '../../support/redis-server.ts';
import { CHANNELS, type DigestWorld, startDigestWorld, TEAM } from './support/digest-world.ts';

const NINE_NY = '2026-03-04T14:00:00.000Z';

/** Which subscription each accepted post was for (its id is in every task menu value). */
function postsPerSubscription(world: DigestWorld, subs: DigestSubscription[]): number[] {
  const posts = world.posts().map((call) => JSON.stringify(call.args.blocks));
  return subs.map((sub) => posts.filter((blocks) => blocks.includes(`:${sub.id}:`)).length);
}

/** How many of the subscriptions have a firing recorded. */
async function recorded(world: DigestWorld, subs: DigestSubscription[]): Promise<number> {
  const firings = await Promise.all(subs.map((sub) => world.subscriptions.lastFiring(TEAM, sub.id)));
  return firings.filter(Boolean).length;
}

/** Lets the event loop run (I/O included) until the condition holds; no timers, so no real waiting. */
async function until(condition: () => Promise<boolean>, turns = 10_000): Promise<void> {
  for (let i = 0; i < turns; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('condition never held');
}

describe('digest runner: restarts and several processes on one store', () => {
  let world: DigestWorld;
  afterEach(async () => {
    await world.close();
  });

  async function fiveInOneChannel(): Promise<DigestSubscription[]> {
    const subs: DigestSubscription[] = [];
    for (let i = 0; i < 5; i++) subs.push(await world.subscribe({ channelId: CHANNELS.general }));
    return subs;
  }

  it('a runner stopped mid-run gives back what it had not sent; the next one sends exactly that', async () => {
    world = await startDigestWorld({ start: NINE_NY });
    const subs = await fiveInOneChannel();
    const first = world.runner();
    // Time stands still: the first post goes out, the other four wait for the channel's spacing.
    const run = first.tick(new Date(NINE_NY));
    await world.emulator.waitForCall('chat.postMessage');
    await first.stop();
    expect(await run).toMatchObject({ due: 5, sent: 1, stopped: 4 });

    const second = world.runner();
    world.clock.setAuto(true);
    const report = await second.tick(new Date(NINE_NY));
    expect(report).toMatchObject({ due: 4, sent: 4, claimedElsewhere: 0 });
    expect(postsPerSubscription(world, subs)).toEqual([1, 1, 1, 1, 1]);
  });

  it('after a crash mid-run, the claims it held expire and a new runner sends the rest, late, once', async () => {
    world = await startDigestWorld({ start: NINE_NY, clockedClaims: true });
    const subs = await fiveInOneChannel();
    // The crashed process's own time stands still: nothing it waits for ever comes.
    const frozen = new ManualClock(NINE_NY);
    const crashed = world.runner({ store: await world.openStore(), clock: frozen, claimTtlMs: 10 * 60_000 });
    const crashedRun = crashed.tick(new Date(NINE_NY));
    // It posts the first digest and records it; the other four wait for the channel's spacing when it dies.
    await until(async () => (await recorded(world, subs)) === 1);

    const restarted = world.runner({ store: await world.openStore(), claimTtlMs: 10 * 60_000 });
    await world.clock.set('2026-03-04T14:01:00.000Z');
    const meanwhile = await restarted.tick(new Date('2026-03-04T14:01:00.000Z'));
    expect(meanwhile).toMatchObject({ due: 4, sent: 0, claimedElsewhere: 4 });

    // Its claims expire ten minutes on (on the store's clock): the four are sent, marked late.
    await world.clock.set('2026-03-04T14:11:00.000Z');
    world.clock.setAuto(true);
    const report = await restarted.tick(new Date('2026-03-04T14:11:00.000Z'));
    expect(report).toMatchObject({ due: 4, sent: 4 });
    expect(postsPerSubscription(world, subs)).toEqual([1, 1, 1, 1, 1]);
    const firings = await Promise.all(subs.map((sub) => world.subscriptions.lastFiring(TEAM, sub.id)));
    expect(firings.filter((f) => f?.late === true)).toHaveLength(4);
    expect(firings.filter((f) => f?.late === false)).toHaveLength(1);
    expect(
      world.posts().filter((call) => JSON.stringify(call.args.blocks).includes('Sent late')),
    ).toHaveLength(4);

    // Had it only stalled: waking after its claims lapsed, it sends nothing and gives back no claim.
    frozen.stall(11 * 60_000);
    frozen.setAuto(true);
    expect(await crashedRun).toMatchObject({ sent: 1, retry: 4 });
    expect(postsPerSubscription(world, subs)).toEqual([1, 1, 1, 1, 1]);
    const stillHeld = await Promise.all(
      subs.map((sub) =>
        world.store.claim(firingKey({ subscriptionId: sub.id, localDate: '2026-03-04' }), 1000),
      ),
    );
    // Only the crashed runner's own first claim is free (expired; its record keeps that digest sent).
    expect(stillHeld.map((won, i) => won && firings[i]?.late === false).filter(Boolean)).toHaveLength(1);
    expect(stillHeld.filter((won) => won)).toHaveLength(1);
  });

  it('two runners on one store ticking the same minute send each digest once', async () => {
    world = await startDigestWorld({ start: NINE_NY });
    const subs: DigestSubscription[] = [];
    const channels = [CHANNELS.general, CHANNELS.website];
    for (let i = 0; i < 12; i++) subs.push(await world.subscribe({ channelId: channels[i % 2] }));
    const one = world.runner({ store: await world.openStore() });
    const two = world.runner({ store: await world.openStore() });
    world.clock.setAuto(true);
    const [a, b] = await Promise.all([one.tick(new Date(NINE_NY)), two.tick(new Date(NINE_NY))]);
    expect(a.sent + b.sent).toBe(12);
    expect(a.due).toBe(12);
    expect(b.due).toBe(12);
    expect(a.claimedElsewhere + a.alreadyDone).toBe(b.sent);
    expect(postsPerSubscription(world, subs)).toEqual(subs.map(() => 1));

    // A minute later neither sends anything more, whatever each one remembers.
    await world.clock.set('2026-03-04T14:01:30.000Z');
    const [c, d] = await Promise.all([
      one.tick(new Date('2026-03-04T14:01:30.000Z')),
      two.tick(new Date('2026-03-04T14:01:30.000Z')),
    ]);
    expect(c.sent + d.sent).toBe(0);
    expect(world.posts()).toHaveLength(12);
  });
});

describe.skipIf(!redisTool.mustRun)('digest runner: two runners on one Redis store', () => {
  let redis: RedisServer;
  let world: DigestWorld;
  afterEach(async () => {
    await world.close();
    await redis.stop();
  });

  it('sends each digest once when both tick the same minute', async () => {
    redis = await startRedisServer();
    world = await startDigestWorld({ start: NINE_NY, openStore: () => openStore(redis.url) });
    const subs: DigestSubscription[] = [];
    const channels = [CHANNELS.general, CHANNELS.website];
    for (let i = 0; i < 12; i++) subs.push(await world.subscribe({ channelId: channels[i % 2] }));
    const one = world.runner({ store: await world.openStore() });
    const two = world.runner({ store: await world.openStore() });
    world.clock.setAuto(true);
    const [a, b] = await Promise.all([one.tick(new Date(NINE_NY)), two.tick(new Date(NINE_NY))]);
    expect(a.sent + b.sent).toBe(12);
    expect(postsPerSubscription(world, subs)).toEqual(subs.map(() => 1));
  });
});
