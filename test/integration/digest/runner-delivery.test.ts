import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../../src/slack-emulator/model.ts';
import { CHANNELS, type DigestWorld, PROJECTS, startDigestWorld, TEAM } from './support/digest-world.ts';

/** Wednesday 4 March 2026, 08:59:30 in New York (EST, UTC−5). */
const BEFORE_NINE_NY = '2026-03-04T13:59:30.000Z';
const NINE_NY = '2026-03-04T14:00:00.500Z';

function text(call: RecordedCall): string {
  return JSON.stringify(call.args.blocks ?? []) + String(call.args.text ?? '');
}

function header(call: RecordedCall): string {
  const blocks = call.args.blocks as { type: string; text?: { text: string } }[];
  return blocks.find((b) => b.type === 'header')?.text?.text ?? '';
}

describe('digest runner: delivery', () => {
  let world: DigestWorld;
  beforeEach(async () => {
    world = await startDigestWorld({ start: BEFORE_NINE_NY });
  });
  afterEach(async () => {
    await world.close();
  });

  it('sends each due digest once at its local time, listing each project once for all of them', async () => {
    const a = await world.subscribe({ projectIds: [PROJECTS.website] });
    const b = await world.subscribe({ projectIds: [PROJECTS.website, PROJECTS.mobile] });
    const c = await world.subscribe({ channelId: CHANNELS.website, projectIds: [PROJECTS.mobile] });
    await world.subscribe({ channelId: CHANNELS.website, projectIds: [PROJECTS.operations], time: '10:00' });
    const runner = world.runner();
    world.clock.setAuto(true);

    // Half a minute before nine, the nine o'clock digests' projects are read ahead (not the ten
    // o'clock one's); at nine they post from those lists, with no request in the busy minute.
    const early = await runner.tick(new Date(BEFORE_NINE_NY));
    expect(early.due).toBe(0);
    expect(world.requests).toHaveLength(2);
    expect(world.posts()).toHaveLength(0);

    await world.clock.set(NINE_NY);
    const report = await runner.tick(new Date(NINE_NY));
    expect(report).toMatchObject({ due: 3, sent: 3, retry: 0, failed: 0, fetches: 0 });
    expect(world.requests).toHaveLength(2);
    // Projects 1 and 2, one page each: not one request per digest.
    expect(world.requests.map((r) => r.path.split('?')[0]).sort()).toEqual([
      '/projects/1/tasks',
      '/projects/2/tasks',
    ]);
    expect(world.requests.every((r) => r.path.includes('done=false') && r.path.includes('due_before='))).toBe(
      true,
    );

    const general = world.posts(CHANNELS.general);
    expect(general).toHaveLength(2);
    expect(world.posts(CHANNELS.website)).toHaveLength(1);
    // Slack takes about one message a second per channel.
    expect(general[1]!.at - general[0]!.at).toBeGreaterThanOrEqual(1000);

    const first = general.find((call) => text(call).includes(`:${a.id}:`))!;
    expect(header(first)).toBe('Due tasks for Wednesday 4 March');
    expect(text(first)).toContain('Fix login redirect loop'); // due yesterday: overdue
    expect(text(first)).toContain('Publish release notes'); // due today
    expect(text(first)).not.toContain('Launch new homepage'); // done
    expect(text(first)).not.toContain('Write onboarding email sequence'); // due in 8 days
    expect(text(first)).not.toContain('Crash on Android'); // another project
    expect(text(general.find((call) => text(call).includes(`:${b.id}:`))!)).toContain('Crash on Android');
    expect(text(world.posts(CHANNELS.website)[0]!)).toContain(`:${c.id}:`);

    const last = await world.subscriptions.lastFiring(TEAM, a.id);
    expect(last).toMatchObject({ localDate: '2026-03-04', outcome: 'posted', late: false });
    expect(last?.post?.channel).toBe(CHANNELS.general);
    expect(last?.post?.ts).toBe(first.response.ts);
    expect(last?.post?.taskIds.length).toBeGreaterThan(0);

    await world.clock.set('2026-03-04T14:01:00.000Z');
    const again = await runner.tick(new Date('2026-03-04T14:01:00.000Z'));
    expect(again.due).toBe(0);
    expect(world.requests).toHaveLength(2);
    expect(world.posts()).toHaveLength(3);
  });

  it('gives Kiritimati (+14) and Pago Pago (−11) their own local day at one UTC instant, and skips weekends', async () => {
    const kiritimati = await world.subscribe({
      timeZone: 'Pacific/Kiritimati',
      time: '09:00',
      projectIds: [PROJECTS.operations],
      postWhenEmpty: true,
    });
    const pagoPago = await world.subscribe({
      channelId: CHANNELS.website,
      timeZone: 'Pacific/Pago_Pago',
      time: '08:00',
      projectIds: [PROJECTS.operations],
      postWhenEmpty: true,
    });
    const runner = world.runner();
    world.clock.setAuto(true);
    // Thursday 5 March 19:00 UTC is Friday 09:00 in Kiritimati and Thursday 08:00 in Pago Pago.
    await world.clock.set('2026-03-05T19:00:00.000Z');
    const report = await runner.tick(new Date('2026-03-05T19:00:00.000Z'));
    expect(report.sent).toBe(2);
    expect(header(world.posts(CHANNELS.general)[0]!)).toBe('Due tasks for Friday 6 March');
    expect(header(world.posts(CHANNELS.website)[0]!)).toBe('Due tasks for Thursday 5 March');
    expect((await world.subscriptions.lastFiring(TEAM, kiritimati.id))?.localDate).toBe('2026-03-06');
    expect((await world.subscriptions.lastFiring(TEAM, pagoPago.id))?.localDate).toBe('2026-03-05');

    // Every 15 minutes until Tuesday: Kiritimati's Saturday and Sunday and Pago Pago's pass without a digest.
    const sentDates: string[] = [];
    for (
      let at = Date.parse('2026-03-05T19:15:00.000Z');
      at <= Date.parse('2026-03-10T20:00:00.000Z');
      at += 15 * 60_000
    ) {
      if (world.clock.now().getTime() < at) await world.clock.set(at);
      const tick = await runner.tick(new Date(at));
      if (tick.sent > 0) sentDates.push(new Date(at).toISOString());
    }
    expect(world.posts(CHANNELS.general).map(header)).toEqual([
      'Due tasks for Friday 6 March',
      'Due tasks for Monday 9 March',
      'Due tasks for Tuesday 10 March',
      'Due tasks for Wednesday 11 March',
    ]);
    expect(world.posts(CHANNELS.website).map(header)).toEqual([
      'Due tasks for Thursday 5 March',
      'Due tasks for Friday 6 March',
      'Due tasks for Monday 9 March',
      'Due tasks for Tuesday 10 March',
    ]);
    // Kiritimati's Monday 09:00 is Sunday 19:00 UTC; Pago Pago's Friday 08:00 is Friday 19:00 UTC.
    expect(sentDates).toContain('2026-03-08T19:00:00.000Z');
  });

  it("follows New York's clock changes: a time skipped in spring fires just after the gap, a repeated one once", async () => {
    // Sunday 8 March 2026 (spring forward at 02:00) and Sunday 1 November 2026 (fall back at 02:00).
    const spring = await world.subscribe({ time: '02:30', days: [7], postWhenEmpty: true });
    const fall = await world.subscribe({
      channelId: CHANNELS.website,
      time: '01:30',
      days: [7],
      postWhenEmpty: true,
    });
    const runner = world.runner();
    world.clock.setAuto(true);
    const tickEveryMinute = async (fromIso: string, toIso: string) => {
      for (let at = Date.parse(fromIso); at <= Date.parse(toIso); at += 60_000) {
        if (world.clock.now().getTime() < at) await world.clock.set(at);
        await runner.tick(new Date(at));
      }
    };
    // 05:00–09:00 UTC on 8 March covers 00:00 EST to 05:00 EDT.
    await tickEveryMinute('2026-03-08T05:00:00.000Z', '2026-03-08T09:00:00.000Z');
    const springPosts = world.posts(CHANNELS.general);
    expect(springPosts.map(header)).toEqual(['Due tasks for Sunday 8 March']);
    // 02:30 does not exist that night: 03:00 EDT, 07:00 UTC.
    expect(new Date(springPosts[0]!.at).toISOString()).toBe('2026-03-08T07:00:00.000Z');

    // 04:00–08:00 UTC on 1 November covers 00:00 EDT to 03:00 EST; 01:30 comes twice.
    await tickEveryMinute('2026-11-01T04:00:00.000Z', '2026-11-01T08:00:00.000Z');
    // Both are Sunday digests: each also fired once on the other date, at its plain local time.
    const fallPosts = world.posts(CHANNELS.website);
    expect(fallPosts.map(header)).toEqual([
      'Due tasks for Sunday 8 March',
      'Due tasks for Sunday 1 November',
    ]);
    expect(new Date(fallPosts[0]!.at).toISOString()).toBe('2026-03-08T06:30:00.000Z');
    // The first 01:30 (EDT, 05:30 UTC); the repeated hour does not send it again.
    expect(new Date(fallPosts[1]!.at).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(world.posts(CHANNELS.general).map((call) => new Date(call.at).toISOString())).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-11-01T07:30:00.000Z',
    ]);
    expect((await world.subscriptions.lastFiring(TEAM, spring.id))?.localDate).toBe('2026-11-01');
    expect((await world.subscriptions.lastFiring(TEAM, fall.id))?.localDate).toBe('2026-11-01');
  });
});
