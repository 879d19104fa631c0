import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHANNELS, type DigestWorld, startDigestWorld, TEAM, USERS } from './support/digest-world.ts';

const WED_NINE_NY = '2026-03-04T14:00:00.000Z';
const THU_NINE_NY = '2026-03-05T14:00:00.000Z';
const FRI_NINE_NY = '2026-03-06T14:00:00.000Z';

describe('digest runner: a channel the bot was removed from', () => {
  let world: DigestWorld;
  beforeEach(async () => {
    world = await startDigestWorld({ start: WED_NINE_NY });
    world.clock.setAuto(true);
  });
  afterEach(async () => {
    await world.close();
  });

  const dmsTo = (user: string) => world.posts().filter((call) => call.args.channel === user);

  it('pauses every digest of the channel and tells the person who set them up, once', async () => {
    const first = await world.subscribe({ channelId: CHANNELS.website, createdBy: USERS.ben });
    const second = await world.subscribe({
      channelId: CHANNELS.website,
      createdBy: USERS.ben,
      time: '09:00',
    });
    const elsewhere = await world.subscribe({ channelId: CHANNELS.general, createdBy: USERS.ana });
    const runner = world.runner();

    expect(await runner.tick(new Date(WED_NINE_NY))).toMatchObject({ sent: 3 });

    // Someone removes the app from #website overnight.
    world.emulator.channel(CHANNELS.website)!.botIsMember = false;
    await world.clock.set(THU_NINE_NY);
    const report = await runner.tick(new Date(THU_NINE_NY));
    expect(report).toMatchObject({ due: 3, sent: 1, paused: 2, retry: 0, failed: 0 });

    for (const sub of [first, second]) {
      const stored = await world.subscriptions.get(TEAM, sub.id);
      expect(stored?.paused?.reason).toContain('not_in_channel');
    }
    expect((await world.subscriptions.get(TEAM, elsewhere.id))?.paused).toBeUndefined();
    const notices = dmsTo(USERS.ben);
    expect(notices).toHaveLength(1);
    expect(String(notices[0]!.args.text)).toContain(`<#${CHANNELS.website}>`);
    expect(String(notices[0]!.args.text)).toContain('The 2 scheduled digests');
    // Thursday's digests there were not recorded as sent: they were not.
    expect((await world.subscriptions.lastFiring(TEAM, first.id))?.localDate).toBe('2026-03-04');

    // A second runner (another process) and the next day: nothing posted there, nobody told again.
    const other = world.runner({ store: await world.openStore() });
    await world.clock.set(FRI_NINE_NY);
    const [a, b] = await Promise.all([runner.tick(new Date(FRI_NINE_NY)), other.tick(new Date(FRI_NINE_NY))]);
    expect(a.sent + b.sent).toBe(1);
    expect(a.paused + b.paused).toBe(0);
    expect(dmsTo(USERS.ben)).toHaveLength(1);
    expect(
      world.emulator.calls('chat.postMessage').filter((c) => c.args.channel === CHANNELS.website),
    ).toHaveLength(3);
  });

  it('tells again after the digest is resumed and the channel fails again', async () => {
    const sub = await world.subscribe({ channelId: CHANNELS.random, createdBy: USERS.chloe });
    const runner = world.runner();
    expect(await runner.tick(new Date(WED_NINE_NY))).toMatchObject({ paused: 1 });
    expect(dmsTo(USERS.chloe)).toHaveLength(1);

    await world.subscriptions.resume(TEAM, sub.id);
    // Resumed the same day: its missed digest is still due, late, and fails again.
    await world.clock.set('2026-03-04T15:00:00.000Z');
    expect(await runner.tick(new Date('2026-03-04T15:00:00.000Z'))).toMatchObject({ due: 1, paused: 1 });
    expect(dmsTo(USERS.chloe)).toHaveLength(2);
    expect(String(dmsTo(USERS.chloe)[1]!.args.text)).toContain('The scheduled digest');
  });

  it('pauses on an archived channel too', async () => {
    world.emulator.addChannel({ id: 'C0OLD', name: 'old-project', botIsMember: true });
    const sub = await world.subscribe({ channelId: 'C0OLD', createdBy: USERS.ana });
    world.emulator.channel('C0OLD')!.isArchived = true;
    const report = await world.runner().tick(new Date(WED_NINE_NY));
    expect(report.paused).toBe(1);
    expect((await world.subscriptions.get(TEAM, sub.id))?.paused).toBeDefined();
    expect(dmsTo(USERS.ana)).toHaveLength(1);
  });
});
