/**
 * App Home with its task actions, and task links unfurled into cards within GitHub's guards, end to
 * end: events and interactions signed into the real app, Slack's side in the emulator.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../src/slack-emulator/index.ts';
import { type AppWork, watchAppWork } from '../support/app-work.ts';
import { fixedClock, type Harness, startHarness, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';

let h: Harness;
let work: AppWork;
const clock = fixedClock('2026-11-20T12:00:00.000Z');
const LINK = (task: number, project = 1) => `https://work.example.com/projects/${project}/tasks/${task}`;

type Block = { type: string; block_id?: string; elements?: Element[]; accessory?: Element };
type Element = { action_id?: string; value?: string };

// `?? ""`: a post without blocks (the busy note a slow handler gets first) must not throw in a predicate.
const text = (value: unknown) => JSON.stringify(value) ?? '';

function mark(method: string) {
  const seen = new Set(h.emulator.calls(method));
  return (predicate: (c: RecordedCall) => boolean = () => true) =>
    h.emulator.waitForCall(method, (c) => !seen.has(c) && !isInterimNote(c.args) && predicate(c), 5_000);
}

async function openHome(user: string = USERS.ana) {
  const published = mark('views.publish');
  await h.signer.event({ type: 'app_home_opened', user, tab: 'home', channel: 'D0HOME' });
  await published((c) => c.args.user_id === user);
  return h.emulator.homeTab(user)!;
}

/** A message in a channel holding `links`, and the link_shared event Slack sends for it. */
async function shareLinks(channel: string, links: string[], eventId?: string) {
  const message = h.emulator.addMessage({
    channel,
    user: USERS.ben,
    text: links.map((l) => `<${l}>`).join(' '),
  });
  await h.signer.event(
    {
      type: 'link_shared',
      channel,
      user: USERS.ben,
      message_ts: message.ts,
      links: links.map((url) => ({ url, domain: 'work.example.com' })),
      source: 'conversations_history',
    },
    eventId ? { eventId } : {},
  );
  return message;
}

/** Lets the app finish every event it acknowledged (nothing is posted when nothing is to be done). */
const settle = () => work.settled();

describe('App Home', () => {
  beforeEach(async () => {
    clock.set('2026-11-20T12:00:00.000Z');
    h = await startHarness({ link: ['ana', 'ben'], clock });
    work = watchAppWork(h.app);
  });
  afterEach(async () => {
    await h.close();
  });

  it('shows my tasks with a card’s actions, and the channels whose project I set', async () => {
    await h.signer.command('/task project #Website', { channel: 'C0WEBSITE' });
    await h.emulator.waitForCall('response_url', (c) => c.args.response_type === 'in_channel', 5_000);
    const home = await openHome();
    const blocks = home.blocks as Block[];
    expect(blocks.length).toBeLessThanOrEqual(100);
    expect(text(blocks)).toContain('<#C0WEBSITE> → *Website*');
    expect(text(blocks)).toContain('home_create_task');
    const bars = blocks.filter((b) => b.type === 'actions' && b.block_id?.startsWith('taskbar:'));
    expect(bars.length).toBeGreaterThan(0);
    const ids = bars[0]!.elements!.map((e) => e.action_id);
    expect(ids).toEqual([
      'task_status',
      'task_assign_me',
      'task_assignee',
      'task_due',
      'task_overflow',
      'task_remind',
    ]);
  });

  it('acts from Home: Done with an Undo on top, then Undo, each time publishing Home again', async () => {
    const home = await openHome();
    const row = (home.blocks as Block[]).find(
      (b) => b.type === 'section' && b.block_id?.startsWith('task:15.'),
    );
    expect(row?.accessory?.action_id).toBe('task_done');
    const published = mark('views.publish');
    await h.signer.blockAction({
      actionId: 'task_done',
      blockId: row!.block_id!,
      value: row!.accessory!.value!,
      view: home,
    });
    const after = await published((c) => text(c.args.view).includes('task_undo'));
    expect((await h.api.tasks.get(15)).status.name).toBe('Done');
    expect(text(after.args.view)).toContain('marked “Push notification opt-in flow” *Done*');
    expect(text(after.args.view)).not.toContain('task:15.');

    const now = h.emulator.homeTab(USERS.ana)!;
    const notice = (now.blocks as Block[]).find((b) => b.block_id === 'home_notice')!;
    const undone = mark('views.publish');
    await h.signer.blockAction({
      actionId: 'task_undo',
      blockId: 'home_notice',
      value: notice.accessory!.value!,
      view: now,
    });
    await undone((c) => text(c.args.view).includes('put “Push notification opt-in flow” back to *To do*'));
    expect((await h.api.tasks.get(15)).status.name).toBe('To do');
  });

  it('tells on Home that a task deleted meanwhile is gone', async () => {
    const home = await openHome();
    const row = (home.blocks as Block[]).find(
      (b) => b.type === 'section' && b.block_id?.startsWith('task:21.'),
    );
    await h.api.tasks.delete(21);
    const published = mark('views.publish');
    await h.signer.blockAction({ actionId: 'task_done', blockId: row!.block_id!, value: '21.3', view: home });
    const after = await published((c) => text(c.args.view).includes('Task #21 no longer exists'));
    expect(text(after.args.view)).not.toContain('Renew SSL certificates');
  });
});

describe('task link unfurls', () => {
  beforeEach(async () => {
    clock.set('2026-11-20T12:00:00.000Z');
    h = await startHarness({ link: ['ana', 'ben'], clock });
    work = watchAppWork(h.app);
  });
  afterEach(async () => {
    await h.close();
  });

  it('unfurls a task link into its card', async () => {
    const message = await shareLinks('C0GENERAL', [LINK(1)]);
    const call = await h.emulator.waitForCall('chat.unfurl', undefined, 5_000);
    expect(call.args.ts).toBe(message.ts);
    const unfurl = (call.args.unfurls as Record<string, unknown>)[LINK(1)];
    expect(text(unfurl)).toContain('Fix login redirect loop');
    expect(text(unfurl)).toContain('Website');
    expect(h.emulator.message('C0GENERAL', message.ts)?.unfurls).toBeDefined();
  });

  it('does not unfurl a task again in the same channel within 30 minutes, but does elsewhere and later', async () => {
    await shareLinks('C0GENERAL', [LINK(2)]);
    await h.emulator.waitForCall('chat.unfurl', undefined, 5_000);
    await shareLinks('C0GENERAL', [LINK(2)]);
    await settle();
    expect(h.emulator.calls('chat.unfurl')).toHaveLength(1);
    const elsewhere = mark('chat.unfurl');
    await shareLinks('C0WEBSITE', [LINK(2)]);
    await elsewhere();
    clock.advance(31 * 60_000);
    const later = mark('chat.unfurl');
    await shareLinks('C0GENERAL', [LINK(2)]);
    await later();
    expect(h.emulator.calls('chat.unfurl')).toHaveLength(3);
  });

  it('leaves a message with 3 or more links alone', async () => {
    await shareLinks('C0GENERAL', [LINK(3), LINK(4), LINK(5)]);
    await settle();
    expect(h.emulator.calls('chat.unfurl')).toHaveLength(0);
    // The guard did not use up the quiet period of those tasks.
    await shareLinks('C0GENERAL', [LINK(3)]);
    await h.emulator.waitForCall('chat.unfurl', undefined, 5_000);
  });

  it('unfurls once when Slack delivers the same event again', async () => {
    await shareLinks('C0GENERAL', [LINK(6)], 'Ev-unfurl-1');
    await h.emulator.waitForCall('chat.unfurl', undefined, 5_000);
    const message = h.emulator.messages('C0GENERAL').at(-1)!;
    await h.signer.event(
      {
        type: 'link_shared',
        channel: 'C0GENERAL',
        user: USERS.ben,
        message_ts: message.ts,
        links: [{ url: LINK(6), domain: 'work.example.com' }],
      },
      { eventId: 'Ev-unfurl-1', retryNum: 1 },
    );
    await settle();
    expect(h.emulator.calls('chat.unfurl')).toHaveLength(1);
  });

  it('ignores links that are not task links, and a task that does not exist', async () => {
    await shareLinks('C0GENERAL', ['https://work.example.com/projects/1/boards', LINK(9999)]);
    await settle();
    expect(h.emulator.calls('chat.unfurl')).toHaveLength(0);
  });
});
