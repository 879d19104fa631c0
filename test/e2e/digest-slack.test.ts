/**
 * Scheduled digests from Slack, end to end: `/task digest` and its form, the zone search, a preview,
 * a tick of the app's runner at the scheduled minute, Done and Snooze in the posted digest (the
 * task changed in the sandbox, the message edited in place), `digest show` and `off`, a channel the
 * app is not in, an unlinked person, the personal digest on the Home tab, and (against the
 * spec-minimal service) a task in the status an admin chose as done left out of the digest.
 *
 * The app clock is fixed; the digest's pacing waits (a second between posts to one channel) move
 * it on instead of sleeping, and the runner's minute timer is parked, so only the ticks a test
 * makes send digests.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DigestSubscription } from '../../src/digest/types.ts';
import { ManualClock } from '../../src/lib/manual-clock.ts';
import type { RecordedCall } from '../../src/slack-emulator/model.ts';
import { type AppWork, watchAppWork } from '../support/app-work.ts';
import { type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';

/** Wednesday 4 March 2026, 08:30 in London (GMT): half an hour before a 09:00 digest. */
const START = '2026-03-04T08:30:00.000Z';
const NINE_LONDON = new Date('2026-03-04T09:00:00.000Z');
/** Waits longer than this are the minute timer's: they never end (until the app stops). */
const PACING_MAX_MS = 10_000;

/** The app's clock, pinned: a pacing wait moves it on at once; the minute timer's wait is parked. */
class PacedClock extends ManualClock {
  constructor(start: string) {
    super(start, { realTimers: true });
  }

  override sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (ms <= PACING_MAX_MS) return this.advance(Math.max(0, ms));
    return new Promise<void>((_, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  }
}

type Block = {
  type: string;
  block_id?: string;
  text?: { text: string };
  accessory?: Record<string, unknown>;
  elements?: Array<Record<string, unknown>>;
};
type View = { id: string; callback_id: string; title: { text: string }; blocks: Block[] };

let h: Harness;
let clock: PacedClock;
/** The app's requests under way, to wait for their end before checking that nothing more came. */
let watched: AppWork;

const text = (value: unknown) => JSON.stringify(value);

/** Waits for a call made after this point. */
function mark(method: string) {
  const seen = new Set(h.emulator.calls(method));
  return (predicate: (c: RecordedCall) => boolean = () => true) =>
    h.emulator.waitForCall(method, (c) => !seen.has(c) && predicate(c), 5_000);
}

async function openForm(channel = 'C0GENERAL', user: string = USERS.ana): Promise<View> {
  const updated = mark('views.update');
  const res = await h.signer.command('/task digest', { channel, user });
  expect(res.status).toBe(200);
  const call = await updated();
  expect(call.status).toBe(200);
  return call.response.view as View;
}

const option = (value: string, label = value) => ({ text: { type: 'plain_text', text: label }, value });

interface FormInput {
  projects?: Array<[number, string]>;
  time?: string;
  zone?: string;
  days?: number[];
  sections?: string[];
  upcoming?: number;
  statuses?: string;
  assignees?: number[];
  options?: string[];
}

function formValues(input: FormInput = {}) {
  const projects = input.projects ?? [[1, 'Website']];
  return {
    dg_projects: {
      dg_projects_select: {
        type: 'multi_static_select',
        selected_options: projects.map(([id, name]) => option(String(id), name)),
      },
    },
    dg_time: { dg_time_picker: { type: 'timepicker', selected_time: input.time ?? '09:00' } },
    dg_zone: {
      dg_zone_select: { type: 'external_select', selected_option: option(input.zone ?? 'Europe/London') },
    },
    dg_days: {
      dg_days_checks: {
        type: 'checkboxes',
        selected_options: (input.days ?? [1, 2, 3, 4, 5]).map((d) => option(String(d))),
      },
    },
    dg_sections: {
      dg_sections_checks: {
        type: 'checkboxes',
        selected_options: (input.sections ?? ['overdue', 'due_today']).map((s) => option(s)),
      },
    },
    dg_upcoming: {
      dg_upcoming_select: { type: 'static_select', selected_option: option(String(input.upcoming ?? 0)) },
    },
    dg_statuses: { dg_statuses_input: input.statuses ?? '' },
    dg_assignees: {
      dg_assignees_select: {
        type: 'multi_static_select',
        selected_options: (input.assignees ?? []).map((id) => option(String(id))),
      },
    },
    dg_options: {
      dg_options_checks: {
        type: 'checkboxes',
        selected_options: (input.options ?? []).map((o) => option(o)),
      },
    },
  };
}

async function digestsIn(channel: string): Promise<DigestSubscription[]> {
  return h.app.deps.digests.subscriptions.listByChannel(TEAM, channel);
}

/** Schedules a digest through the form, as Ana in #general, and answers it once it is stored. */
async function scheduleViaForm(input: FormInput = {}, channel = 'C0GENERAL'): Promise<DigestSubscription> {
  const before = new Set((await digestsIn(channel)).map((s) => s.id));
  const form = await openForm(channel);
  const told = mark('chat.postEphemeral');
  const res = await h.signer.viewSubmission({ view: form, values: formValues(input) });
  expect(res.status).toBe(200);
  await told((c) => text(c.args).includes('Scheduled'));
  const created = (await digestsIn(channel)).find((s) => !before.has(s.id));
  if (!created) throw new Error('no digest was stored');
  return created;
}

/** The digest messages the bot posted in a channel. */
function digestPosts(channel: string) {
  return h.emulator.messages(channel).filter((m) => /^(Preview: )?Due tasks for/.test(m.text));
}

/** The task menu of the row showing `title` in a posted digest. */
function taskMenu(message: { blocks?: unknown[] }, title: string) {
  const row = (message.blocks as Block[]).find(
    (b) => b.type === 'section' && b.text?.text.includes(title) && b.accessory?.type === 'overflow',
  );
  if (!row) throw new Error(`no row for ${title}`);
  const options = (row.accessory as { options: Array<{ value: string; text: { text: string } }> }).options;
  return { blockId: row.block_id!, options };
}

async function taskNamed(title: string) {
  const page = await h.api.tasks.listByProject(1, { per_page: 100 });
  const task = page.data.find((t) => t.title === title);
  if (!task) throw new Error(`no task ${title}`);
  return task;
}

/** Schedules the form's default digest in #general and fires it at 09:00 London: the day's post. */
async function firedDigest() {
  await scheduleViaForm();
  clock.set(NINE_LONDON);
  await h.app.deps.digests.runner.tick(NINE_LONDON);
  const [post] = digestPosts('C0GENERAL');
  return post!;
}

/** Picks an option (by label) of a task's overflow menu in a digest post, as `user` would. */
async function chooseFromTaskMenu(
  post: ReturnType<typeof digestPosts>[number],
  title: string,
  label: string,
  user?: string,
) {
  const menu = taskMenu(post, title);
  await h.signer.blockAction({
    actionId: 'digest_task_menu',
    type: 'overflow',
    blockId: menu.blockId,
    selectedOption: menu.options.find((o) => o.text.text === label)!,
    message: post,
    channel: 'C0GENERAL',
    ...(user ? { user } : {}),
  });
}

describe('scheduled digests from Slack', () => {
  beforeEach(async () => {
    clock = new PacedClock(START);
    h = await startHarness({
      link: ['ana', 'ben'],
      clock,
      sandbox: { now: () => clock.now() },
    });
    watched = watchAppWork(h.app);
  });
  afterEach(async () => {
    await h.close();
  });

  it('opens the form in a channel with the person’s zone by name, weekdays and the active projects', async () => {
    const form = await openForm();
    expect(form.callback_id).toBe('digest_form');
    expect(form.title.text).toBe('Schedule a digest');
    const blocks = text(form.blocks);
    expect(blocks).toContain('Europe/London (GMT)');
    expect(blocks).toContain('<#C0GENERAL>');
    for (const name of ['Website', 'Mobile App', 'Operations']) expect(blocks).toContain(name);
    const days = form.blocks.find((b) => b.block_id === 'dg_days') as unknown as {
      element: { initial_options: Array<{ value: string }> };
    };
    expect(days.element.initial_options.map((o) => o.value)).toEqual(['1', '2', '3', '4', '5']);
    // Ana picked nothing yet: nothing is stored by opening the form.
    expect(await digestsIn('C0GENERAL')).toEqual([]);
  });

  it('finds zones by city for the zone menu, the person’s own first when it matches', async () => {
    const form = await openForm();
    const res = await h.signer.blockSuggestion({
      actionId: 'dg_zone_select',
      blockId: 'dg_zone',
      value: 'new york',
      view: form,
    });
    const options = (res.body as { options: Array<{ value: string; text: { text: string } }> }).options;
    expect(options.map((o) => o.value)).toContain('America/New_York');
    expect(options.find((o) => o.value === 'America/New_York')!.text.text).toBe('America/New_York (EST)');
    const london = await h.signer.blockSuggestion({
      actionId: 'dg_zone_select',
      value: 'europe',
      view: form,
    });
    const first = (london.body as { options: Array<{ value: string }> }).options[0];
    expect(first?.value).toBe('Europe/London');
  });

  it('answers each bad field in the form and stores nothing, then stores what a good form says', async () => {
    const form = await openForm();
    const bad = await h.signer.viewSubmission({
      view: form,
      values: formValues({ projects: [], days: [], sections: [], upcoming: 0 }),
    });
    expect(bad.body).toMatchObject({
      response_action: 'errors',
      errors: {
        dg_projects: expect.any(String),
        dg_days: expect.any(String),
        dg_sections: expect.any(String),
      },
    });
    expect(await digestsIn('C0GENERAL')).toEqual([]);

    const told = mark('chat.postEphemeral');
    const ok = await h.signer.viewSubmission({
      view: form,
      values: formValues({
        projects: [
          [1, 'Website'],
          [2, 'Mobile App'],
        ],
        time: '08:45',
        zone: 'America/New_York',
        days: [1, 3, 5],
        sections: ['overdue'],
        upcoming: 3,
        statuses: 'To do, In progress',
        assignees: [2],
        options: ['post_when_empty'],
      }),
    });
    expect(ok.status).toBe(200);
    const confirmation = await told((c) => c.args.channel === 'C0GENERAL' && c.args.user === USERS.ana);
    expect(text(confirmation.args)).toContain('Website');
    const [sub] = await digestsIn('C0GENERAL');
    expect(sub).toMatchObject({
      teamId: TEAM,
      channelId: 'C0GENERAL',
      createdBy: USERS.ana,
      projectIds: [1, 2],
      time: '08:45',
      timeZone: 'America/New_York',
      days: [1, 3, 5],
      sections: { overdue: true, dueToday: false, dueWithinDays: 3 },
      filters: { statuses: ['To do', 'In progress'], assigneeIds: [2] },
      postWhenEmpty: true,
    });
  });

  it('posts a preview once, even when the form is submitted twice', async () => {
    const form = await openForm();
    const values = formValues({ options: ['preview'] });
    const posted = mark('chat.postMessage');
    await h.signer.viewSubmission({ view: form, values });
    const preview = await posted((c) => c.args.channel === 'C0GENERAL' && c.response.ok === true);
    expect(String(preview.args.text)).toContain('Preview: Due tasks for Wednesday 4 March');
    expect(text(preview.args.blocks)).toContain(`Preview* — sent by <@${USERS.ana}>`);
    // Slack resends a submission it got no answer to in time; the second one finds the first's claim.
    await h.signer.viewSubmission({ view: form, values });
    await watched.settled();
    expect(digestPosts('C0GENERAL')).toHaveLength(1);
    expect(await digestsIn('C0GENERAL')).toHaveLength(1);
    // A preview is not the day's digest: the scheduled one still comes at 09:00.
    expect(
      await h.app.deps.digests.subscriptions.lastFiring(TEAM, (await digestsIn('C0GENERAL'))[0]!.id),
    ).toBe(undefined);
  });

  it('posts once when the runner ticks at the scheduled minute, grouped by assignee', async () => {
    const sub = await scheduleViaForm();
    const runner = h.app.deps.digests.runner;
    expect((await runner.tick(new Date('2026-03-04T08:59:00.000Z'))).sent).toBe(0);
    clock.set(NINE_LONDON);
    const report = await runner.tick(NINE_LONDON);
    // Its project was read ahead at 08:59: nine o'clock posts without asking the service.
    expect(report).toMatchObject({ sent: 1, fetches: 0 });
    const again = await runner.tick(new Date('2026-03-04T09:01:00.000Z'));
    expect(again.sent).toBe(0);
    const [post] = digestPosts('C0GENERAL');
    expect(digestPosts('C0GENERAL')).toHaveLength(1);
    const blocks = text(post!.blocks);
    expect(blocks).toContain('Fix login redirect loop');
    expect(blocks).toContain('Publish release notes');
    // Ben is linked: mentioned, with his counts.
    expect(blocks).toContain('<@U0BEN>');
    expect(blocks).not.toContain('Compress hero images');
    const last = await h.app.deps.digests.subscriptions.lastFiring(TEAM, sub.id);
    expect(last).toMatchObject({ localDate: '2026-03-04', outcome: 'posted', post: { ts: post!.ts } });
  });

  it('marks a task done from the digest and edits the day’s message in place', async () => {
    const post = await firedDigest();
    const task = await taskNamed('Fix login redirect loop');
    const updated = mark('chat.update');
    const answered = mark('response_url');
    await chooseFromTaskMenu(post, task.title, 'Mark done', USERS.ben);
    const edit = await updated();
    expect(edit.args).toMatchObject({ channel: 'C0GENERAL', ts: post.ts });
    const reply = await answered();
    expect(reply.args.response_type).toBe('ephemeral');
    expect(text(reply.args)).toContain('Marked');

    const after = await h.api.tasks.get(task.id);
    expect(after.status.name).toBe('Done');
    const edited = h.emulator.message('C0GENERAL', post.ts)!;
    expect(edited.edited).toBeDefined();
    expect(text(edited.blocks)).not.toContain(task.title);
    expect(text(edited.blocks)).toContain('Publish release notes');
    expect(digestPosts('C0GENERAL')).toHaveLength(1);
  });

  it('snoozes a task a day on the digest’s calendar, keeping its time of day', async () => {
    const post = await firedDigest();
    const task = await taskNamed('Publish release notes');
    const updated = mark('chat.update');
    await chooseFromTaskMenu(post, task.title, 'Snooze 1 day');
    await updated();
    const after = await h.api.tasks.get(task.id);
    expect(after.due_date).toBe('2026-03-05T17:00:00.000Z');
    expect(text(h.emulator.message('C0GENERAL', post.ts)!.blocks)).not.toContain(task.title);
  });

  it('offers an unlinked person the link instead of changing the task', async () => {
    const post = await firedDigest();
    const task = await taskNamed('Fix login redirect loop');
    const answered = mark('response_url');
    await chooseFromTaskMenu(post, task.title, 'Mark done', USERS.zoe);
    const reply = await answered();
    expect(text(reply.args)).toContain('offer_link');
    expect(reply.args.replace_original).toBe(false);
    expect((await h.api.tasks.get(task.id)).status.name).toBe(task.status.name);
    expect(h.emulator.calls('chat.update')).toHaveLength(0);
  });

  it('lists the channel’s digests, asks which to turn off when there are several, and turns them off', async () => {
    const nine = await scheduleViaForm({ time: '09:00' });
    const five = await scheduleViaForm({ time: '17:00', projects: [[3, 'Operations']] });

    const shown = mark('response_url');
    await h.signer.command('/task digest show', { channel: 'C0GENERAL' });
    const list = (await shown()).args;
    const listed = text(list.blocks);
    expect(listed).toContain('09:00 Europe/London (GMT), weekdays');
    expect(listed).toContain('17:00 Europe/London (GMT), weekdays');
    expect(listed).toContain('Operations');
    expect(listed).toContain('digest_edit');

    const asked = mark('response_url');
    await h.signer.command('/task digest off', { channel: 'C0GENERAL' });
    const question = (await asked()).args;
    expect(text(question.blocks)).toContain('digest_remove_all');
    expect(await digestsIn('C0GENERAL')).toHaveLength(2);

    const shownMessage = h.emulator
      .ephemeralMessages(USERS.ana, 'C0GENERAL')
      .filter((m) => text(m).includes('digest_remove_all'))
      .at(-1)!;
    const redrawn = mark('response_url');
    await h.signer.blockAction({
      actionId: 'digest_remove',
      value: nine.id,
      message: shownMessage,
      channel: 'C0GENERAL',
    });
    const after = (await redrawn()).args;
    expect(after.replace_original).toBe(true);
    expect(text(after.blocks)).toContain('Turned off the 09:00');
    expect((await digestsIn('C0GENERAL')).map((s) => s.id)).toEqual([five.id]);

    const last = mark('response_url');
    await h.signer.command('/task digest off', { channel: 'C0GENERAL' });
    expect(text((await last()).args)).toContain('Turned off the digest');
    expect(await digestsIn('C0GENERAL')).toEqual([]);
  });

  it('says how to invite the app when the channel is one it is not in, and stores nothing', async () => {
    const form = await openForm('C0RANDOM');
    const said = text(form.blocks);
    expect(said).toContain('/invite');
    expect(said).not.toContain('dg_projects');
    expect(await digestsIn('C0RANDOM')).toEqual([]);
  });

  it('pauses the digests of a channel the app was removed from, tells their author once, and resumes them', async () => {
    const sub = await scheduleViaForm();
    h.emulator.channel('C0GENERAL')!.botIsMember = false;
    clock.set(NINE_LONDON);
    const dm = mark('chat.postMessage');
    const report = await h.app.deps.digests.runner.tick(NINE_LONDON);
    expect(report.paused).toBe(1);
    const notice = await dm((c) => c.args.channel === USERS.ana && c.response.ok === true);
    expect(String(notice.args.text)).toContain('paused');
    expect((await h.app.deps.digests.subscriptions.get(TEAM, sub.id))?.paused).toBeDefined();

    const shown = mark('response_url');
    await h.signer.command('/task digest show', { channel: 'C0GENERAL' });
    const list = (await shown()).args;
    expect(text(list.blocks)).toContain('Paused');
    expect(text(list.blocks)).toContain('digest_resume');
    const message = h.emulator
      .ephemeralMessages(USERS.ana, 'C0GENERAL')
      .filter((m) => text(m).includes('digest_resume'))
      .at(-1)!;

    // Still not in the channel: resuming would only pause it again.
    const refused = mark('response_url');
    await h.signer.blockAction({ actionId: 'digest_resume', value: sub.id, message, channel: 'C0GENERAL' });
    expect(text((await refused()).args)).toContain('/invite');
    expect((await h.app.deps.digests.subscriptions.get(TEAM, sub.id))?.paused).toBeDefined();

    h.emulator.channel('C0GENERAL')!.botIsMember = true;
    const resumed = mark('response_url');
    await h.signer.blockAction({ actionId: 'digest_resume', value: sub.id, message, channel: 'C0GENERAL' });
    expect(text((await resumed()).args)).toContain('Resumed');
    expect((await h.app.deps.digests.subscriptions.get(TEAM, sub.id))?.paused).toBeUndefined();
  });

  it('edits a digest through the same form, prefilled, from the list’s Edit button', async () => {
    const sub = await scheduleViaForm();
    const shown = mark('response_url');
    await h.signer.command('/task digest show', { channel: 'C0GENERAL' });
    await shown();
    const message = h.emulator
      .ephemeralMessages(USERS.ana, 'C0GENERAL')
      .filter((m) => text(m).includes('digest_edit'))
      .at(-1)!;
    const opened = mark('views.update');
    await h.signer.blockAction({ actionId: 'digest_edit', value: sub.id, message, channel: 'C0GENERAL' });
    const form = (await opened()).response.view as View;
    expect(form.title.text).toBe('Edit digest');
    expect(text(form.blocks)).toContain('"initial_time":"09:00"');
    const told = mark('chat.postEphemeral');
    await h.signer.viewSubmission({ view: form, values: formValues({ time: '10:15' }) });
    expect(text((await told()).args)).toContain('Updated');
    const [edited] = await digestsIn('C0GENERAL');
    expect(edited).toMatchObject({ id: sub.id, time: '10:15', createdBy: USERS.ana });
  });
});

describe('the personal digest on the Home tab', () => {
  beforeEach(async () => {
    clock = new PacedClock(START);
    h = await startHarness({ link: ['ana'], clock, sandbox: { now: () => clock.now() } });
    watched = watchAppWork(h.app);
  });
  afterEach(async () => {
    await h.close();
  });

  async function openHome(user: string = USERS.ana) {
    const published = mark('views.publish');
    await h.signer.event({ type: 'app_home_opened', user, tab: 'home', channel: 'D0HOME' });
    await published((c) => c.args.user_id === user);
    return h.emulator.homeTab(user)!;
  }

  async function click(actionId: string, extra: Record<string, unknown> = {}) {
    const home = h.emulator.homeTab(USERS.ana)!;
    const published = mark('views.publish');
    await h.signer.blockAction({ actionId, view: home, ...extra });
    await published((c) => c.args.user_id === USERS.ana);
    return h.emulator.homeTab(USERS.ana)!;
  }

  it('turns on at 09:00 my time on weekdays, moves with the time picker, and turns off', async () => {
    const home = await openHome();
    expect(text(home.blocks)).toContain('digest_home_on');
    expect(await digestsIn(USERS.ana)).toEqual([]);

    const on = await click('digest_home_on');
    const [sub] = await digestsIn(USERS.ana);
    expect(sub).toMatchObject({
      channelId: USERS.ana,
      createdBy: USERS.ana,
      time: '09:00',
      timeZone: 'Europe/London',
      days: [1, 2, 3, 4, 5],
      filters: { assigneeIds: [1] },
    });
    expect(sub!.projectIds).toEqual([1, 2, 3]);
    expect(text(on.blocks)).toContain('digest_home_time');
    expect(text(on.blocks)).toContain('09:00 Europe/London (GMT), weekdays');

    const moved = await click('digest_home_time', {
      type: 'timepicker',
      blockId: 'home_digest_time',
      action: { selected_time: '07:30' },
    });
    expect((await digestsIn(USERS.ana))[0]?.time).toBe('07:30');
    expect(text(moved.blocks)).toContain('07:30 Europe/London (GMT)');

    const off = await click('digest_home_off');
    expect(await digestsIn(USERS.ana)).toEqual([]);
    expect(text(off.blocks)).toContain('digest_home_on');
  });

  it('makes one personal digest of two quick clicks on Turn on', async () => {
    const home = await openHome();
    const published = mark('views.publish');
    await Promise.all([
      h.signer.blockAction({ actionId: 'digest_home_on', view: home }),
      h.signer.blockAction({ actionId: 'digest_home_on', view: home }),
    ]);
    await published();
    await h.emulator.waitForCall('views.publish', (c) => text(c.args).includes('digest_home_off'), 5_000);
    await watched.settled();
    expect(await digestsIn(USERS.ana)).toHaveLength(1);
  });

  it('sends my own tasks by direct message at my time', async () => {
    await openHome();
    await click('digest_home_on');
    clock.set(NINE_LONDON);
    const report = await h.app.deps.digests.runner.tick(NINE_LONDON);
    expect(report.sent).toBe(1);
    const dm = h.emulator
      .calls('chat.postMessage')
      .find((c) => c.args.channel === USERS.ana && c.response.ok === true)!;
    const blocks = text(dm.args.blocks);
    expect(blocks).toContain('Publish release notes');
    expect(blocks).toContain('Push notification opt-in flow');
    // Ben's task is not Ana's.
    expect(blocks).not.toContain('Fix login redirect loop');
  });

  it('shows no toggle to someone who has not linked an account', async () => {
    const home = await openHome(USERS.ben);
    expect(text(home.blocks)).not.toContain('digest_home_on');
  });
});

describe('digests and the done status an admin chose', () => {
  beforeEach(async () => {
    clock = new PacedClock(START);
    // The app meets the spec-minimal service whichever profile the run is in: its statuses carry no
    // category, so once "Done" is renamed "Live" no status reads as done until an admin names one.
    h = await startHarness({
      link: ['ana', 'ben'],
      clock,
      sandbox: { profile: 'spec-minimal', now: () => clock.now() },
    });
    watched = watchAppWork(h.app);
    h.sandbox.db.exec("UPDATE project_statuses SET name = 'Live' WHERE name = 'Done'");
  });
  afterEach(async () => {
    await h.close();
  });

  it('leaves out a task in the chosen done status, and keeps one in another status', async () => {
    const live = h.sandbox.db
      .prepare("SELECT id FROM project_statuses WHERE project_id = 1 AND name = 'Live'")
      .get() as { id: number };
    const finished = await taskNamed('Fix login redirect loop');
    await h.api.tasks.update(finished.id, { status_id: live.id });
    const open = await taskNamed('Publish release notes');
    expect(open.status.name).not.toBe('Live');

    // An admin names "Live" once, in the connect form.
    await h.signer.command('/task connect', { user: USERS.ana });
    const opened = await h.emulator.waitForCall('views.open', undefined, 5_000);
    const res = await h.signer.viewSubmission({
      user: USERS.ana,
      view: opened.response.view as View,
      values: {
        cn_base_url: { cn_base_url_input: h.sandbox.url },
        cn_token: { cn_token_input: h.sandbox.token },
        cn_done_status: { cn_done_status_input: 'Live' },
      },
    });
    expect(res.status).toBe(200);
    await h.emulator.waitForCall(
      'chat.postMessage',
      (c) => String(c.args.text).includes('“Live” count as done'),
      5_000,
    );
    expect((await h.app.deps.connections.describe(TEAM))?.doneStatusName).toBe('Live');

    const post = await firedDigest();
    const blocks = text(post.blocks);
    expect(blocks).toContain('Publish release notes');
    expect(blocks).not.toContain('Fix login redirect loop');
  });
});
