/**
 * Channel notifications end to end: `/task subscribe`, `subscriptions` (Edit, Remove) and
 * `unsubscribe` by signed requests; project events built from real sandbox tasks delivered to the
 * app's sink; what the emulator records: one card per task per channel, later events merged into
 * one thread reply per burst window with the card edited in place, exclusions honoured, a repeated
 * event id acted on once, and direct messages (assigned, due tomorrow) with their Home switches.
 *
 * The app clock is fixed and the notification timers are off: the test moves the clock past a
 * burst window and asks for the flush itself.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FixedClock } from '../../src/lib/clock.ts';
import { DUE_RECHECK_MS } from '../../src/notify/direct-messages.ts';
import { type Harness, TEAM, USERS } from '../support/harness.ts';
import { notifyTools, startNotifyHarness } from '../support/notify-tools.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';

/** Wednesday 4 March 2026, 10:00 in London. */
const START = '2026-03-04T10:00:00.000Z';
const WEBSITE = 1;
const CHANNEL = 'C0WEBSITE';
const BEN = 2;

let h: Harness;
let clock: FixedClock;
const { mark, event, deliver, closeWindow } = notifyTools(() => ({ h, clock }));

const text = (value: unknown) => JSON.stringify(value) ?? '';

async function command(commandText: string, channel = CHANNEL, user: string = USERS.ana) {
  const answered = mark('response_url');
  const res = await h.signer.command(`/task ${commandText}`, { channel, user });
  expect(res.status).toBe(200);
  return (await answered()).args;
}

const posts = (channel = CHANNEL) =>
  h.emulator.calls('chat.postMessage').filter((c) => c.args.channel === channel && c.response.ok === true);
const updates = (channel = CHANNEL) =>
  h.emulator.calls('chat.update').filter((c) => c.args.channel === channel && c.response.ok === true);

async function newTask(title: string, extra: { assignee_ids?: number[]; due_date?: string } = {}) {
  return h.api.tasks.create({ project_id: WEBSITE, title, ...extra });
}

describe('channel notifications', () => {
  beforeEach(async () => {
    ({ h, clock } = await startNotifyHarness(START));
  });
  afterEach(async () => {
    await h.close();
  });

  it('subscribes a channel, lists it with Edit and Remove, removes by button and by command', async () => {
    const saved = await command('subscribe #Website status done -status:Done -@ben not:"wip"');
    expect(text(saved)).toContain('follows');
    const sub = await h.app.deps.notifications.subscriptions.get(TEAM, CHANNEL, WEBSITE);
    expect(sub).toMatchObject({
      projectName: 'Website',
      events: ['task.status_changed', 'task.done'],
      filters: { notStatuses: ['Done'], notAssignees: [{ id: BEN }], notText: ['wip'] },
      broadcast: false,
    });
    await command('subscribe #"Mobile App"');
    expect(await h.app.deps.watchedProjects.projectsOf(TEAM)).toHaveLength(2);

    const list = await command('subscriptions');
    expect(text(list)).toContain('notify_edit');
    expect(text(list)).toContain('notify_remove');
    expect(text(list)).toContain('-@Ben');
    expect(text(list)).toContain('Mobile App');

    const message = h.emulator
      .ephemeralMessages(USERS.ana, CHANNEL)
      .filter((m) => text(m).includes('notify_remove'))
      .at(-1)!;
    // Edit opens the form with what the channel chose.
    const opened = mark('views.update');
    await h.signer.blockAction({
      actionId: 'notify_edit',
      value: String(WEBSITE),
      message,
      channel: CHANNEL,
    });
    const form = text((await opened()).response.view);
    expect(form).toContain('-status:Done');
    expect(form).toContain('not:\\"wip\\"');
    const redrawn = mark('response_url');
    await h.signer.blockAction({
      actionId: 'notify_remove',
      value: String(WEBSITE),
      message,
      channel: CHANNEL,
    });
    const after = (await redrawn()).args;
    expect(text(after)).not.toContain('Website');
    expect(await h.app.deps.notifications.subscriptions.get(TEAM, CHANNEL, WEBSITE)).toBeUndefined();

    expect(text(await command('unsubscribe #"Mobile App"'))).toContain('no longer follows');
    expect(await h.app.deps.notifications.subscriptions.listByChannel(TEAM, CHANNEL)).toEqual([]);
    expect(await h.app.deps.watchedProjects.teams()).toEqual([]);
  });

  it('refuses a channel the app is not in, and a filter it cannot read, saving nothing', async () => {
    const refused = await command('subscribe #Website', 'C0RANDOM');
    expect(text(refused)).toContain('/invite');
    // A word it cannot read is answered in the command's acknowledgement.
    const bad = await h.signer.command('/task subscribe #Website sometimes', { channel: CHANNEL });
    expect(text(bad.body)).toContain('sometimes');
    expect(await h.app.deps.notifications.subscriptions.listByTeam(TEAM)).toEqual([]);
  });

  it('opens the form, and saves what it says with its filters read as typed', async () => {
    const opened = mark('views.update');
    await h.signer.command('/task subscribe', { channel: CHANNEL });
    const view = (await opened()).response.view as { callback_id: string; blocks: unknown[] };
    expect(view.callback_id).toBe('notify_form');
    const option = (value: string, label = value) => ({ text: { type: 'plain_text', text: label }, value });
    const values = (filters: string) => ({
      nt_project: { nt_project_select: { type: 'static_select', selected_option: option('1', 'Website') } },
      nt_events: { nt_events_checks: { type: 'checkboxes', selected_options: [option('task.done')] } },
      nt_filters: { nt_filters_input: filters },
      nt_options: { nt_options_checks: { type: 'checkboxes', selected_options: [option('broadcast')] } },
    });
    const bad = await h.signer.viewSubmission({ view: view as never, values: values('-status:') });
    expect(bad.body).toMatchObject({ response_action: 'errors', errors: { nt_filters: expect.any(String) } });
    const told = mark('chat.postEphemeral');
    await h.signer.viewSubmission({ view: view as never, values: values('-@ben !high') });
    await told((c) => text(c.args).includes('follows'));
    expect(await h.app.deps.notifications.subscriptions.get(TEAM, CHANNEL, WEBSITE)).toMatchObject({
      events: ['task.done'],
      filters: { priorities: ['high'], notAssignees: [{ id: BEN }] },
      broadcast: true,
    });
  });

  it('posts a card on a task’s first event, merges a burst into one reply and edits the card in place', async () => {
    await command('subscribe #Website');
    const task = await newTask('Fix login page');
    const carded = mark('chat.postMessage');
    await deliver(event('task.created', task));
    const card = await carded((c) => c.args.channel === CHANNEL);
    expect(text(card.args.blocks)).toContain('Fix login page');
    expect(text(card.args.blocks)).toContain('Website');
    const parentTs = card.response.ts as string;
    await vi.waitFor(async () =>
      expect(await h.app.deps.notifications.threads.get(TEAM, CHANNEL, task.id)).toMatchObject({
        ts: parentTs,
      }),
    );

    const statuses = await h.api.projects.statuses(WEBSITE);
    const [first, second] = [statuses[1]!, statuses[2]!];
    const moved = await h.api.tasks.update(task.id, { status_id: first.id });
    const movedAgain = await h.api.tasks.update(task.id, { status_id: second.id });
    const assigned = await h.api.tasks.update(task.id, { assignee_ids: [BEN] });
    const burst = [
      event('task.status_changed', moved, {
        changes: { status: { before: task.status, after: moved.status } },
      }),
      event('task.status_changed', movedAgain, {
        changes: { status: { before: moved.status, after: movedAgain.status } },
      }),
      event('task.assigned', assigned, {
        changes: { assignees: { before: [], after: [{ id: BEN, name: 'Ben' }] } },
      }),
    ];
    for (const e of burst) await deliver(e);
    // The same delivery again (a webhook retry): acted on once.
    await deliver(burst[0]!);
    expect(posts()).toHaveLength(1);

    const replied = mark('chat.postMessage');
    const edited = mark('chat.update');
    await closeWindow();
    const reply = await replied((c) => c.args.channel === CHANNEL);
    expect(reply.args.thread_ts).toBe(parentTs);
    expect(reply.args.reply_broadcast).toBeUndefined();
    const lines = text(reply.args.blocks);
    expect(lines).toContain(`*${task.status.name}* → *${second.name}*`);
    expect(lines).toContain(`<@${USERS.ben}>`);
    const update = await edited();
    expect(update.args.ts).toBe(parentTs);
    expect(text(update.args.blocks)).toContain(second.name);
    expect(text(update.args.blocks)).toContain(`<@${USERS.ben}>`);
    // One card and one merged reply for the whole burst.
    expect(posts()).toHaveLength(2);
    expect(updates()).toHaveLength(1);
    expect(h.emulator.thread(CHANNEL, parentTs)).toHaveLength(2);

    // A malformed event is dropped without stopping anything.
    await deliver({ ...burst[0]!, id: 'bad-team', teamId: 'T:0001' });
    await deliver({ ...burst[0]!, id: '' });
    // Nothing new: closing another window sends nothing; an event delivered again later neither.
    await closeWindow();
    await deliver(burst[1]!);
    await closeWindow();
    expect(posts()).toHaveLength(2);
    expect(updates()).toHaveLength(1);
  });

  it('tells a rename and a priority change in the thread and shows them on the card', async () => {
    await command('subscribe #Website');
    const task = await newTask('Fix login page');
    const carded = mark('chat.postMessage');
    await deliver(event('task.created', task));
    const parentTs = (await carded((c) => c.args.channel === CHANNEL)).response.ts as string;

    const renamed = await h.api.tasks.update(task.id, { title: 'Fix the sign-in page' });
    const raised = await h.api.tasks.update(task.id, { priority: 'urgent' });
    await deliver(
      event('task.edited', renamed, { changes: { title: { before: task.title, after: renamed.title } } }),
    );
    await deliver(
      event('task.edited', raised, { changes: { priority: { before: task.priority, after: 'urgent' } } }),
    );
    const replied = mark('chat.postMessage');
    const edited = mark('chat.update');
    await closeWindow();
    const reply = await replied((c) => c.args.channel === CHANNEL);
    expect(reply.args.thread_ts).toBe(parentTs);
    const lines = text(reply.args.blocks);
    expect(lines).toContain('Renamed from *Fix login page* to *Fix the sign-in page*');
    expect(lines).toContain('→ *Urgent*');
    const update = await edited();
    expect(update.args.ts).toBe(parentTs);
    expect(text(update.args.blocks)).toContain('Fix the sign-in page');
    expect(text(update.args.blocks)).toContain('Urgent');
  });

  it('says what the first change a channel hears was, under the card it posts', async () => {
    await command('subscribe #Website');
    const task = await newTask('Write release notes');
    const statuses = await h.api.projects.statuses(WEBSITE);
    const moved = await h.api.tasks.update(task.id, { status_id: statuses[1]!.id });
    const carded = mark('chat.postMessage');
    await deliver(
      event('task.status_changed', moved, {
        changes: { status: { before: task.status, after: moved.status } },
      }),
    );
    const card = await carded((c) => c.args.channel === CHANNEL);
    expect(card.args.thread_ts).toBeUndefined();
    const replied = mark('chat.postMessage');
    await closeWindow();
    const reply = await replied((c) => c.args.channel === CHANNEL);
    expect(reply.args.thread_ts).toBe(card.response.ts);
    expect(text(reply.args.blocks)).toContain(`*${task.status.name}* → *${statuses[1]!.name}*`);
  });

  it('posts one card per task even when a burst window closes while the card still waits to be sent', async () => {
    await command('subscribe #Website');
    const first = await newTask('First in line');
    const second = await newTask('Second in line');
    const carded = mark('chat.postMessage');
    await deliver(event('task.created', first));
    await carded((c) => c.args.channel === CHANNEL);
    // Slack asks the second card to wait a second: its thread is not known while the window closes.
    h.emulator.failNext('chat.postMessage', { status: 429, retryAfter: 1 });
    const limited = mark('chat.postMessage');
    await deliver(event('task.created', second));
    await limited((c) => c.status === 429);
    await deliver(event('task.status_changed', second));
    // The window closes (its reply waits for the card) and the next change starts a new burst meanwhile.
    clock.advance(5_000);
    const flushing = h.app.deps.notifications.flushDue();
    await deliver(event('task.due_changed', second));
    await flushing;
    await closeWindow();
    await h.app.deps.notifications.stop();
    const cards = posts().filter((c) => !c.args.thread_ts && text(c.args).includes('Second in line'));
    expect(cards).toHaveLength(1);
    const replies = posts().filter((c) => c.args.thread_ts === cards[0]!.response.ts);
    expect(replies).toHaveLength(2);
    // The older burst's edit gave way to the newer one's: the card is edited once, as it is now.
    expect(updates().filter((c) => c.args.ts === cards[0]!.response.ts)).toHaveLength(1);
  });

  it('sends replies to the channel too when the subscription asks, and leaves a tombstone for a deleted task', async () => {
    await command('subscribe #Website broadcast');
    const task = await newTask('Retire the old blog');
    const carded = mark('chat.postMessage');
    await deliver(event('task.created', task));
    const parentTs = (await carded((c) => c.args.channel === CHANNEL)).response.ts as string;
    await vi.waitFor(async () =>
      expect(await h.app.deps.notifications.threads.get(TEAM, CHANNEL, task.id)).toBeDefined(),
    );
    await h.api.tasks.delete(task.id);
    await deliver(event('task.deleted', task, { task: undefined, taskId: task.id }));
    const replied = mark('chat.postMessage');
    const edited = mark('chat.update');
    await closeWindow();
    const reply = await replied((c) => c.args.channel === CHANNEL);
    expect(reply.args.thread_ts).toBe(parentTs);
    expect(String(reply.args.reply_broadcast)).toBe('true');
    expect(text(reply.args.blocks)).toContain('Deleted');
    const tombstone = await edited();
    expect(tombstone.args.ts).toBe(parentTs);
    expect(text(tombstone.args.blocks)).toContain('~Retire the old blog~');
  });

  it('leaves out what the filters exclude, keeps what they let through, and says sprints in the channel', async () => {
    await command('subscribe #Website -@ben not:"wip" -!low');
    const bens = await newTask('Ben’s task', { assignee_ids: [BEN] });
    const wip = await newTask('WIP: draft the copy');
    const low = await h.api.tasks.create({ project_id: WEBSITE, title: 'Tidy footer', priority: 'low' });
    const kept = await newTask('Ship the pricing page');
    const posted = mark('chat.postMessage');
    for (const t of [bens, wip, low, kept]) await deliver(event('task.created', t));
    const card = await posted((c) => c.args.channel === CHANNEL);
    expect(text(card.args.blocks)).toContain('Ship the pricing page');
    await deliver(event('sprint.started', kept, { task: undefined, sprint: { id: 9, name: 'Sprint 9' } }));
    await h.emulator.waitForCall('chat.postMessage', (c) => text(c.args).includes('Sprint 9'), 8_000);
    await closeWindow();
    const shown = posts().map((c) => text(c.args));
    expect(shown.filter((s) => s.includes('Ship the pricing page'))).toHaveLength(1);
    for (const title of ['Ben’s task', 'WIP: draft', 'Tidy footer']) {
      expect(shown.some((s) => s.includes(title))).toBe(false);
    }
    // Another project's events never reach this channel.
    const mobile = await h.api.tasks.create({ project_id: 2, title: 'Mobile only' });
    await deliver(event('task.created', mobile));
    await closeWindow();
    expect(posts().some((c) => text(c.args).includes('Mobile only'))).toBe(false);
  });

  it('sends a linked person a DM when assigned, switchable on Home; unlinked people get nothing', async () => {
    const task = await newTask('Review the copy', { assignee_ids: [BEN] });
    const dm = mark('chat.postMessage');
    await deliver(
      event('task.assigned', task, {
        changes: { assignees: { before: [], after: [{ id: BEN, name: 'Ben' }] } },
      }),
    );
    const sent = await dm((c) => c.args.channel === USERS.ben);
    expect(text(sent.args)).toContain('You were assigned');
    expect(text(sent.args)).toContain('Review the copy');

    // Ben turns it off on the Home tab.
    const published = mark('views.publish');
    await h.signer.event({ type: 'app_home_opened', user: USERS.ben, tab: 'home', channel: 'D0HOME' });
    await published((c) => c.args.user_id === USERS.ben);
    const home = h.emulator.homeTab(USERS.ben)!;
    expect(text(home.blocks)).toContain('notify_home_assigned');
    const redrawn = mark('views.publish');
    await h.signer.blockAction({
      actionId: 'notify_home_assigned',
      value: 'off',
      view: home,
      user: USERS.ben,
    });
    await redrawn((c) => c.args.user_id === USERS.ben);
    expect((await h.app.deps.notifications.prefs.get(TEAM, USERS.ben)).assigned).toBe(false);
    expect(text(h.emulator.homeTab(USERS.ben)!.blocks)).toContain('Turn on');

    const before = posts(USERS.ben).length;
    const again = await newTask('Another for Ben', { assignee_ids: [BEN, 3] });
    await deliver(event('task.assigned', again, { changes: { assignees: { before: [], after: [BEN, 3] } } }));
    await h.app.deps.notifications.stop();
    // Off for Ben; Chloe (member 3) has no link.
    expect(posts(USERS.ben)).toHaveLength(before);
    expect(posts(USERS.chloe)).toHaveLength(0);
  });

  it('tells a linked person of their tasks due tomorrow once a day, from 09:00 their time', async () => {
    // Ana is in London: at 10:00 on 4 March, tomorrow is 5 March.
    await newTask('Due tomorrow', { assignee_ids: [1], due_date: '2026-03-05T17:00:00.000Z' });
    await newTask('Due later', { assignee_ids: [1], due_date: '2026-03-09T17:00:00.000Z' });
    const dm = mark('chat.postMessage');
    expect(await h.app.deps.notifications.remindDueTomorrow()).toBeGreaterThanOrEqual(1);
    const sent = await dm((c) => c.args.channel === USERS.ana);
    expect(text(sent.args)).toContain('Due tomorrow');
    expect(text(sent.args)).not.toContain('Due later');
    // The same day again: nothing more.
    expect(await h.app.deps.notifications.remindDueTomorrow()).toBe(0);
    // A task made due tomorrow later that day: a person's tasks are read again from the service
    // only after the interval (its budget is shared with commands), then it is told, alone. (Where
    // the service does not filter by person, Taskbridge's own copy answers at no cost and is kept
    // current by the service's events and its paced refresh, which this fixed clock holds still.)
    if (testSandboxProfile() === 'full') {
      await newTask('Second for the 5th', { assignee_ids: [1], due_date: '2026-03-05T16:00:00.000Z' });
      expect(await h.app.deps.notifications.remindDueTomorrow()).toBe(0);
      clock.advance(DUE_RECHECK_MS);
      const dm2 = mark('chat.postMessage');
      expect(await h.app.deps.notifications.remindDueTomorrow()).toBe(1);
      const second = text((await dm2((c) => c.args.channel === USERS.ana)).args);
      expect(second).toContain('Second for the 5th');
      expect(second).not.toContain('Due tomorrow');
    }
    // Switched off: nothing the next day either.
    await h.app.deps.notifications.prefs.set(TEAM, USERS.ana, { dueTomorrow: false });
    await newTask('Due on the 6th', { assignee_ids: [1], due_date: '2026-03-06T17:00:00.000Z' });
    clock.advance(24 * 3_600_000);
    expect(await h.app.deps.notifications.remindDueTomorrow()).toBe(0);
  });
});
