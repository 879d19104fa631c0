/**
 * Personal reminders end to end: set by `/task remind` and by a card's "Remind me" menu, sent as a
 * direct message with the task's fresh card once the app's clock reaches them (the test moves the
 * clock and calls the reminders' look, as the runner's timer would), once; skipped for a task done
 * meanwhile; listed on App Home and cancelled there.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FixedClock } from '../../src/lib/clock.ts';
import type { RecordedCall } from '../../src/slack-emulator/index.ts';
import { watchAppWork } from '../support/app-work.ts';
import { fixedClock, type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';

let h: Harness;
let clock: FixedClock;

/** A Friday morning in London, where Ana is. */
const START = '2026-11-27T10:00:00.000Z';
const HOUR = 3_600_000;

const text = (value: unknown) => JSON.stringify(value) ?? '';

function mark(method: string) {
  const seen = new Set(h.emulator.calls(method));
  return (predicate: (c: RecordedCall) => boolean = () => true) =>
    h.emulator.waitForCall(method, (c) => !seen.has(c) && !isInterimNote(c.args) && predicate(c), 10_000);
}

async function answerTo(command: string, user: string = USERS.ana) {
  const next = mark('response_url');
  await h.signer.command(command, { user });
  return (await next()).args;
}

/** Direct messages the app sent Ana that carry a reminder. */
const remindersSent = () =>
  h.emulator
    .calls('chat.postMessage')
    .filter((c) => c.args.channel === USERS.ana && text(c.args).includes('The reminder you set'));

describe('reminders', () => {
  beforeEach(async () => {
    clock = fixedClock(START);
    h = await startHarness({ clock, link: ['ana', 'ben'], notifications: { enabled: false } });
  });
  afterEach(async () => {
    await h.close();
  });

  it('sets one by command and sends the fresh card by DM at its time, once', async () => {
    const answer = await answerTo('/task remind 1 in 2 hours');
    expect(text(answer.blocks)).toContain('I’ll send you task #1');
    expect(text(answer.blocks)).toContain('reminder_cancel');
    const [saved] = await h.app.deps.reminders.reminders.listFor(TEAM, USERS.ana);
    expect(saved?.at).toBe('2026-11-27T12:00:00.000Z');

    clock.advance(HOUR);
    expect(await h.app.deps.reminders.look()).toBe(0);
    // The card is read when it goes: a change made meanwhile shows.
    await h.api.tasks.update(1, { title: 'Fix login redirect loop for good' });
    clock.advance(HOUR);
    expect(await h.app.deps.reminders.look()).toBe(1);
    expect(await h.app.deps.reminders.look()).toBe(0);
    const sent = remindersSent();
    expect(sent).toHaveLength(1);
    expect(text(sent[0]!.args.blocks)).toContain('Fix login redirect loop for good');
    expect(text(sent[0]!.args.blocks)).toContain('task_done');
    expect(await h.app.deps.reminders.reminders.listFor(TEAM, USERS.ana)).toEqual([]);
  });

  it('reads a day as 9:00 in the person’s zone, and refuses what it cannot read', async () => {
    await answerTo('/task remind 1 tomorrow');
    const [saved] = await h.app.deps.reminders.reminders.listFor(TEAM, USERS.ana);
    expect(saved?.at).toBe('2026-11-28T09:00:00.000Z');
    const bad = await answerTo('/task remind 1 blorpday');
    expect(String(bad.text)).toMatch(/No reminder was set\. I couldn't read “blorpday”/);
    const missing = await answerTo('/task remind 9999 in 1 hour');
    expect(String(missing.text)).toContain('there is no task #9999');
  });

  it('sets one from a card’s Remind me menu', async () => {
    await answerTo('/task show 3');
    const card = h.emulator.ephemeralMessages(USERS.ana).at(-1)!;
    expect(text(card.blocks)).toContain('task_remind');
    const told = mark('response_url');
    await h.signer.blockAction({
      actionId: 'task_remind',
      type: 'static_select',
      selectedOption: { text: { type: 'plain_text', text: 'In 1 hour' }, value: 'hour:3.1' },
      message: card,
    });
    expect(text((await told()).args)).toContain('I’ll send you task #3');
    // The card it was chosen on stays.
    expect(h.emulator.ephemeralMessages(USERS.ana).some((m) => m.ts === card.ts)).toBe(true);
    clock.advance(HOUR);
    expect(await h.app.deps.reminders.look()).toBe(1);
    expect(text(remindersSent()[0]!.args.blocks)).toContain('Publish release notes');
  });

  it('sets one from the Remind me menu under /task mine and /task list', async () => {
    for (const command of ['/task mine', '/task list #Website']) {
      const listed = mark('response_url');
      await h.signer.command(command, { user: USERS.ana });
      const list = (await listed((c) => text(c.args.blocks).includes('task_list_remind'))).args;
      const menu = (
        list.blocks as Array<{ block_id?: string; elements?: Array<Record<string, unknown>> }>
      ).find((b) => b.block_id === 'task_list_remind')!.elements![0]! as {
        option_groups: Array<{ label: { text: string }; options: Array<{ value: string }> }>;
      };
      const group = menu.option_groups.find((g) => g.label.text.startsWith('#3 '))!;
      expect(group.label.text).toBe('#3 Publish release notes');
      const message = h.emulator.ephemeralMessages(USERS.ana).at(-1)!;
      const told = mark('response_url');
      await h.signer.blockAction({
        actionId: 'task_remind',
        type: 'static_select',
        selectedOption: { text: { type: 'plain_text', text: 'In 1 hour' }, value: group.options[0]!.value },
        message,
      });
      expect(text((await told()).args)).toContain('I’ll send you task #3');
    }
    clock.advance(HOUR);
    expect(await h.app.deps.reminders.look()).toBeGreaterThanOrEqual(1);
    expect(text(remindersSent()[0]!.args.blocks)).toContain('Publish release notes');
  });

  it('sends nothing for a task done by then', async () => {
    await answerTo('/task remind 4 in 1 hour');
    await answerTo('/task done 4');
    clock.advance(HOUR);
    expect(await h.app.deps.reminders.look()).toBe(0);
    expect(remindersSent()).toHaveLength(0);
    expect(await h.app.deps.reminders.reminders.listFor(TEAM, USERS.ana)).toEqual([]);
  });

  it('sends several due at once in one project from the fresh list: changes shown, done and deleted skipped', async () => {
    const api = (await h.app.deps.workApi.clientFor(TEAM))!;
    const open = (await h.api.tasks.listByProject(1, { per_page: 100 })).data.filter(
      (t) => !/done/i.test(JSON.stringify(t.status)),
    );
    expect(open.length).toBeGreaterThanOrEqual(4);
    const [renamed, kept, done, deleted] = open as [
      (typeof open)[0],
      (typeof open)[0],
      (typeof open)[0],
      (typeof open)[0],
    ];
    const at = new Date(clock.now().getTime() + HOUR);
    for (const t of [renamed, kept, done, deleted]) {
      await h.app.deps.reminders.reminders.add(
        { teamId: TEAM, userId: USERS.ana, taskId: t.id, projectId: 1, title: t.title, at },
        clock.now(),
      );
    }
    // The app's own list read before the changes: the look must not answer from it.
    await api.tasks.listByProject(1, { per_page: 100 });
    await h.api.tasks.update(renamed.id, { title: 'Renamed while the reminder waited' });
    await answerTo(`/task done ${done.id}`);
    await h.api.tasks.delete(deleted.id);
    // Counting the app's own task reads: the four come from one list, a get only for the one gone.
    let gets = 0;
    const { get } = api.tasks;
    api.tasks.get = (...args: Parameters<typeof get>) => {
      gets++;
      return get(...args);
    };
    clock.advance(HOUR);
    expect(await h.app.deps.reminders.look()).toBe(2);
    expect(gets).toBe(1);
    const sent = remindersSent();
    expect(sent).toHaveLength(2);
    expect(text(sent.map((c) => c.args.blocks))).toContain('Renamed while the reminder waited');
    expect(text(sent.map((c) => c.args.blocks))).toContain(`task #${kept.id}`);
    expect(text(sent.map((c) => c.args.blocks))).not.toContain(`task #${done.id}.`);
    expect(await h.app.deps.reminders.reminders.listFor(TEAM, USERS.ana)).toEqual([]);
  });

  it('lists reminders on App Home and cancels one there', async () => {
    await answerTo('/task remind 5 in 3 hours');
    const published = mark('views.publish');
    await h.signer.event({ type: 'app_home_opened', user: USERS.ana, tab: 'home', channel: 'D0HOME' });
    await published((c) => c.args.user_id === USERS.ana && text(c.args.view).includes('reminder_cancel'));
    const home = h.emulator.homeTab(USERS.ana)!;
    const row = (home.blocks as Array<{ accessory?: { action_id: string; value: string } }>).find(
      (b) => b.accessory?.action_id === 'reminder_cancel',
    )!;
    // Another person's click finds nothing of Ana's to cancel.
    const work = watchAppWork(h.app);
    await h.signer.blockAction({ actionId: 'reminder_cancel', value: row.accessory!.value, user: USERS.ben });
    await work.settled();
    expect(await h.app.deps.reminders.reminders.listFor(TEAM, USERS.ana)).toHaveLength(1);
    const republished = mark('views.publish');
    await h.signer.blockAction({ actionId: 'reminder_cancel', value: row.accessory!.value, view: home });
    const after = await republished((c) => c.args.user_id === USERS.ana);
    expect(text(after.args.view)).not.toContain('reminder_cancel');
    clock.advance(3 * HOUR);
    expect(await h.app.deps.reminders.look()).toBe(0);
    expect(remindersSent()).toHaveLength(0);
  });
});
