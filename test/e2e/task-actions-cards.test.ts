/**
 * Acting on task cards end to end: each button and menu of a card posted in a channel and of one
 * only its reader sees, the card redrawn in place, Undo for a minute (on a fake clock), the link
 * offer for an unlinked person, a refused assignee, and a task deleted meanwhile.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../src/slack-emulator/index.ts';
import { fixedClock, type Harness, startHarness, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';

let h: Harness;
const clock = fixedClock('2026-11-20T12:00:00.000Z');

type Block = { block_id?: string; elements?: Element[]; accessory?: Element; text?: { text?: string } };
type Element = { action_id?: string; value?: string; options?: Array<{ value?: string; text?: unknown }> };
type Message = { ts: string; channel: string; text: string; blocks?: Block[] };

/** Calls of `method` after those already seen when `mark` was taken. */
function mark(method: string) {
  const seen = new Set(h.emulator.calls(method));
  return (predicate: (c: RecordedCall) => boolean = () => true) =>
    h.emulator.waitForCall(method, (c) => !seen.has(c) && !isInterimNote(c.args) && predicate(c), 5_000);
}

function element(message: { blocks?: unknown[] }, actionId: string): { element: Element; blockId: string } {
  for (const block of (message.blocks ?? []) as Block[]) {
    const found = [...(block.elements ?? []), block.accessory].find((e) => e?.action_id === actionId);
    if (found) return { element: found, blockId: block.block_id ?? '' };
  }
  throw new Error(`no ${actionId} in ${JSON.stringify(message.blocks)}`);
}

// `?? ""`: a post without blocks (the busy note a slow handler gets first) must not throw in a predicate.
const text = (value: unknown) => JSON.stringify(value) ?? '';

/** `/task show` for `user`: the ephemeral card as the emulator keeps it. */
async function showCard(taskId: number, user: string = USERS.ana): Promise<Message> {
  const next = mark('response_url');
  await h.signer.command(`/task show ${taskId}`, { user });
  await next((c) => text(c.args.blocks).includes('task_share'));
  const card = h.emulator.ephemeralMessages(user).at(-1);
  if (!card) throw new Error('no ephemeral card');
  return card as unknown as Message;
}

/** A card shared into #general from `/task show`: a message of the bot's, with every action. */
async function channelCard(taskId: number): Promise<Message> {
  const mine = await showCard(taskId);
  const next = mark('response_url');
  await h.signer.blockAction({
    actionId: 'task_share',
    value: element(mine, 'task_share').element.value!,
    message: mine,
  });
  await next((c) => c.args.response_type === 'in_channel');
  const posted = h.emulator.messages('C0GENERAL').at(-1);
  if (!posted) throw new Error('nothing posted');
  return posted as unknown as Message;
}

async function cardAfterUpdate(card: Message, predicate: (blocks: string) => boolean): Promise<Message> {
  await h.emulator.waitForCall(
    'chat.update',
    (c) => c.args.ts === card.ts && predicate(text(c.args.blocks)),
    5_000,
  );
  return h.emulator.message(card.channel, card.ts) as unknown as Message;
}

describe('task card actions', () => {
  beforeEach(async () => {
    clock.set('2026-11-20T12:00:00.000Z');
    h = await startHarness({ link: ['ana', 'ben'], clock });
  });
  afterEach(async () => {
    await h.close();
  });

  it('marks a channel card Done, updates it in place, and undoes it within the minute', async () => {
    const card = await channelCard(3);
    expect(text(card.blocks)).toContain('shared by <@U0ANA>');
    const done = element(card, 'task_done');
    await h.signer.blockAction({ actionId: 'task_done', value: done.element.value!, message: card });
    const updated = await cardAfterUpdate(card, (b) => b.includes('task_undo'));
    expect((await h.api.tasks.get(3)).status.name).toBe('Done');
    expect(text(updated.blocks)).toContain('<@U0ANA> marked');
    expect(text(updated.blocks)).not.toContain('"action_id":"task_done"');
    // The same message, its card redrawn: still shared, same ts.
    expect(updated.ts).toBe(card.ts);
    expect(text(updated.blocks)).toContain('shared by <@U0ANA>');

    clock.advance(30_000);
    const undo = element(updated, 'task_undo');
    await h.signer.blockAction({ actionId: 'task_undo', value: undo.element.value!, message: updated });
    const undone = await cardAfterUpdate(card, (b) => b.includes('put this back to'));
    expect((await h.api.tasks.get(3)).status.name).toBe('To do');
    expect(text(undone.blocks)).toContain('"action_id":"task_done"');
    expect(text(undone.blocks)).not.toContain('task_undo');
  });

  it('refuses an undo after a minute and takes the button away', async () => {
    const card = await channelCard(4);
    await h.signer.blockAction({
      actionId: 'task_done',
      value: element(card, 'task_done').element.value!,
      message: card,
    });
    const updated = await cardAfterUpdate(card, (b) => b.includes('task_undo'));
    clock.advance(61_000);
    const note = mark('response_url');
    await h.signer.blockAction({
      actionId: 'task_undo',
      value: element(updated, 'task_undo').element.value!,
      message: updated,
    });
    expect(String((await note()).args.text)).toMatch(/Too late to undo/);
    const redrawn = await cardAfterUpdate(card, (b) => !b.includes('task_undo'));
    expect(text(redrawn.blocks)).not.toContain('task_undo');
    expect((await h.api.tasks.get(4)).status.name).toBe('Done');
  });

  it('refuses an undo when the status changed again since', async () => {
    const card = await channelCard(5);
    await h.signer.blockAction({
      actionId: 'task_done',
      value: element(card, 'task_done').element.value!,
      message: card,
    });
    const updated = await cardAfterUpdate(card, (b) => b.includes('task_undo'));
    await h.api.tasks.update(5, { status_id: 1 });
    const note = mark('response_url');
    await h.signer.blockAction({
      actionId: 'task_undo',
      value: element(updated, 'task_undo').element.value!,
      message: updated,
    });
    expect(String((await note()).args.text)).toMatch(/status changed again since, to \*To do\*/);
    expect((await h.api.tasks.get(5)).status.name).toBe('To do');
  });

  it('moves a task through the status menu, with an Undo', async () => {
    const card = await channelCard(2);
    const status = element(card, 'task_status');
    expect(status.element.options?.map((o) => o.value)).toEqual(['1', '2', '3']);
    await h.signer.blockAction({
      actionId: 'task_status',
      type: 'static_select',
      blockId: status.blockId,
      selectedOption: { text: { type: 'plain_text', text: 'In progress' }, value: '2' },
      message: card,
    });
    const updated = await cardAfterUpdate(card, (b) => b.includes('moved this to *In progress*'));
    expect((await h.api.tasks.get(2)).status.name).toBe('In progress');
    expect(text(updated.blocks)).toContain('task_undo');
    // A new block_id, so Slack does not keep the old choice in the redrawn menu.
    expect(element(updated, 'task_status').blockId).not.toBe(status.blockId);
  });

  it('assigns the person who clicks "Assign to me", keeping the other assignees', async () => {
    const card = await channelCard(2);
    await h.signer.blockAction({
      actionId: 'task_assign_me',
      user: USERS.ben,
      value: element(card, 'task_assign_me').element.value!,
      message: card,
    });
    const updated = await cardAfterUpdate(card, (b) => b.includes('<@U0BEN> took this on'));
    expect((await h.api.tasks.get(2)).assignees.map((a) => a.id).sort()).toEqual([2, 3]);
    expect(text(updated.blocks)).toContain('Chloe Martin');
  });

  it('assigns someone picked in the people menu, and refuses someone without an account', async () => {
    const card = await channelCard(9);
    const picker = element(card, 'task_assignee');
    await h.signer.blockAction({
      actionId: 'task_assignee',
      type: 'users_select',
      blockId: picker.blockId,
      selectedUser: USERS.ben,
      message: card,
    });
    await cardAfterUpdate(card, (b) => b.includes('assigned this to <@U0BEN>'));
    expect((await h.api.tasks.get(9)).assignees.map((a) => a.id)).toEqual([2]);

    const note = mark('response_url');
    await h.signer.blockAction({
      actionId: 'task_assignee',
      type: 'users_select',
      blockId: picker.blockId,
      selectedUser: USERS.zoe,
      message: card,
    });
    const said = await note();
    expect(said.args.response_type).toBe('ephemeral');
    expect(String(said.args.text)).toMatch(/Nobody was assigned: <@U0ZOE> has no account in this project/);
    expect((await h.api.tasks.get(9)).assignees.map((a) => a.id)).toEqual([2]);
  });

  it('sets the due date picked, as the end of that day in the person’s zone', async () => {
    const card = await channelCard(9);
    const picker = element(card, 'task_due');
    await h.signer.blockAction({
      actionId: 'task_due',
      type: 'datepicker',
      blockId: picker.blockId,
      selectedDate: '2026-12-04',
      message: card,
    });
    await cardAfterUpdate(card, (b) => b.includes('set the due date to'));
    // Ana is in Europe/London (GMT in December).
    expect((await h.api.tasks.get(9)).due_date).toBe('2026-12-04T23:59:59.999Z');
  });

  it('keeps a timed due date’s time of day when another day is picked', async () => {
    const card = await channelCard(1);
    await h.signer.blockAction({
      actionId: 'task_due',
      type: 'datepicker',
      blockId: element(card, 'task_due').blockId,
      selectedDate: '2026-12-02',
      message: card,
    });
    await cardAfterUpdate(card, (b) => b.includes('set the due date to'));
    expect((await h.api.tasks.get(1)).due_date).toBe('2026-12-02T17:00:00.000Z');
  });

  it('offers an unlinked person the link instead of acting', async () => {
    const card = await channelCard(2);
    const note = mark('response_url');
    await h.signer.blockAction({
      actionId: 'task_done',
      user: USERS.zoe,
      value: element(card, 'task_done').element.value!,
      message: card,
    });
    const offer = await note();
    expect(text(offer.args.blocks)).toContain('offer_link');
    expect((await h.api.tasks.get(2)).status.name).toBe('To do');
  });

  it('says a task deleted meanwhile is gone, and marks its card gone', async () => {
    const card = await channelCard(10);
    await h.api.tasks.delete(10);
    const note = mark('response_url');
    await h.signer.blockAction({
      actionId: 'task_done',
      value: element(card, 'task_done').element.value!,
      message: card,
    });
    expect(String((await note()).args.text)).toMatch(/Task #10 no longer exists/);
    const tomb = await cardAfterUpdate(card, (b) => b.includes(':wastebasket:'));
    expect(text(tomb.blocks)).toContain('~Collect customer testimonials~');
    expect(text(tomb.blocks)).not.toContain('task_done');
  });

  it('updates a card only its reader sees through its response_url, keeping "Share in channel"', async () => {
    const card = await showCard(14);
    const next = mark('response_url');
    await h.signer.blockAction({
      actionId: 'task_done',
      value: element(card, 'task_done').element.value!,
      message: card,
    });
    const replaced = await next((c) => c.args.replace_original === true);
    expect(text(replaced.args.blocks)).toContain('task_undo');
    expect((await h.api.tasks.get(14)).status.name).toBe('Done');
    const now = h.emulator.ephemeralMessages(USERS.ana).find((m) => m.ts === card.ts);
    expect(text(now?.blocks)).toContain('task_share');
    expect(text(now?.blocks)).toContain('task_undo');
  });

  it('marks a row of /task mine done, redraws the list, and follows with the card and its Undo', async () => {
    const next = mark('response_url');
    await h.signer.command('/task mine');
    await next((c) => text(c.args.blocks).includes('task_list_done'));
    const list = h.emulator.ephemeralMessages(USERS.ana).at(-1)!;
    const row = ((list.blocks ?? []) as Block[]).find((b) =>
      text(b).includes('Push notification opt-in flow'),
    );
    const replaced = mark('response_url');
    await h.signer.blockAction({
      actionId: 'task_list_done',
      blockId: row?.block_id ?? '',
      value: row?.accessory?.value ?? '',
      message: list,
    });
    const redrawn = await replaced((c) => c.args.replace_original === true);
    expect(text(redrawn.args.blocks)).not.toContain('Push notification opt-in flow');
    const followed = await replaced((c) => text(c.args.blocks).includes('task_undo'));
    expect(text(followed.args.blocks)).toContain('Push notification opt-in flow');
    expect((await h.api.tasks.get(15)).status.name).toBe('Done');
  });

  it('answers a button whose value is not ours with a clear line, changing nothing', async () => {
    const card = await channelCard(2);
    for (const [actionId, value] of [
      ['task_done', 'garbage'],
      ['task_undo', '2.1:1>x:1'],
      ['task_share', '<script>'],
    ] as const) {
      const note = mark('response_url');
      const res = await h.signer.blockAction({ actionId, value, message: card });
      expect(res.status).toBe(200);
      expect(String((await note()).args.text)).toMatch(/out of date/);
    }
    expect((await h.api.tasks.get(2)).status.name).toBe('To do');
  });

  it('refreshes my Home after I act on a card', async () => {
    const card = await channelCard(7);
    const published = mark('views.publish');
    await h.signer.blockAction({
      actionId: 'task_done',
      value: element(card, 'task_done').element.value!,
      message: card,
    });
    const home = await published((c) => c.args.user_id === USERS.ana);
    expect(text(home.args.view)).not.toContain('Write onboarding email sequence');
  });
});
