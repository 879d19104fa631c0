/**
 * `find` said to the app rather than typed after `/task`: `@Taskbridge find …` in a channel (the
 * results to the person alone, in the mention's thread when there is one) and `find …` in the
 * app's Messages tab (the app's own message, edited in place once a cold view is read), each
 * result acted on through its buttons like `/task find`'s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../src/slack-emulator/index.ts';
import { type Harness, startHarness, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';
import { until } from '../support/until.ts';

const BOT = '<@U0TASKBOT>';
const CHANNEL = 'C0WEBSITE';
let h: Harness;
const text = (value: unknown) => JSON.stringify(value) ?? '';

/** The first call of method after now that predicate accepts, earlier ones ignored. */
function next(method: string, predicate: (c: RecordedCall) => boolean) {
  const seen = new Set(h.emulator.calls(method));
  return h.emulator.waitForCall(
    method,
    (c) => !seen.has(c) && !isInterimNote(c.args) && predicate(c),
    10_000,
  );
}

/** The value of the first result's Done. */
function doneValue(blocks: unknown): string {
  for (const block of (blocks ?? []) as Array<{ accessory?: { action_id?: string; value?: string } }>)
    if (block.accessory?.action_id === 'task_done') return block.accessory.value ?? '';
  throw new Error('no Done in the answer');
}

const lists = (c: RecordedCall) => /match “login”/.test(String(c.args.text));

describe('find said to the app', () => {
  beforeAll(async () => {
    h = await startHarness({ link: ['ana', 'ben'] });
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers @Taskbridge find in a thread to the person alone, with each result’s buttons', async () => {
    const root = h.emulator.addMessage({ channel: CHANNEL, user: USERS.ben, text: 'Login is flaky again' });
    const answer = next('chat.postEphemeral', (c) => c.args.user === USERS.ana && lists(c));
    await h.signer.say({ user: USERS.ana, channel: CHANNEL, text: `${BOT} find login`, threadTs: root.ts });
    const found = (await answer).args;
    expect(found.channel).toBe(CHANNEL);
    expect(found.thread_ts).toBe(root.ts);
    expect(text(found.blocks)).toContain('Fix login redirect loop');
    expect(text(found.blocks)).toContain('task_remind');
    expect(text(found.blocks)).toContain('task_share');
    // Nothing was said in the thread for everyone: only Ben's message and Ana's mention are there.
    expect(h.emulator.thread(CHANNEL, root.ts).map((m) => m.user)).toEqual([USERS.ben, USERS.ana]);
  });

  it('answers find in the Messages tab with the app’s message, and its Done marks the task done', async () => {
    const dm = h.emulator.state.imWith('T0001', USERS.ana).id;
    const posted = next('chat.postMessage', (c) => c.args.channel === dm);
    await h.signer.say({ user: USERS.ana, channel: 'app', text: 'find login' });
    const first = await posted;
    const ts = (first.response as { ts: string }).ts;
    // Answered at once from a warm view, or replaced in place once a cold one is read.
    const shown = lists(first)
      ? first
      : await h.emulator.waitForCall('chat.update', (c) => c.args.ts === ts && lists(c));
    expect(text(shown.args.blocks)).toContain('Fix login redirect loop');
    const message = h.emulator.message(dm, ts)!;
    const res = await h.signer.blockAction({
      user: USERS.ana,
      channel: dm,
      message,
      actionId: 'task_done',
      value: doneValue(message.blocks),
    });
    expect(res.status).toBe(200);
    await until('task 1 done', async () =>
      (await h.api.tasks.get(1)).status.name === 'Done' ? true : undefined,
    );
  });
});
