/**
 * A task made from Slack in a channel that follows its project shows one card there: the card the
 * person's `/task new` or create form posts becomes the task's thread, and the subscription's
 * events reply under it instead of posting a second card. When the subscription's card got there
 * first, the person's action posts none. Signed requests, the sandbox over HTTP, the emulator's
 * record of what reached the channel; the app clock is fixed and the test closes burst windows.
 */
import { WebClient } from '@slack/web-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../src/api/index.ts';
import type { FixedClock } from '../../src/lib/clock.ts';
import { createValues } from '../support/create-form-values.ts';
import { type Harness, TEAM } from '../support/harness.ts';
import { notifyTools, startNotifyHarness } from '../support/notify-tools.ts';

const WEBSITE = 1;
const CHANNEL = 'C0WEBSITE';

let h: Harness;
let clock: FixedClock;
const { mark, event, deliver, closeWindow } = notifyTools(() => ({ h, clock }), { projectId: WEBSITE });

const text = (value: unknown) => JSON.stringify(value) ?? '';

/** Top-level messages in the channel that show the task (cards), whoever posted them and how. */
const cardsOf = (title: string) =>
  h.emulator
    .messages(CHANNEL)
    .filter((m) => (!m.thread_ts || m.thread_ts === m.ts) && text(m).includes(title));

async function subscribe() {
  const answered = mark('response_url');
  await h.signer.command('/task subscribe #Website', { channel: CHANNEL });
  await answered();
}

async function taskTitled(title: string): Promise<TaskRecord> {
  const [task] = (await h.api.tasks.list({ q: title, per_page: 100 })).data.filter((t) => t.title === title);
  if (!task) throw new Error(`no task titled ${title}`);
  return task;
}

describe('a task made from Slack in a subscribed channel', () => {
  beforeEach(async () => {
    ({ h, clock } = await startNotifyHarness('2026-03-04T10:00:00.000Z'));
  });
  afterEach(async () => {
    await h.close();
  });

  it('`/task new` posts the one card, and the task’s events reply under it', async () => {
    await subscribe();
    const carded = mark('chat.postMessage');
    await h.signer.command('/task new Publish the pricing page #Website', { channel: CHANNEL });
    const card = await carded(
      (c) => c.args.channel === CHANNEL && text(c.args).includes('Publish the pricing'),
    );
    const task = await taskTitled('Publish the pricing page');
    expect(await h.app.deps.notifications.threads.get(TEAM, CHANNEL, task.id)).toMatchObject({
      ts: card.response.ts,
    });

    // The service tells of the creation and then of a change.
    await deliver(event('task.created', task));
    const statuses = await h.api.projects.statuses(WEBSITE);
    const moved = await h.api.tasks.update(task.id, { status_id: statuses[1]!.id });
    await deliver(event('task.status_changed', moved));
    const replied = mark('chat.postMessage');
    await closeWindow();
    const reply = await replied((c) => c.args.channel === CHANNEL);
    expect(reply.args.thread_ts).toBe(card.response.ts);
    expect(text(reply.args.blocks)).toContain(statuses[1]!.name);
    // "Created" is what the card already says: the reply tells only the change.
    expect(text(reply.args.blocks)).not.toMatch(/created/i);
    expect(cardsOf('Publish the pricing page')).toHaveLength(1);
    // No in-channel answer by response_url besides the card.
    const inChannel = h.emulator
      .calls('response_url')
      .filter((c) => c.args.response_type === 'in_channel' && text(c.args).includes('Publish the pricing'));
    expect(inChannel).toHaveLength(0);
  });

  it('the create form’s card is the one card too', async () => {
    await subscribe();
    const opened = mark('views.open');
    await h.signer.command('/task new', { channel: CHANNEL });
    const view = (await opened()).response.view as Parameters<Harness['signer']['viewSubmission']>[0]['view'];
    const carded = mark('chat.postMessage');
    const values = createValues({ projectId: WEBSITE, projectName: 'Website', title: 'Renew the TLS cert' });
    await h.signer.viewSubmission({ view, values });
    const card = await carded((c) => c.args.channel === CHANNEL && text(c.args).includes('Renew the TLS'));
    const task = await taskTitled('Renew the TLS cert');
    await deliver(event('task.created', task));
    await closeWindow();
    expect(cardsOf('Renew the TLS cert')).toHaveLength(1);
    expect(await h.app.deps.notifications.threads.get(TEAM, CHANNEL, task.id)).toMatchObject({
      ts: card.response.ts,
    });
  });

  it('posts nothing more when the subscription’s card is already there', async () => {
    await subscribe();
    const task = await h.api.tasks.create({ project_id: WEBSITE, title: 'Rotate the API keys' });
    const carded = mark('chat.postMessage');
    await deliver(event('task.created', task));
    await carded((c) => c.args.channel === CHANNEL);
    let posts = 0;
    const outcome = await h.app.deps.notifications.shareCard(TEAM, CHANNEL, task, async () => {
      posts += 1;
      return { channelId: CHANNEL, ts: '1.000001' };
    });
    expect(outcome).toBe('shown');
    expect(posts).toBe(0);
    expect(cardsOf('Rotate the API keys')).toHaveLength(1);
  });

  it('gives one card when the person’s card and the service’s event arrive together', async () => {
    await subscribe();
    const slack = new WebClient(h.emulator.botToken, { slackApiUrl: h.emulator.url });
    for (const title of ['Race one', 'Race two', 'Race three']) {
      const task = await h.api.tasks.create({ project_id: WEBSITE, title });
      const post = async () => {
        const posted = await slack.chat.postMessage({ channel: CHANNEL, text: `Card of ${title}` });
        return { channelId: CHANNEL, ts: posted.ts as string };
      };
      await Promise.all([
        deliver(event('task.created', task)),
        h.app.deps.notifications.shareCard(TEAM, CHANNEL, task, post),
      ]);
      await closeWindow();
      expect(cardsOf(title)).toHaveLength(1);
    }
  });

  it('still shows the card when Slack refuses its post, by the command’s own answer', async () => {
    await subscribe();
    h.emulator.failNext('chat.postMessage', 'not_in_channel');
    const answered = mark('response_url');
    await h.signer.command('/task new Check the sitemap #Website', { channel: CHANNEL });
    const answer = await answered((c) => text(c.args).includes('Check the sitemap'));
    expect(answer.args.response_type).toBe('in_channel');
    expect(cardsOf('Check the sitemap')).toHaveLength(1);
    // No thread is saved for a card that did not go out.
    const task = await taskTitled('Check the sitemap');
    expect(await h.app.deps.notifications.threads.get(TEAM, CHANNEL, task.id)).toBeUndefined();
  });

  it('answers in the channel as before where no subscription follows the project', async () => {
    const answered = mark('response_url');
    await h.signer.command('/task new Tidy the backlog #Website', { channel: CHANNEL });
    const answer = await answered((c) => text(c.args).includes('Tidy the backlog'));
    expect(answer.args.response_type).toBe('in_channel');
    expect(cardsOf('Tidy the backlog')).toHaveLength(1);
  });
});
