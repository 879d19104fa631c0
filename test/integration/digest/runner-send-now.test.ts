import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendDigestNow } from '../../../src/playground/digest-now.ts';
import {
  CHANNELS,
  type DigestWorld,
  PROJECTS,
  startDigestWorld,
  TEAM,
  USERS,
} from './support/digest-world.ts';

const NINE_NY = '2026-03-04T14:00:00.000Z';
const TEN_NY = '2026-03-04T15:00:00.000Z';

describe('digest runner: “Send digest now” and “Send a preview now” say what they are', () => {
  let world: DigestWorld;
  beforeEach(async () => {
    world = await startDigestWorld({ start: NINE_NY });
    world.clock.setAuto(true);
  });
  afterEach(async () => {
    await world.close();
  });

  async function finish(title: string) {
    const page = await world.api.tasks.listByProject(PROJECTS.website, { per_page: 100 });
    const task = page.data.find((t) => t.title === title)!;
    const done = (await world.api.projects.statuses(PROJECTS.website)).find((s) => s.is_done)!;
    await world.api.tasks.update(task.id, { status_id: done.id });
  }

  it('sends the real digest after the day’s went out, and that post is the one redrawn', async () => {
    const sub = await world.subscribe({ channelId: CHANNELS.general, projectIds: [PROJECTS.website] });
    const runner = world.runner();
    await runner.tick(new Date(NINE_NY));
    const first = String(world.posts(CHANNELS.general)[0]!.response.ts);

    await world.clock.set(new Date(TEN_NY));
    await sendDigestNow({ subscriptions: world.subscriptions, runner }, TEAM, CHANNELS.general);
    const posts = world.posts(CHANNELS.general);
    expect(posts).toHaveLength(2);
    const now = String(posts[1]!.response.ts);
    const sent = JSON.stringify(world.emulator.message(CHANNELS.general, now)?.blocks);
    expect(sent).toContain('Due tasks for Wednesday 4 March');
    expect(sent).not.toContain('Preview');
    expect((await world.subscriptions.lastFiring(TEAM, sub.id))?.post?.ts).toBe(now);

    await finish('Fix login redirect loop');
    expect(await runner.refreshPosted(TEAM, sub.id)).toBe(true);
    const updates = world.emulator.calls('chat.update');
    expect(updates.map((u) => u.args.ts)).toEqual([now]);
    expect(world.emulator.message(CHANNELS.general, first)?.edited).toBeUndefined();
    expect(JSON.stringify(world.emulator.message(CHANNELS.general, now)?.blocks)).not.toContain(
      'Fix login redirect loop',
    );
  });

  it('sent before the scheduled minute, it is the day’s digest: the scheduler posts no second one', async () => {
    await world.close();
    world = await startDigestWorld({ start: '2026-03-04T12:00:00.000Z' });
    await world.subscribe({ channelId: CHANNELS.general, projectIds: [PROJECTS.website] });
    const runner = world.runner();
    await sendDigestNow({ subscriptions: world.subscriptions, runner }, TEAM, CHANNELS.general);
    await world.clock.set(new Date(NINE_NY));
    const report = await runner.tick(new Date(NINE_NY));
    expect(report.sent).toBe(0);
    expect(world.posts(CHANNELS.general)).toHaveLength(1);
  });

  it('marks a preview as one: who sent it, that it stays as it is, and when the real one posts', async () => {
    const sub = await world.subscribe({ channelId: CHANNELS.general, projectIds: [PROJECTS.website] });
    const runner = world.runner();
    const preview = await runner.sendPreview(sub, { by: USERS.ana });
    const message = world.emulator.message(CHANNELS.general, preview.ts)!;
    const blocks = JSON.stringify(message.blocks);
    expect(message.text).toMatch(/^Preview: Due tasks for Wednesday 4 March/);
    expect(blocks).toContain(`Preview* — sent by <@${USERS.ana}>, not updated after this.`);
    expect(blocks).toContain('The scheduled digest posts at 09:00');
    // Recorded nowhere: the day's digest still goes out at its minute.
    expect(await world.subscriptions.lastFiring(TEAM, sub.id)).toBeUndefined();
  });
});
