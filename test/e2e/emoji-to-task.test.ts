/**
 * Emoji to task end to end: `/task react` maps a channel's emoji to a project; a person's reaction
 * is put on the message in the emulator and `reaction_added` / `reaction_removed` signed into the
 * real app (`signer.react`, `signer.unreact`); the task is read back from the sandbox over HTTP and
 * the card, the confirmations and the ✅ from the emulator.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../src/slack-emulator/index.ts';
import { type AppWork, watchAppWork } from '../support/app-work.ts';
import { select } from '../support/form-values.ts';
import { fixedClock, type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';
import { slackSteps, type View } from '../support/team-e2e.ts';

const CHANNEL = 'C0WEBSITE';
const BOT = 'U0TASKBOT';

let h: Harness;
let work: AppWork;
const text = (value: unknown) => JSON.stringify(value) ?? '';

function mark(method: string) {
  const seen = new Set(h.emulator.calls(method));
  return (predicate: (c: RecordedCall) => boolean = () => true) =>
    h.emulator.waitForCall(method, (c) => !seen.has(c) && !isInterimNote(c.args) && predicate(c), 10_000);
}

async function answerTo(command: string, user: string = USERS.ana) {
  const next = mark('response_url');
  const res = await h.signer.command(command, { user, channel: CHANNEL });
  expect(res.status).toBe(200);
  return (await next()).args;
}

async function tasksTitled(title: string) {
  return (await h.api.tasks.list({ q: title, per_page: 100 })).data.filter((t) => t.title === title);
}

const TITLE = 'Checkout button does nothing on Safari';

function bensMessage() {
  return h.emulator.addMessage({
    channel: CHANNEL,
    user: USERS.ben,
    text: `${TITLE}\nSeen on iOS 18 and macOS, since the last release.`,
  });
}

const { filledView } = slackSteps(() => h);

function submitEmoji(form: View, emoji: string, projectId = '1') {
  return h.signer.viewSubmission({
    user: USERS.ana,
    view: form,
    values: { rx_emoji: { rx_emoji_input: emoji }, rx_project: { rx_project_select: select(projectId) } },
  });
}

const topLevel = () => h.emulator.messages(CHANNEL).filter((m) => !m.thread_ts || m.thread_ts === m.ts);

describe('emoji to task', () => {
  const clock = fixedClock('2026-11-20T12:00:00.000Z');
  beforeEach(async () => {
    h = await startHarness({ link: ['ana', 'ben'], clock });
    work = watchAppWork(h.app);
    const set = await answerTo('/task react :ticket: #Website');
    expect(set.response_type).toBe('in_channel');
    expect(String(set.text)).toContain('Website');
  });
  afterEach(async () => {
    await h.close();
  });

  it('makes the message a task once, its card in the message’s thread, whoever reacts again', async () => {
    const message = bensMessage();
    const before = topLevel().map((m) => m.ts);
    const card = mark('chat.postMessage');
    const told = mark('chat.postEphemeral');
    await h.signer.react(
      { user: USERS.ana, channel: CHANNEL, ts: message.ts, name: 'ticket' },
      { eventId: 'Ev-react-1' },
    );
    const posted = await card((c) => c.args.channel === CHANNEL && text(c.args).includes(TITLE));
    expect(posted.args.thread_ts).toBe(message.ts);
    expect(posted.args.reply_broadcast).toBeUndefined();
    const confirmation = await told((c) => String(c.args.text).includes('undo'));
    expect(confirmation.args.user).toBe(USERS.ana);
    expect(confirmation.args.thread_ts).toBe(message.ts);

    const [task, ...more] = await tasksTitled(TITLE);
    expect(more).toHaveLength(0);
    expect(task!.project_id).toBe(1);
    // As the message shortcut reads a message: the whole text and the way back to it.
    expect(task!.description).toContain('Seen on iOS 18');
    expect(task!.description).toContain(`/archives/${CHANNEL}/p${message.ts.replace('.', '')}`);
    // Ana (member 1) made it, not the message's author.
    const full = await h.api.tasks.get(task!.id);
    if (full.creator) expect(full.creator.id).toBe(1);

    // The same event again (Slack's retry), and Ben's reaction: nothing new.
    const cards = () => h.emulator.calls('chat.postMessage').filter((c) => text(c.args).includes(TITLE));
    await h.signer.react(
      { user: USERS.ana, channel: CHANNEL, ts: message.ts, name: 'ticket::skin-tone-2' },
      { eventId: 'Ev-react-1' },
    );
    await h.signer.react({ user: USERS.ben, channel: CHANNEL, ts: message.ts, name: 'ticket' });
    await work.settled();
    expect(await tasksTitled(TITLE)).toHaveLength(1);
    expect(cards()).toHaveLength(1);
    // Nothing new in the channel itself: the card is in the thread.
    expect(topLevel().map((m) => m.ts)).toEqual(before);
  });

  it('undoes the task when its reactor removes the emoji within the minute, not after nor for anyone else', async () => {
    const message = bensMessage();
    const card = mark('chat.postMessage');
    await h.signer.react({ user: USERS.ana, channel: CHANNEL, ts: message.ts, name: 'ticket' });
    const posted = await card((c) => text(c.args).includes(TITLE));
    await work.settled();
    const [task] = await tasksTitled(TITLE);

    // Ben's own :ticket: coming off takes nothing back.
    await h.signer.react({ user: USERS.ben, channel: CHANNEL, ts: message.ts, name: 'ticket' });
    await h.signer.unreact({ user: USERS.ben, channel: CHANNEL, ts: message.ts, name: 'ticket' });
    await work.settled();
    expect(await tasksTitled(TITLE)).toHaveLength(1);

    clock.advance(50_000);
    const told = mark('chat.postEphemeral');
    await h.signer.unreact({ user: USERS.ana, channel: CHANNEL, ts: message.ts, name: 'ticket' });
    expect(String((await told((c) => String(c.args.text).includes('deleted'))).args.text)).toContain(
      `Task ${task!.id} was deleted`,
    );
    await work.settled();
    expect(await tasksTitled(TITLE)).toHaveLength(0);
    const cardTs = (posted.response as { ts: string }).ts;
    expect(h.emulator.message(CHANNEL, cardTs)).toBeUndefined();

    // Free again: a new reaction makes it anew; this time the minute passes first.
    const again = mark('chat.postMessage');
    await h.signer.react({ user: USERS.ana, channel: CHANNEL, ts: message.ts, name: 'ticket' });
    await again((c) => text(c.args).includes(TITLE));
    await work.settled();
    clock.advance(61_000);
    await h.signer.unreact({ user: USERS.ana, channel: CHANNEL, ts: message.ts, name: 'ticket' });
    await work.settled();
    expect(await tasksTitled(TITLE)).toHaveLength(1);
  });

  it('tells an unlinked reactor to link first and makes nothing; an unmapped emoji is ignored', async () => {
    const message = bensMessage();
    h.emulator.channel(CHANNEL)!.members.push(USERS.zoe);
    const told = mark('chat.postEphemeral');
    await h.signer.react({ user: USERS.zoe, channel: CHANNEL, ts: message.ts, name: 'ticket' });
    const offer = (await told((c) => c.args.user === USERS.zoe)).args;
    expect(String(offer.text)).toMatch(/link your account first/);
    expect(offer.thread_ts).toBe(message.ts);
    await work.settled();
    expect(await tasksTitled(TITLE)).toHaveLength(0);

    const before = h.emulator.calls().length;
    await h.signer.react({ user: USERS.ana, channel: CHANNEL, ts: message.ts, name: 'eyes' });
    await work.settled();
    const after = h.emulator
      .calls()
      .slice(before)
      .map((c) => c.method);
    expect(after).not.toContain('chat.postMessage');
    expect(after).not.toContain('reactions.get');
    expect(await tasksTitled(TITLE)).toHaveLength(0);

    // Zoe's :ticket: did not hold the message: Ana's makes it.
    await h.signer.unreact({ user: USERS.zoe, channel: CHANNEL, ts: message.ts, name: 'ticket' });
    const card = mark('chat.postMessage');
    await h.signer.react({ user: USERS.ana, channel: CHANNEL, ts: message.ts, name: 'ticket' });
    await card((c) => text(c.args).includes(TITLE));
  });

  it('puts ✅ on the message once its task is done, by the app or by the service', async () => {
    const message = bensMessage();
    const card = mark('chat.postMessage');
    await h.signer.react({ user: USERS.ana, channel: CHANNEL, ts: message.ts, name: 'ticket' });
    await card((c) => text(c.args).includes(TITLE));
    await work.settled();
    const [task] = await tasksTitled(TITLE);

    const checked = mark('reactions.add');
    await answerTo(`/task done ${task!.id}`);
    const added = await checked();
    expect(added.args).toMatchObject({ channel: CHANNEL, timestamp: message.ts, name: 'white_check_mark' });
    expect(added.response.ok).toBe(true);
    const mine = h.emulator.message(CHANNEL, message.ts)!.reactions!;
    expect(mine.find((r) => r.name === 'white_check_mark')!.users).toEqual([BOT]);

    // A second message, done on the service: its event (as a webhook or the poll hands it on).
    const other = h.emulator.addMessage({ channel: CHANNEL, user: USERS.ben, text: 'Footer links 404' });
    const second = mark('chat.postMessage');
    await h.signer.react({ user: USERS.ana, channel: CHANNEL, ts: other.ts, name: 'ticket' });
    await second((c) => text(c.args).includes('Footer links 404'));
    await work.settled();
    const [footer] = await tasksTitled('Footer links 404');
    const checkedAgain = mark('reactions.add');
    await h.app.deps.projectEvents.deliver({
      id: `poll-${footer!.id}-done`,
      teamId: TEAM,
      kind: 'task.done',
      projectId: 1,
      task: footer!,
      taskId: footer!.id,
      occurredAt: clock.now().toISOString(),
      source: 'poll',
    });
    expect((await checkedAgain()).args).toMatchObject({ timestamp: other.ts, name: 'white_check_mark' });
  });

  it('lists the channel’s emoji with Remove, and `react off` stops one', async () => {
    await answerTo('/task react :bug: #Mobile App');
    const list = await answerTo('/task react');
    expect(String(list.text)).toContain(':bug: → Mobile App');
    expect(String(list.text)).toContain(':ticket: → Website');
    expect(text(list.blocks)).toContain('reaction_map_remove');
    const off = await answerTo('/task react off :ticket:');
    expect(String(off.text)).toContain('no longer makes tasks');
    const message = bensMessage();
    await h.signer.react({ user: USERS.ana, channel: CHANNEL, ts: message.ts, name: 'ticket' });
    await work.settled();
    expect(await tasksTitled(TITLE)).toHaveLength(0);
    // Remove beside :bug: in the list: the list redrawn without it, and :bug: makes nothing.
    const listed = h.emulator.ephemeralMessages(USERS.ana, CHANNEL).at(-2)!;
    expect(text(listed.blocks)).toContain(':bug:');
    const redrawn = mark('response_url');
    await h.signer.blockAction({
      user: USERS.ana,
      channel: CHANNEL,
      message: listed,
      actionId: 'reaction_map_remove',
      value: 'bug',
    });
    const after = (await redrawn()).args;
    expect(after.replace_original).toBe(true);
    expect(String(after.text)).toContain('No emoji make tasks');
    await h.signer.react({ user: USERS.ana, channel: CHANNEL, ts: message.ts, name: 'bug' });
    await work.settled();
    expect(await tasksTitled(TITLE)).toHaveLength(0);
    // A reaction on the app's own message (a card is a task already) makes nothing either.
    await answerTo('/task react :ticket: #Website');
    const own = h.emulator
      .messages(CHANNEL)
      .filter((m) => m.bot_id)
      .at(-1)!;
    await h.signer.react({ user: USERS.ana, channel: CHANNEL, ts: own.ts, name: 'ticket' });
    await work.settled();
    expect(h.emulator.calls('reactions.get')).toHaveLength(0);

    const bad = await h.signer.command('/task react ticket', { channel: CHANNEL });
    expect(text(bad.body)).toContain('Start with the emoji');
  });

  it('adds an emoji by the form from the list’s button: bad or taken ones answered in the ack, a good one saved once', async () => {
    await answerTo('/task react');
    const listed = h.emulator.ephemeralMessages(USERS.ana, CHANNEL).at(-1)!;
    expect(text(listed.blocks)).toContain('Add an emoji');
    await h.signer.blockAction({
      user: USERS.ana,
      channel: CHANNEL,
      message: listed,
      actionId: 'reaction_map_add',
      value: 'add',
    });
    const form = await filledView('team_reaction_form', 'rx_emoji');
    expect(text(form.blocks)).toContain('Website');

    const bad = await submitEmoji(form, 'Not an emoji!');
    expect(bad.body).toMatchObject({
      response_action: 'errors',
      errors: { rx_emoji: expect.stringContaining("isn't an emoji name") },
    });
    const taken = await submitEmoji(form, ':ticket:', '2');
    expect(taken.body).toMatchObject({
      response_action: 'errors',
      errors: { rx_emoji: expect.stringContaining('already') },
    });
    const noProject = await h.signer.viewSubmission({
      user: USERS.ana,
      view: form,
      values: { rx_emoji: { rx_emoji_input: 'bug' } },
    });
    expect(noProject.body).toMatchObject({ errors: { rx_project: expect.stringContaining('Choose') } });

    const confirmed = mark('chat.postEphemeral');
    const ok = await submitEmoji(form, ':bug:');
    expect(ok.status).toBe(200);
    expect(text(ok.body)).not.toContain('errors');
    const notice = (await confirmed((c) => String(c.args.text).includes('now makes tasks'))).args;
    expect(notice).toMatchObject({ channel: CHANNEL, user: USERS.ana });
    expect(String(notice.text)).toContain(':bug: → Website');
    expect(String(notice.text)).toContain(':ticket: → Website');
    // The same view submitted again (a double click, Slack's retry): nothing more.
    await submitEmoji(form, ':bug:');
    await work.settled();
    const notices = h.emulator
      .calls('chat.postEphemeral')
      .filter((c) => String(c.args.text).includes('now makes tasks'));
    expect(notices).toHaveLength(1);

    const message = bensMessage();
    const card = mark('chat.postMessage');
    await h.signer.react({ user: USERS.ana, channel: CHANNEL, ts: message.ts, name: 'bug' });
    await card((c) => c.args.channel === CHANNEL && text(c.args).includes(TITLE));
    await work.settled();
    const [task] = await tasksTitled(TITLE);
    expect(task!.project_id).toBe(1);
  });

  it('opens the form from `/task react add` and from an emoji typed without a project', async () => {
    await h.signer.command('/task react add', { user: USERS.ana, channel: CHANNEL });
    const blank = await filledView('team_reaction_form', 'rx_emoji');
    expect(text(blank.blocks)).not.toContain('initial_value');
    h.emulator.clearCalls();
    await h.signer.command('/task react :eyes:', { user: USERS.ana, channel: CHANNEL });
    const filled = await filledView('team_reaction_form', 'rx_emoji');
    expect(text(filled.blocks)).toContain('"initial_value":":eyes:"');
  });

  it('refuses a form whose metadata was changed or belongs to another form, and saves nothing', async () => {
    await h.signer.command('/task react add', { user: USERS.ana, channel: CHANNEL });
    const form = await filledView('team_reaction_form', 'rx_emoji');
    const meta = form.private_metadata;
    const flipped = `${meta.slice(0, -2)}${meta.at(-2) === 'A' ? 'B' : 'A'}${meta.at(-1)}`;
    const other = h.app.deps.metadata.seal({ k: 'automationForm', d: { p: null, c: CHANNEL } });
    for (const privateMetadata of [flipped, other, '']) {
      const res = await submitEmoji({ ...form, private_metadata: privateMetadata }, 'eyes');
      expect(res.body).toMatchObject({
        response_action: 'errors',
        errors: { rx_emoji: expect.stringContaining('out of date') },
      });
    }
    await work.settled();
    const list = await answerTo('/task react');
    expect(String(list.text)).not.toContain(':eyes:');
  });
});
