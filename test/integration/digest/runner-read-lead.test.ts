/**
 * The read-ahead's lead against a service that pages small: the sandbox in its spec-minimal
 * profile (pages of 10, filters ignored) with three projects of 800 tasks and more, the client at the real 60
 * requests a minute on the virtual clock, so the digests' 36 a minute make the read take minutes
 * of virtual time. The first day reads 5 minutes ahead and overruns; the second starts early
 * enough, from what the first cost as kept in the store, and posts at 9:00 without a request.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LEAD_MS } from '../../../src/digest/read-lead.ts';
import { digestKeys } from '../../../src/digest/store-keys.ts';
import { seedBulkTasks } from '../../../src/sandbox/seed/bulk-tasks.ts';
import { CHANNELS, type DigestWorld, PROJECTS, startDigestWorld, TEAM } from './support/digest-world.ts';

const MIN = 60_000;
const DAY = 86_400_000;
/** 09:00 in New York on Wednesday 4 March 2026. */
const FIRING = Date.parse('2026-03-04T14:00:00.000Z');

/**
 * Ticks each minute from 30 minutes before `firing` until one reads ahead (the tick settles when
 * its reads have); answers that minute and when its reads ended, by the virtual clock.
 */
async function tickUntilReadAhead(
  world: DigestWorld,
  runner: ReturnType<DigestWorld['runner']>,
  firing: number,
): Promise<{ startedAt: number; endedAt: number; requests: number }> {
  for (let at = firing - 30 * MIN; at < firing; at += MIN) {
    await world.clock.set(at);
    const before = world.requests.length;
    await runner.tick(new Date(at));
    if (world.requests.length > before) {
      return { startedAt: at, endedAt: world.clock.nowMs(), requests: world.requests.length - before };
    }
  }
  throw new Error('no tick read ahead before the firing');
}

/**
 * The read for `firing` starts before the 5-minute floor (a lead learnt from an earlier read) and
 * ends by the firing, which then posts with no request of its own.
 */
async function expectReadAheadInTime(
  world: DigestWorld,
  runner: ReturnType<DigestWorld['runner']>,
  firing: number,
): Promise<void> {
  const ahead = await tickUntilReadAhead(world, runner, firing);
  expect(ahead.startedAt).toBeLessThan(firing - DEFAULT_LEAD_MS);
  expect(ahead.endedAt).toBeLessThanOrEqual(firing);
  await world.clock.set(firing);
  const requestsBefore = world.requests.length;
  expect(await runner.tick(new Date(firing))).toMatchObject({ sent: 1, fetches: 0 });
  expect(world.requests.length).toBe(requestsBefore);
}

describe('digest read-ahead: a lead sized from what the reading cost', () => {
  let world: DigestWorld;
  afterEach(async () => {
    await world.close();
  });

  it('starts the second day’s read earlier when the first day’s took longer than 5 minutes', async () => {
    world = await bigProjectsWorld('2026-03-04T13:00:00.000Z');
    const runner = world.runner();
    world.clock.setAuto(true);

    // Day one: nothing known, so 5 minutes ahead; 240-odd pages at 36 a minute overrun the firing.
    const first = await tickUntilReadAhead(world, runner, FIRING);
    expect(first.startedAt).toBe(FIRING - DEFAULT_LEAD_MS);
    expect(first.requests).toBeGreaterThan(200);
    expect(first.endedAt).toBeGreaterThan(FIRING);
    const kept = await world.store.get<{ needMs: number }>(digestKeys.readLead(TEAM));
    expect(kept?.needMs).toBeGreaterThan(5 * MIN);
    await world.clock.set(Math.max(world.clock.nowMs(), FIRING));
    expect(await runner.tick(new Date(FIRING))).toMatchObject({ sent: 1 });

    // Day two, a runner as after a restart: the lead comes from the store.
    const nextFiring = FIRING + DAY;
    const restarted = world.runner();
    await expectReadAheadInTime(world, restarted, nextFiring);
    const posted = world.posts(CHANNELS.general).at(-1)!;
    expect(posted.at - nextFiring).toBeLessThan(MIN);
    await restarted.stop();
    await runner.stop();
  }, 60_000);

  it('a firing that comes while its read-ahead is still reading shares it: one pass, no request of its own', async () => {
    world = await bigProjectsWorld('2026-03-04T13:55:00.000Z');
    const runner = world.runner();

    const ahead = runner.tick(new Date(FIRING - DEFAULT_LEAD_MS));
    await world.clock.set(FIRING);
    const readBeforeFiring = world.requests.length;
    expect(readBeforeFiring).toBeGreaterThan(0);
    const firing = runner.tick(new Date(FIRING));
    world.clock.setAuto(true);
    const [, report] = await Promise.all([ahead, firing]);
    expect(report).toMatchObject({ sent: 1, fetches: 0 });
    // Each project's pages once: what the same read costs alone (80-odd pages a project).
    const pages = world.requests.filter((r) => r.path.includes('/tasks')).length;
    expect(pages).toBeLessThan(260);
    expect(world.requests.length).toBeGreaterThan(readBeforeFiring);
    await runner.stop();
  }, 60_000);

  it('a read-ahead that fails measures nothing and leaves the firing to read for itself, which it measures', async () => {
    world = await startDigestWorld({ start: '2026-03-04T13:55:00.000Z', profile: 'spec-minimal' });
    await world.subscribe({ channelId: CHANNELS.general, time: '09:00' });
    const runner = world.runner();
    world.clock.setAuto(true);
    world.sandbox.faults.set({ outage: true });
    await runner.tick(new Date(FIRING - DEFAULT_LEAD_MS));
    expect(world.requests.length).toBeGreaterThan(0);
    world.sandbox.faults.clear();
    expect(await world.store.get(digestKeys.readLead(TEAM))).toBeUndefined();
    await world.clock.set(FIRING);
    expect(await runner.tick(new Date(FIRING))).toMatchObject({ sent: 1, fetches: 1 });
    expect(world.posts(CHANNELS.general)).toHaveLength(1);
    expect(await world.store.get(digestKeys.readLead(TEAM))).toMatchObject({ needMs: expect.any(Number) });
    await runner.stop();
  });

  it('a firing that read its lists itself keeps what that cost: the next day reads ahead early enough', async () => {
    // The app starts at 9:00 sharp: nothing was read ahead, so the firing reads 240-odd pages itself.
    world = await bigProjectsWorld('2026-03-04T14:00:00.000Z');
    const runner = world.runner();
    world.clock.setAuto(true);
    expect(await world.store.get(digestKeys.readLead(TEAM))).toBeUndefined();
    const report = await runner.tick(new Date(FIRING));
    expect(report).toMatchObject({ sent: 1 });
    expect(report.fetches).toBeGreaterThan(0);
    expect(world.clock.nowMs() - FIRING).toBeGreaterThan(5 * MIN);
    const kept = await world.store.get<{ needMs: number }>(digestKeys.readLead(TEAM));
    expect(kept?.needMs).toBeGreaterThan(5 * MIN);

    // The next day starts its read-ahead earlier than the 5-minute floor and posts at 9:00 with no request.
    const nextFiring = FIRING + DAY;
    await expectReadAheadInTime(world, runner, nextFiring);
    await runner.stop();
  }, 60_000);

  it('a digest read over 15 minutes ahead says in its footer when its lists were read', async () => {
    world = await startDigestWorld({ start: '2026-03-04T13:40:00.000Z', profile: 'spec-minimal' });
    await world.subscribe({ channelId: CHANNELS.general, time: '09:00' });
    const runner = world.runner({ prefetchMs: 20 * MIN });
    world.clock.setAuto(true);
    await runner.tick(new Date(FIRING - 20 * MIN));
    const read = world.requests.length;
    expect(read).toBeGreaterThan(0);
    await world.clock.set(FIRING);
    expect(await runner.tick(new Date(FIRING))).toMatchObject({ sent: 1, fetches: 0 });
    expect(world.requests.length).toBe(read);
    const blocks = JSON.stringify(world.posts(CHANNELS.general)[0]!.args.blocks);
    expect(blocks).toContain(`As of <!date^${(FIRING - 20 * MIN) / 1000}^`);
    await runner.stop();
  });
});

/** A spec-minimal service (pages of 10) at 60 a minute, its projects 800 tasks each, a 9:00 digest of them all. */
async function bigProjectsWorld(start: string): Promise<DigestWorld> {
  const w = await startDigestWorld({ start, profile: 'spec-minimal', limitPerMinute: 60 });
  const projectIds = Object.values(PROJECTS);
  for (const projectId of projectIds) {
    seedBulkTasks(w.sandbox.db, {
      projectId,
      count: 800,
      assigneeIds: [1],
      creatorId: 1,
      now: new Date(FIRING),
    });
  }
  await w.subscribe({ channelId: CHANNELS.general, projectIds, time: '09:00' });
  return w;
}
