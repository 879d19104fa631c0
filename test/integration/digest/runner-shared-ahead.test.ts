/**
 * Several instances reading ahead: every instance runs the digest ticks, and one of them reads a
 * project's list ahead and shares it through the store; the others, and whichever posts the
 * firing, take it from there. Two runners on one store and one service (spec-minimal: pages of
 * 10, filters ignored) at the real 60 requests a minute, on the virtual clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LEAD_MS } from '../../../src/digest/read-lead.ts';
import { digestKeys } from '../../../src/digest/store-keys.ts';
import { CHANNELS, type DigestWorld, PROJECTS, startDigestWorld, TEAM } from './support/digest-world.ts';

/** 09:00 in New York on Wednesday 4 March 2026. */
const FIRING = Date.parse('2026-03-04T14:00:00.000Z');
const AHEAD = FIRING - DEFAULT_LEAD_MS;

describe('digest read-ahead shared between instances', () => {
  let world: DigestWorld;
  let runners: ReturnType<DigestWorld['runner']>[] = [];
  afterEach(async () => {
    for (const runner of runners) await runner.stop();
    runners = [];
    await world.close();
  });

  async function twoInstances() {
    world = await startDigestWorld({
      start: '2026-03-04T13:50:00.000Z',
      profile: 'spec-minimal',
      limitPerMinute: 60,
    });
    await world.subscribe({
      channelId: CHANNELS.general,
      projectIds: Object.values(PROJECTS),
      time: '09:00',
    });
    world.clock.setAuto(true);
    runners = [world.runner(), world.runner()];
    return [runners[0]!, runners[1]!] as const;
  }

  it('one instance reads each project ahead; the other reads nothing, and posts the firing from the shared lists', async () => {
    const [one, two] = await twoInstances();
    await world.clock.set(AHEAD);
    await one.tick(new Date(AHEAD));
    const readByOne = world.requests.length;
    expect(readByOne).toBeGreaterThan(0);
    for (const projectId of Object.values(PROJECTS)) {
      expect(await world.store.get(digestKeys.aheadList(TEAM, projectId))).toMatchObject({
        tasks: expect.any(Array),
      });
    }

    // The other instance's tick in the same minute: the lists are in the store, nothing is read.
    await two.tick(new Date(AHEAD));
    expect(world.requests.length).toBe(readByOne);

    // At 9:00 the other instance claims the firing and posts it without a request of its own.
    await world.clock.set(FIRING);
    expect(await two.tick(new Date(FIRING))).toMatchObject({ sent: 1, fetches: 0 });
    expect(await one.tick(new Date(FIRING))).toMatchObject({ sent: 0 });
    expect(world.requests.length).toBe(readByOne);
    const posted = world.posts(CHANNELS.general);
    expect(posted).toHaveLength(1);
    const shared = await world.store.get<{ tasks: { title: string }[] }>(
      digestKeys.aheadList(TEAM, PROJECTS.website),
    );
    const blocks = JSON.stringify(posted[0]!.args.blocks);
    expect(shared?.tasks.some((task) => blocks.includes(task.title))).toBe(true);
  }, 60_000);

  it('ticking at once, the two read each project once between them', async () => {
    const [one, two] = await twoInstances();
    // What one instance alone reads ahead, from a world of its own with the same service.
    await world.clock.set(AHEAD);
    await Promise.all([one.tick(new Date(AHEAD)), two.tick(new Date(AHEAD))]);
    const pages = world.requests.filter((r) => r.path.includes('/tasks')).map((r) => r.path);
    expect(pages.length).toBeGreaterThan(0);
    expect(new Set(pages).size).toBe(pages.length);
    await world.clock.set(FIRING);
    const reports = await Promise.all([one.tick(new Date(FIRING)), two.tick(new Date(FIRING))]);
    expect(reports.map((r) => r.sent).sort()).toEqual([0, 1]);
    expect(reports.reduce((sum, r) => sum + r.fetches, 0)).toBe(0);
  }, 60_000);

  it('a store list past its keeping is not taken: the next day’s firing reads for itself', async () => {
    const [one, two] = await twoInstances();
    await world.clock.set(AHEAD);
    await one.tick(new Date(AHEAD));
    await world.clock.set(FIRING);
    expect(await one.tick(new Date(FIRING))).toMatchObject({ sent: 1, fetches: 0 });
    // The day after, the other instance posts: yesterday's lists were kept only past their firing.
    const nextDay = FIRING + 86_400_000;
    await world.clock.set(nextDay);
    const before = world.requests.length;
    const report = await two.tick(new Date(nextDay));
    expect(report).toMatchObject({ sent: 1 });
    expect(report.fetches).toBeGreaterThan(0);
    expect(world.requests.length).toBeGreaterThan(before);
  }, 60_000);
});
