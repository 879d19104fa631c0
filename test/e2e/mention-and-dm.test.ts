/**
 * @Taskbridge in channels and threads, and the app's Messages tab, end to end: people's messages
 * kept in the emulator and the events Slack sends for them signed into the real app (`signer.say`),
 * the sandbox over HTTP, and what reached Slack read from the emulator.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/manual-clock.ts';
import type { RecordedCall } from '../../src/slack-emulator/index.ts';
import { type AppWork, watchAppWork } from '../support/app-work.ts';
import { createValues } from '../support/create-form-values.ts';
import { fixedClock, type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';
import { moveTimeUntil } from '../support/move-time.ts';

const BOT = '<@U0TASKBOT>';
const CHANNEL = 'C0WEBSITE';

let h: Harness;
let work: AppWork;
const clock = fixedClock('2026-11-20T12:00:00.000Z');
const text = (value: unknown) => JSON.stringify(value) ?? '';

function mark(method: string) {
  const seen = new Set(h.emulator.calls(method));
  return (predicate: (c: RecordedCall) => boolean = () => true) =>
    h.emulator.waitForCall(method, (c) => !seen.has(c) && !isInterimNote(c.args) && predicate(c), 5_000);
}

async function tasksTitled(title: string) {
  return (await h.api.tasks.list({ q: title, per_page: 100 })).data.filter((t) => t.title === title);
}

/** A thread in #website: Ben's question and Chloe's reply. */
function startThread() {
  const root = h.emulator.addMessage({
    channel: CHANNEL,
    user: USERS.ben,
    text: 'The checkout button does nothing on Safari\nSeen on iOS 18 and macOS.',
  });
  h.emulator.addMessage({
    channel: CHANNEL,
    user: USERS.chloe,
    text: 'I can reproduce it',
    threadTs: root.ts,
  });
  return root;
}

async function setWebsiteDefault() {
  await h.app.deps.channelDefaults.set(TEAM, CHANNEL, {
    projectId: 1,
    projectName: 'Website',
    setBy: USERS.ana,
  });
}

const topLevel = (channel: string) =>
  h.emulator.messages(channel).filter((m) => !m.thread_ts || m.thread_ts === m.ts);

describe('@Taskbridge in channels and threads', () => {
  beforeEach(async () => {
    h = await startHarness({ link: ['ana', 'ben'], clock });
    work = watchAppWork(h.app);
  });
  afterEach(async () => {
    await h.close();
  });

  it('reads a sentence as /task new: the task once, its card in the mention’s thread, a redelivery making nothing more', async () => {
    const posted = mark('chat.postMessage');
    const title = 'Fix the login page';
    const { message } = await h.signer.say(
      { user: USERS.ana, channel: CHANNEL, text: `${BOT} ${title} <@U0BEN> due fri !high #Website` },
      { eventId: 'Ev-mention-new' },
    );
    const card = await posted((c) => c.args.channel === CHANNEL && text(c.args).includes(title));
    expect(card.args.thread_ts).toBe(message.ts);
    const [task, ...more] = await tasksTitled(title);
    expect(more).toHaveLength(0);
    expect(task!.priority).toBe('high');
    expect(task!.due_date).not.toBeNull();
    const ben = await h.app.deps.userLinks.get(TEAM, USERS.ben);
    expect(task!.assignees.map((a) => a.id)).toEqual([ben!.memberId]);

    await h.signer.event(
      {
        type: 'app_mention',
        user: USERS.ana,
        text: message.text,
        ts: message.ts,
        channel: CHANNEL,
        event_ts: message.ts,
      },
      { eventId: 'Ev-mention-new', retryNum: 1, retryReason: 'http_timeout' },
    );
    await work.settled();
    expect(await tasksTitled(title)).toHaveLength(1);
    expect(h.emulator.calls('chat.postMessage').filter((c) => text(c.args).includes(title))).toHaveLength(1);
    // Nothing of it was broadcast: the channel's top level holds only the mention.
    expect(topLevel(CHANNEL).filter((m) => m.user === 'U0TASKBOT')).toHaveLength(0);
  });

  it('answers @Taskbridge mine to the person alone', async () => {
    const mine = await h.api.tasks.list({ assignee_id: 1, done: 'false', per_page: 100 });
    const first = mine.data[0]!.title.slice(0, 20);
    const shown = mark('chat.postEphemeral');
    await h.signer.say({ user: USERS.ana, channel: 'C0GENERAL', text: `${BOT} mine` });
    // A service that cannot filter by person gets an interim answer first, then the list.
    const answer = await shown((c) => c.args.user === USERS.ana && text(c.args).includes(first));
    expect(answer.args.channel).toBe('C0GENERAL');
    expect(topLevel('C0GENERAL').some((m) => m.user === 'U0TASKBOT')).toBe(false);
  });

  it('makes a thread a task: preview, people chosen, Create, the card in the thread with the permalink; a second mention shows it', async () => {
    await setWebsiteDefault();
    const root = startThread();
    const before = topLevel(CHANNEL).length;
    const previewed = mark('chat.postEphemeral');
    await h.signer.say({ user: USERS.ana, channel: CHANNEL, text: BOT, threadTs: root.ts });
    const preview = await previewed((c) => text(c.args).includes('Make this thread a task'));
    expect(preview.args.thread_ts).toBe(root.ts);
    expect(text(preview.args)).toContain('The checkout button does nothing on Safari');
    // Nothing exists before Create.
    expect(await tasksTitled('The checkout button does nothing on Safari')).toHaveLength(0);

    const shown = h.emulator.ephemeralMessages(USERS.ana, CHANNEL).at(-1)!;
    // The thread's people are offered: Ben who asked and Chloe who replied.
    expect(text(shown.blocks)).toContain('"value":"U0BEN"');
    expect(text(shown.blocks)).toContain('"value":"U0CHLOE"');
    await h.signer.blockAction({
      actionId: 'thread_task_assignees',
      type: 'multi_static_select',
      message: shown,
      channel: CHANNEL,
      action: { selected_options: [{ text: { type: 'plain_text', text: 'Ben' }, value: 'U0BEN' }] },
    });
    await work.settled();
    const cardPosted = mark('chat.postMessage');
    const create = (shown.blocks as Array<{ elements?: Array<{ action_id?: string; value?: string }> }>)
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === 'thread_task_create')!;
    await h.signer.blockAction({
      actionId: 'thread_task_create',
      value: create.value!,
      message: shown,
      channel: CHANNEL,
    });
    const card = await cardPosted((c) => c.args.channel === CHANNEL);
    expect(card.args.thread_ts).toBe(root.ts);
    expect(topLevel(CHANNEL)).toHaveLength(before);

    const [task, ...more] = await tasksTitled('The checkout button does nothing on Safari');
    expect(more).toHaveLength(0);
    expect(task!.project_id).toBe(1);
    const ben = await h.app.deps.userLinks.get(TEAM, USERS.ben);
    expect(task!.assignees.map((a) => a.id)).toEqual([ben!.memberId]);
    // The spec's task may not show its description; where it does, the thread's permalink is in it.
    if (task!.description !== null) {
      expect(task!.description).toContain(
        `https://acme.slack.com/archives/${CHANNEL}/p${root.ts.replace('.', '')}`,
      );
    }
    await work.settled();

    // A second mention, by someone else: the existing card, nothing new made.
    const again = mark('chat.postEphemeral');
    await h.signer.say({ user: USERS.ben, channel: CHANNEL, text: `${BOT} task`, threadTs: root.ts });
    const existing = await again((c) => c.args.user === USERS.ben);
    expect(text(existing.args)).toContain(`This thread is already task ${task!.id}`);
    await work.settled();
    expect(await tasksTitled('The checkout button does nothing on Safari')).toHaveLength(1);
  });

  it('opens the create form from Edit with what the preview proposed; its task becomes the thread’s', async () => {
    const root = startThread();
    const previewed = mark('chat.postEphemeral');
    await h.signer.say({ user: USERS.ana, channel: CHANNEL, text: BOT, threadTs: root.ts });
    await previewed((c) => text(c.args).includes('Make this thread a task'));
    const shown = h.emulator.ephemeralMessages(USERS.ana, CHANNEL).at(-1)!;
    // No channel default: Create waits for a project, which Edit's form asks for.
    expect(text(shown.blocks)).not.toContain('thread_task_create');
    expect(text(shown.blocks)).toContain('/task project #Name');
    const edit = (shown.blocks as Array<{ elements?: Array<{ action_id?: string; value?: string }> }>)
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === 'thread_task_edit')!;
    const opened = mark('views.open');
    await h.signer.blockAction({
      actionId: 'thread_task_edit',
      value: edit.value!,
      message: shown,
      channel: CHANNEL,
    });
    const form = await opened();
    const view = h.emulator.view((form.response as { view: { id: string } }).view.id)!;
    expect(text(view.blocks)).toContain('The checkout button does nothing on Safari');
    expect(text(view.blocks)).toContain(`p${root.ts.replace('.', '')}`);

    const cardPosted = mark('chat.postMessage');
    const title = 'Checkout broken on Safari';
    await h.signer.viewSubmission({
      view,
      values: createValues({ projectId: 1, projectName: 'Website', title }),
    });
    const card = await cardPosted((c) => c.args.channel === CHANNEL);
    expect(card.args.thread_ts).toBe(root.ts);
    const [task] = await tasksTitled(title);
    await work.settled();

    const again = mark('chat.postEphemeral');
    await h.signer.say({ user: USERS.ana, channel: CHANNEL, text: BOT, threadTs: root.ts });
    const existing = await again((c) => c.args.user === USERS.ana);
    expect(text(existing.args)).toContain(`This thread is already task ${task!.id}`);
  });

  it('cancels a preview, making nothing', async () => {
    await setWebsiteDefault();
    const root = startThread();
    const previewed = mark('chat.postEphemeral');
    await h.signer.say({ user: USERS.ana, channel: CHANNEL, text: `${BOT} task`, threadTs: root.ts });
    await previewed((c) => text(c.args).includes('Make this thread a task'));
    const shown = h.emulator.ephemeralMessages(USERS.ana, CHANNEL).at(-1)!;
    const cancel = (shown.blocks as Array<{ elements?: Array<{ action_id?: string; value?: string }> }>)
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === 'thread_task_cancel')!;
    await h.signer.blockAction({
      actionId: 'thread_task_cancel',
      value: cancel.value!,
      message: shown,
      channel: CHANNEL,
    });
    await work.settled();
    expect(h.emulator.ephemeralMessages(USERS.ana, CHANNEL).some((m) => m.ts === shown.ts)).toBe(false);
    expect(await tasksTitled('The checkout button does nothing on Safari')).toHaveLength(0);
  });

  it('tells the person the service is busy when a mention cannot be answered at once, then answers', async () => {
    // On a clock the test moves: the busy note and the slow service come in their order on it.
    await h.close();
    const moved = new ManualClock(clock.nowMs());
    h = await startHarness({ link: ['ana', 'ben'], clock: moved });
    h.sandbox.faults.set({ latencyMs: 2_500 });
    await h.signer.say({ user: USERS.ana, channel: 'C0GENERAL', text: `${BOT} mine` });
    const isBusy = (c: RecordedCall) => String(c.args.text ?? '').includes('The service is busy');
    const result = await moveTimeUntil(moved, 'the answer', () =>
      h.emulator.calls('chat.postEphemeral').find((c) => c.args.user === USERS.ana && !isBusy(c)),
    );
    h.sandbox.faults.clear();
    const shown = h.emulator.calls('chat.postEphemeral').filter((c) => c.args.user === USERS.ana);
    const busy = shown.filter(isBusy);
    expect(busy).toHaveLength(1);
    expect(shown.indexOf(busy[0]!)).toBeLessThan(shown.indexOf(result));
  });

  it('says to use /task for a verb that opens a form, which a message cannot open', async () => {
    const told = mark('chat.postEphemeral');
    await h.signer.say({ user: USERS.ana, channel: 'C0GENERAL', text: `${BOT} delete 3` });
    const answer = await told((c) => c.args.user === USERS.ana);
    expect(text(answer.args)).toContain('type `/task delete 3` instead');
    expect(h.emulator.openModals(USERS.ana)).toHaveLength(0);
  });

  it('says how to let the app in when it cannot read the thread', async () => {
    const root = startThread();
    h.emulator.failNext('conversations.replies', 'not_in_channel');
    const told = mark('chat.postEphemeral');
    await h.signer.say({ user: USERS.ana, channel: CHANNEL, text: BOT, threadTs: root.ts });
    const answer = await told((c) => c.args.user === USERS.ana);
    expect(text(answer.args)).toContain('can’t read this thread');
    expect(text(answer.args)).toContain('/invite @Taskbridge');
  });

  it('tells an unlinked person how to link before a thread becomes a task', async () => {
    const root = startThread();
    const told = mark('chat.postEphemeral');
    await h.signer.say({ user: USERS.zoe, channel: CHANNEL, text: BOT, threadTs: root.ts });
    const answer = await told((c) => c.args.user === USERS.zoe);
    expect(text(answer.args)).toContain('Link your account');
    expect(text(answer.args)).toContain('offer_link');
    await work.settled();
    expect(h.emulator.calls('conversations.replies')).toHaveLength(0);
  });
});

describe('the Messages tab', () => {
  beforeEach(async () => {
    h = await startHarness({ link: ['ana', 'ben'], clock });
    work = watchAppWork(h.app);
  });
  afterEach(async () => {
    await h.close();
  });

  it('takes mine and new … as plain text, answering in the DM, and ignores bots and edits', async () => {
    const dm = h.emulator.state.imWith(TEAM, USERS.ana).id;
    const assigned = await h.api.tasks.list({ assignee_id: 1, done: 'false', per_page: 100 });
    const first = assigned.data[0]!.title.slice(0, 20);
    await h.signer.say({ user: USERS.ana, channel: 'app', text: 'mine' });
    await work.settled();
    // One answer in the DM, edited in place when an interim one came first.
    const answers = h.emulator.messages(dm).filter((m) => m.user === 'U0TASKBOT');
    expect(answers).toHaveLength(1);
    expect(text(answers[0])).toContain(first);

    const created = mark('chat.postMessage');
    await h.signer.say({ user: USERS.ana, channel: 'app', text: 'new Review the PR due tomorrow #Website' });
    const card = await created((c) => c.args.channel === dm && text(c.args).includes('Review the PR'));
    expect(card.args.thread_ts).toBeUndefined();
    const [task, ...more] = await tasksTitled('Review the PR');
    expect(more).toHaveLength(0);
    expect(task!.due_date).not.toBeNull();

    // A message in one of the DM's threads is answered in that thread.
    const threaded = mark('chat.postMessage');
    await h.signer.say({
      user: USERS.ana,
      channel: 'app',
      text: 'help',
      threadTs: card.response?.ts as string,
    });
    const help = await threaded((c) => c.args.channel === dm);
    expect(help.args.thread_ts).toBe((card.response as { ts: string }).ts);

    // An edit, another app's message and the app's own: none is a person asking.
    await work.settled();
    const calls = h.emulator.calls('chat.postMessage').length;
    const base = {
      channel: dm,
      channel_type: 'im',
      ts: '1763640000.000900',
      text: 'new Ghost task #Website',
    };
    await h.signer.event({ type: 'message', subtype: 'message_changed', ...base });
    await h.signer.event({ type: 'message', bot_id: 'B0OTHER', user: 'U0OTHERBOT', ...base });
    await h.signer.event({ type: 'message', user: 'U0TASKBOT', ...base });
    await work.settled();
    expect(h.emulator.calls('chat.postMessage')).toHaveLength(calls);
    expect(await tasksTitled('Ghost task')).toHaveLength(0);
  });
});

describe('said to the app over Socket Mode', () => {
  afterEach(async () => {
    await h.close();
  });

  it('answers a DM as over HTTP', async () => {
    h = await startHarness({ link: ['ana'], clock, transport: 'socket' });
    const dm = h.emulator.state.imWith(TEAM, USERS.ana).id;
    const answered = mark('chat.postMessage');
    await h.signer.say({ user: USERS.ana, channel: 'app', text: 'help' });
    const help = await answered((c) => c.args.channel === dm);
    expect(text(help.args)).toContain('mention @Taskbridge');
  });
});
