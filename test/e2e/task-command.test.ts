/**
 * `/task` end to end: signed commands into the real app, the emulator answering Slack's side, the
 * sandbox the service's. Assertions read the emulator's recorded calls and the sandbox's state.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppWork, watchAppWork } from '../support/app-work.ts';
import { type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';

let h: Harness;
let work: AppWork;

async function responsePosts(predicate?: (args: Record<string, unknown>) => boolean) {
  const call = await h.emulator.waitForCall(
    'response_url',
    (c) => !isInterimNote(c.args) && (predicate ? predicate(c.args) : true),
    5_000,
  );
  return call.args;
}

async function tasksTitled(title: string) {
  const page = await h.api.tasks.list({ q: title, per_page: 100 });
  return page.data.filter((t) => t.title === title);
}

describe('/task', () => {
  beforeEach(async () => {
    h = await startHarness({ link: ['ana'] });
    work = watchAppWork(h.app);
  });
  afterEach(async () => {
    await h.close();
  });

  it('answers help in the acknowledgement, and suggests the closest verb for a typo', async () => {
    const help = await h.signer.command('/task help');
    expect(help.status).toBe(200);
    expect(JSON.stringify(help.body)).toContain('/task new');
    const typo = await h.signer.command('/task nwe Fix it');
    expect(JSON.stringify(typo.body)).toMatch(/Did you mean `\/task new`/);
  });

  it('lists my open tasks grouped by when they are due, ephemerally, with one page at a time', async () => {
    const res = await h.signer.command('/task mine');
    expect(res.status).toBe(200);
    // A service that does not filter by person gets an interim answer first, then the list.
    const post = await responsePosts((a) => !JSON.stringify(a.blocks).includes('is reading every project'));
    expect(post.response_type).toBe('ephemeral');
    const text = JSON.stringify(post.blocks);
    const mine = await h.api.tasks.list({ assignee_id: 1, done: 'false', per_page: 100 });
    expect(mine.data.length).toBeGreaterThan(0);
    for (const task of mine.data.slice(0, 5)) expect(text).toContain(task.title.slice(0, 20));
    const others = await h.api.tasks.list({ assignee_id: 4, per_page: 100 });
    const notMine = others.data.find((t) => !t.assignees.some((a) => a.id === 1));
    if (notMine) expect(text).not.toContain(notMine.title);
  });

  it('offers a link instead of failing when the person has not linked an account', async () => {
    await h.signer.command('/task mine', { user: USERS.zoe });
    const post = await responsePosts();
    expect(JSON.stringify(post.blocks)).toContain('offer_link');
  });

  it('creates a task at once from one line: people, due date in my zone, priority, project', async () => {
    await h.signer.command('/task new Fix login bug <@U0BEN|ben> due friday !high #Website', {
      channel: 'general',
    });
    const post = await responsePosts((a) => a.response_type === 'in_channel');
    const [task] = await tasksTitled('Fix login bug');
    expect(task).toBeDefined();
    expect(task!.project_id).toBe(1);
    expect(task!.priority).toBe('high');
    expect(task!.assignees.map((a) => a.id)).toEqual([2]);
    expect(task!.creator?.id).toBe(1);
    // "friday" is read in Ana's zone (Europe/London): the end of that Friday there.
    const due = new Date(task!.due_date!);
    expect(due.getUTCDay()).toBe(5);
    expect(JSON.stringify(post.blocks)).toContain('Fix login bug');
  });

  it('never creates a second task when Slack delivers the same command again', async () => {
    const triggerId = h.emulator.issueTriggerId(USERS.ana);
    const text = '/task new Retry-safe task #Website';
    await h.signer.command(text, { triggerId });
    await responsePosts((a) => a.response_type === 'in_channel');
    await h.signer.command(text, { triggerId, retryNum: 1 });
    await work.settled();
    expect(await tasksTitled('Retry-safe task')).toHaveLength(1);
  });

  it('keeps "due" inside a title when no date follows it', async () => {
    await h.signer.command('/task new Review due diligence notes #Website');
    await responsePosts((a) => a.response_type === 'in_channel');
    const [task] = await tasksTitled('Review due diligence notes');
    expect(task?.due_date).toBeNull();
  });

  it('opens the form, prefilled, when no project is known for the channel', async () => {
    await h.signer.command('/task new Write the launch post !low', { channel: 'random' });
    const open = await h.emulator.waitForCall('views.open');
    const view = open.args.view as { callback_id: string; blocks: unknown[] };
    expect(view.callback_id).toBe('create_task');
    expect(JSON.stringify(view.blocks)).toContain('Write the launch post');
    expect(await tasksTitled('Write the launch post')).toHaveLength(0);
  });

  it('files tasks in the channel default project once set', async () => {
    await h.signer.command('/task project #web', { channel: 'random' });
    const set = await responsePosts();
    expect(String(set.text)).toContain('Website');
    await h.signer.command('/task new Channel default task', { channel: 'random' });
    await responsePosts((a) => JSON.stringify(a.blocks ?? '').includes('Channel default task'));
    const [task] = await tasksTitled('Channel default task');
    expect(task?.project_id).toBe(1);
  });

  it('refuses an unreadable due date, creating nothing', async () => {
    await h.signer.command('/task new Unreadable date task due blorpday #Website');
    const post = await responsePosts();
    expect(JSON.stringify(post)).toMatch(/due date/i);
    expect(await tasksTitled('Unreadable date task')).toHaveLength(0);
  });

  it('names an unknown project and suggests close ones', async () => {
    await h.signer.command('/task new Some task #Webz');
    const post = await responsePosts();
    expect(JSON.stringify(post)).toContain('Webz');
  });

  it('says what to do during a service outage, and creates nothing', async () => {
    h.sandbox.faults.set({ outage: true });
    await h.signer.command('/task new Outage task #Website');
    // The retries outlast the busy note's delay: the note comes first, then what to do.
    const post = await responsePosts((a) => !String(a.text).includes("I'll post the result"));
    h.sandbox.faults.clear();
    expect(String(post.text)).toMatch(/try again/i);
    expect(await tasksTitled('Outage task')).toHaveLength(0);
  });

  it('tells an unconnected workspace how to connect', async () => {
    await h.app.deps.connections.delete(TEAM);
    await h.signer.command('/task mine');
    const post = await responsePosts();
    expect(String(post.text)).toContain('/task connect');
  });

  it('refuses forged signatures and stale timestamps', async () => {
    const forged = await h.signer.command('/task help', { forgeSignature: true });
    expect(forged.status).toBe(401);
    const stale = await h.signer.command('/task help', { oldTimestamp: true });
    expect(stale.status).toBe(401);
  });
});

describe('requests Taskbridge cannot act on', () => {
  it('answers a button it no longer knows with a hint, not silence', async () => {
    h = await startHarness();
    try {
      const res = await h.signer.blockAction({
        actionId: 'retired_button_v0',
        value: 'x',
        channel: 'C0GENERAL',
      });
      expect(res.status).toBe(200);
      const post = await h.emulator.waitForCall('response_url', (c) => !isInterimNote(c.args), 5_000);
      expect(String(post.args.text)).toMatch(/older version/);
    } finally {
      await h.close();
    }
  });

  it('tells someone in a workspace where the app is not installed, in OAuth mode', async () => {
    const { createTaskbridgeApp } = await import('../../src/create-app.ts');
    const { createSlackEmulator } = await import('../../src/slack-emulator/index.ts');
    const { createSlackSigner } = await import('../../src/slack-emulator/signer.ts');
    const { openStore } = await import('../../src/store/open-store.ts');
    const { createLogger } = await import('../../src/lib/logger.ts');
    const emulator = await createSlackEmulator({ port: 0 });
    const store = await openStore('sqlite::memory:');
    const app = createTaskbridgeApp({
      slack: {
        kind: 'oauth',
        clientId: '1111.2222',
        clientSecret: 'client-secret-not-real',
        stateSecret: 'state-secret-not-real-0123',
        signingSecret: 'oauth-signing-secret',
      },
      slackApiUrl: emulator.url,
      store,
      encryptionKey: 'ef'.repeat(32),
      port: 0,
      logger: createLogger({ level: 'silent' }),
    });
    try {
      const { eventsUrl } = await app.start();
      const signer = createSlackSigner({
        appUrl: eventsUrl!,
        signingSecret: 'oauth-signing-secret',
        emulator,
      });
      const res = await signer.command('/task mine');
      // Refused before any listener runs, with the reason in the command's own answer.
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        response_type: 'ephemeral',
        text: expect.stringMatching(/not installed/),
      });
      // Anything but a command from a workspace without an installation is refused outright.
      const action = await signer.blockAction({ actionId: 'task_done', value: '1' });
      expect(action.status).toBe(403);
    } finally {
      await app.stop();
      await emulator.close();
      await store.close();
    }
  });
});
