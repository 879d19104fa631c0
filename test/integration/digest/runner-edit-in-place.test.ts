import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CHANNELS,
  type DigestWorld,
  PROJECTS,
  startDigestWorld,
  TEAM,
  USERS,
} from './support/digest-world.ts';

const NINE_NY = '2026-03-04T14:00:00.000Z';

describe('digest runner: the day’s message edited in place', () => {
  let world: DigestWorld;
  beforeEach(async () => {
    world = await startDigestWorld({ start: NINE_NY });
    world.clock.setAuto(true);
  });
  afterEach(async () => {
    await world.close();
  });

  async function taskNamed(title: string) {
    const page = await world.api.tasks.listByProject(PROJECTS.website, { per_page: 100 });
    const task = page.data.find((t) => t.title === title);
    if (!task) throw new Error(`no task ${title}`);
    return task;
  }

  it('re-renders and chat.updates the posted message after a task in it is done', async () => {
    const sub = await world.subscribe({ channelId: CHANNELS.general, projectIds: [PROJECTS.website] });
    const runner = world.runner();
    await runner.tick(new Date(NINE_NY));
    const [posted] = world.posts(CHANNELS.general);
    const ts = String(posted!.response.ts);
    const task = await taskNamed('Fix login redirect loop');
    expect(JSON.stringify(world.emulator.message(CHANNELS.general, ts)?.blocks)).toContain(task.title);
    const before = await world.subscriptions.lastFiring(TEAM, sub.id);
    expect(before?.post?.taskIds).toContain(task.id);

    // What the Done button does, then what the lead's handler calls.
    const statuses = await world.api.projects.statuses(PROJECTS.website);
    const done = statuses.find((s) => s.is_done)!;
    await world.api.tasks.update(task.id, { status_id: done.id });
    await world.clock.advance(5 * 60_000);
    // The Done handler knows the digest, not always its day: the latest post is the one edited.
    expect(await runner.refreshPosted(TEAM, sub.id)).toBe(true);

    const updates = world.emulator.calls('chat.update');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.args).toMatchObject({ channel: CHANNELS.general, ts });
    const message = world.emulator.message(CHANNELS.general, ts)!;
    expect(message.edited).toBeDefined();
    const blocks = JSON.stringify(message.blocks);
    expect(blocks).not.toContain(task.title);
    expect(blocks).toContain('Publish release notes');
    expect(blocks).toContain('Due tasks for Wednesday 4 March');
    // Still one message in the channel: edited, not posted again.
    expect(world.emulator.messages(CHANNELS.general)).toHaveLength(1);
    const after = await world.subscriptions.lastFiring(TEAM, sub.id);
    expect(after?.post?.taskIds).not.toContain(task.id);
    expect(after?.post?.ts).toBe(ts);
  });

  it('says nothing is left rather than keep listing tasks once all are done', async () => {
    const sub = await world.subscribe({
      channelId: CHANNELS.general,
      projectIds: [PROJECTS.operations],
      sections: { overdue: true, dueToday: true, dueWithinDays: 7 },
    });
    const runner = world.runner();
    await runner.tick(new Date(NINE_NY));
    const ts = String(world.posts(CHANNELS.general)[0]!.response.ts);
    const page = await world.api.tasks.listByProject(PROJECTS.operations, { per_page: 100, done: 'false' });
    const statuses = await world.api.projects.statuses(PROJECTS.operations);
    const done = statuses.find((s) => s.is_done)!;
    for (const task of page.data) await world.api.tasks.update(task.id, { status_id: done.id });
    expect(await runner.refreshPosted(TEAM, sub.id, '2026-03-04')).toBe(true);
    expect(JSON.stringify(world.emulator.message(CHANNELS.general, ts)?.blocks)).toContain('Nothing');
  });

  it('answers false for a day with no posted message, and edits nothing', async () => {
    const sub = await world.subscribe({ channelId: CHANNELS.general });
    const runner = world.runner();
    expect(await runner.refreshPosted(TEAM, sub.id, '2026-03-04')).toBe(false);
    await runner.tick(new Date(NINE_NY));
    expect(await runner.refreshPosted(TEAM, sub.id, '2026-03-03')).toBe(false);
    expect(await runner.refreshPosted(TEAM, 'no-such-digest', '2026-03-04')).toBe(false);
    expect(world.emulator.calls('chat.update')).toHaveLength(0);
  });

  it('sends a personal digest to the person by DM with only their tasks, and edits it there', async () => {
    // Ana is member 1 in the service; her personal digest is addressed to her Slack user id.
    const sub = await world.subscribe({
      channelId: USERS.ana,
      createdBy: USERS.ana,
      projectIds: [PROJECTS.website, PROJECTS.mobile],
      filters: { assigneeIds: [1] },
    });
    const runner = world.runner();
    await runner.tick(new Date(NINE_NY));
    const [dm] = world.posts(USERS.ana);
    const channel = String(dm!.response.channel);
    expect(channel).toMatch(/^D/);
    const blocks = JSON.stringify(dm!.args.blocks);
    expect(blocks).toContain('Publish release notes'); // Ana and Ben
    expect(blocks).toContain('Push notification opt-in flow'); // Ana
    expect(blocks).not.toContain('Fix login redirect loop'); // Ben only
    expect((await world.subscriptions.lastFiring(TEAM, sub.id))?.post?.channel).toBe(channel);

    const task = await taskNamed('Publish release notes');
    const done = (await world.api.projects.statuses(PROJECTS.website)).find((s) => s.is_done)!;
    await world.api.tasks.update(task.id, { status_id: done.id });
    expect(await runner.refreshPosted(TEAM, sub.id, '2026-03-04')).toBe(true);
    const edited = world.emulator.message(channel, String(dm!.response.ts));
    expect(JSON.stringify(edited?.blocks)).not.toContain('Publish release notes');
  });
});
