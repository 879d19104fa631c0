/**
 * The app in Slack's assistant panel, end to end: the panel opened in the emulator
 * (`signer.assistantThreadStarted`, which sends `assistant_thread_started`), its suggested prompts
 * read back from the emulator, and the person's messages in the thread (`signer.say` in the app's
 * DM thread) answered by the DM grammar in the thread, with the panel's status and title set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../src/slack-emulator/index.ts';
import { assistantThread, shownStatus } from '../../src/slack-emulator/methods/assistant.ts';
import { type AppWork, watchAppWork } from '../support/app-work.ts';
import { type Harness, startHarness, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';

let h: Harness;
let work: AppWork;
const text = (value: unknown) => JSON.stringify(value) ?? '';

function mark(method: string) {
  const seen = new Set(h.emulator.calls(method));
  return (predicate: (c: RecordedCall) => boolean = () => true) =>
    h.emulator.waitForCall(method, (c) => !seen.has(c) && !isInterimNote(c.args) && predicate(c), 10_000);
}

describe('the assistant panel', () => {
  beforeAll(async () => {
    h = await startHarness({ link: ['ana', 'ben'] });
    work = watchAppWork(h.app);
  });
  afterAll(async () => {
    await h.close();
  });

  it('offers the common verbs as prompts once per thread, however often the event comes', async () => {
    const prompts = mark('assistant.threads.setSuggestedPrompts');
    const opened = await h.signer.assistantThreadStarted(
      { user: USERS.ana, contextChannel: 'website' },
      { eventId: 'Ev-assistant-1' },
    );
    expect(opened.answer?.status).toBe(200);
    const set = (await prompts()).args;
    expect(set.channel_id).toBe(opened.channel);
    expect(set.thread_ts).toBe(opened.threadTs);
    const thread = assistantThread(h.emulator.state, opened.channel, opened.threadTs)!;
    expect(thread.prompts.map((p) => p.message)).toEqual([
      'mine',
      'find @me due:today',
      'find login',
      'new Review the release notes #Website due tomorrow',
    ]);
    await h.signer.event(
      {
        type: 'assistant_thread_started',
        assistant_thread: {
          user_id: USERS.ana,
          context: {},
          channel_id: opened.channel,
          thread_ts: opened.threadTs,
        },
      },
      { eventId: 'Ev-assistant-1', retryNum: 1 },
    );
    await work.settled();
    expect(
      h.emulator
        .calls('assistant.threads.setSuggestedPrompts')
        .filter((c) => c.args.thread_ts === opened.threadTs),
    ).toHaveLength(1);
  });

  it('answers each prompt in the thread with the DM’s cards, the title from the first words, the status cleared by the answer', async () => {
    const opened = await h.signer.assistantThreadStarted({ user: USERS.ana });
    await work.settled();
    const inThread = (c: RecordedCall) =>
      c.args.channel === opened.channel && c.args.thread_ts === opened.threadTs;

    const status = mark('assistant.threads.setStatus');
    const title = mark('assistant.threads.setTitle');
    const answer = mark('chat.postMessage');
    await h.signer.say({ user: USERS.ana, channel: 'app', text: 'mine', threadTs: opened.threadTs });
    expect((await status()).args.status).toMatch(/working/);
    expect((await title()).args.title).toBe('mine');
    const mine = await answer(inThread);
    expect(String(mine.args.text)).toMatch(/^Your tasks/);
    // The list `/task mine` answers, with its rows' Done: at once, or in place of an interim list
    // while a service that cannot filter by person is read once (spec-minimal).
    const rows = text(mine.args.blocks).includes('task_list_done')
      ? mine
      : await h.emulator.waitForCall(
          'chat.update',
          (c) => c.args.ts === (mine.response as { ts: string }).ts,
        );
    expect(text(rows.args.blocks)).toContain('task_list_done');
    await work.settled();
    const thread = assistantThread(h.emulator.state, opened.channel, opened.threadTs)!;
    expect(shownStatus(h.emulator.state, thread)).toBe('');

    const found = mark('chat.postMessage');
    await h.signer.say({ user: USERS.ana, channel: 'app', text: 'find login', threadTs: opened.threadTs });
    const result = await found((c) => inThread(c) && text(c.args).includes('login'));
    expect(text(result.args)).toContain('task_done');
    await work.settled();

    const card = mark('chat.postMessage');
    await h.signer.say({
      user: USERS.ana,
      channel: 'app',
      text: 'new Review the release notes #Website due tomorrow',
      threadTs: opened.threadTs,
    });
    await card((c) => inThread(c) && text(c.args).includes('Review the release notes'));
    const made = (await h.api.tasks.list({ q: 'Review the release notes', per_page: 100 })).data;
    expect(made).toHaveLength(1);
    await work.settled();
    // The title was set once, from the first words.
    expect(
      h.emulator.calls('assistant.threads.setTitle').filter((c) => c.args.thread_ts === opened.threadTs),
    ).toHaveLength(1);

    const today = mark('chat.postMessage');
    await h.signer.say({
      user: USERS.ana,
      channel: 'app',
      text: 'find @me due:today',
      threadTs: opened.threadTs,
    });
    const due = await today(inThread);
    // The find answer (no task of Ana’s is due today in the demo), not a misreading.
    expect(String(due.args.text)).toMatch(/match(es)? “@me due:today”/);
  });
});
