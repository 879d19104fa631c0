/**
 * The whole path of a change made on the service: the sandbox signs and sends its webhook, the
 * app's endpoint verifies it and hands the event to the notifications, and the channel that
 * subscribed by `/task subscribe` gets the task's card, then one thread reply for a later burst
 * with the card edited in place, as the Slack emulator records it. A delivery sent again with its
 * `webhook-id` posts nothing more. The app's clock starts at the wall clock's time (the webhook's
 * timestamp is checked against it) and the test moves it through the burst window rather than
 * waiting it out. The card carries the task as a Work Object, and its edit carries it as the task is
 * then; what is asserted is the metadata the emulator kept (it drops an entity of a wrong shape).
 */

import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/manual-clock.ts';
import type { RecordedCall } from '../../src/slack-emulator/model.ts';
import { type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { moveTimeUntil } from '../support/move-time.ts';
import { serviceCall } from '../support/service-call.ts';

const CHANNEL = 'C0WEBSITE';
const WEBSITE = 1;
/** Ben's member id in the seeded service (linked to his Slack user). */
const BEN = 2;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function service(method: string, path: string, body?: unknown) {
  const answer = await serviceCall(h!.sandbox, method, path, body);
  expect(answer.status, answer.text).toBeLessThan(300);
  return answer.record as { id: number; title: string };
}

/** The task entity the emulator kept on a message in the channel. */
interface KeptEntity {
  entity_type: string;
  url: string;
  external_ref: { id: string };
  entity_payload: {
    attributes: { title: { text: string } };
    fields: Record<string, Record<string, unknown>>;
  };
}
function keptEntity(ts: string): KeptEntity | undefined {
  const metadata = h!.emulator.message(CHANNEL, ts)?.metadata as { entities?: KeptEntity[] } | undefined;
  expect(metadata?.entities).toHaveLength(1);
  return metadata?.entities?.[0];
}

const inChannel = (method: string) =>
  h!.emulator.calls(method).filter((c: RecordedCall) => c.args.channel === CHANNEL && c.response.ok === true);

describe('service events into channel threads', () => {
  it('a change on the service becomes a card, a later burst one reply and an edit, a redelivery nothing', async () => {
    const clock = new ManualClock(Date.now());
    const until = <T>(what: string, read: () => T | undefined) => moveTimeUntil(clock, what, read);
    h = await startHarness({ link: ['ana', 'ben'], clock, notifications: { windowMs: 1_500 } });
    const settings = await h.app.deps.serviceEvents.ensure(TEAM);
    const endpoint = `${new URL(h.eventsUrl).origin}/service/events/${settings.pathKey}`;
    const hook = h.sandbox.webhooks.add(endpoint);
    await h.app.deps.serviceEvents.saveSecret(TEAM, hook.secret);

    const subscribed = h.emulator.waitForCall('response_url', () => true, 8_000);
    await h.signer.command('/task subscribe #Website', { channel: CHANNEL, user: USERS.ana });
    expect(JSON.stringify((await subscribed).args)).toContain('follows');

    // Made on the service, not through Slack: only the webhook can tell the app.
    const task = await service('POST', '/tasks', { project_id: WEBSITE, title: 'Ship the pricing page' });
    const card = await until('the card', () =>
      inChannel('chat.postMessage').find((c) => JSON.stringify(c.args).includes('Ship the pricing page')),
    );
    expect(card.args.thread_ts).toBeUndefined();
    expect(JSON.stringify(card.args)).toContain('Website');
    const parentTs = String((card.response as { ts?: string }).ts);
    const posted = keptEntity(parentTs);
    expect(posted?.entity_type).toBe('slack#/entities/task');
    expect(posted?.external_ref.id).toBe(String(task.id));
    expect(posted?.url).toMatch(/^https?:\/\//);
    expect(posted?.entity_payload.attributes.title.text).toBe('Ship the pricing page');
    expect(posted?.entity_payload.fields.status?.value).toEqual(expect.any(String));
    expect(posted?.entity_payload.fields.assignee).toBeUndefined();
    expect(posted?.entity_payload.fields.due_date).toBeUndefined();

    // A burst of two changes: one reply in the card's thread, and the card edited in place.
    await service('PUT', `/tasks/${task.id}`, { due_date: '2031-05-02' });
    await service('PUT', `/tasks/${task.id}`, { assignee_ids: [BEN] });
    const reply = await until('the thread reply', () =>
      inChannel('chat.postMessage').find((c) => c.args.thread_ts === parentTs),
    );
    expect(reply.args.reply_broadcast).not.toBe(true);
    // Ben, linked and newly assigned, hears it by direct message.
    await until('the DM to Ben', () =>
      h!.emulator
        .calls('chat.postMessage')
        .find((c) => c.response.ok === true && String(c.args.channel).includes(USERS.ben.slice(1))),
    );
    await until('the card edit', () =>
      inChannel('chat.update').find(
        (c) => c.args.ts === parentTs && JSON.stringify(c.args).includes(USERS.ben),
      ),
    );
    // The edit redrew the entity: Ben (linked) as assignee, the due date as an instant.
    const edited = keptEntity(parentTs);
    expect(edited?.external_ref.id).toBe(String(task.id));
    expect(edited?.entity_payload.fields.assignee).toEqual({
      type: 'slack#/types/user',
      user: { user_id: USERS.ben },
    });
    const due = edited?.entity_payload.fields.due_date;
    expect(due?.type).toBe('slack#/types/timestamp');
    expect(new Date(Number(due?.value) * 1000).toISOString().slice(0, 10)).toBe('2031-05-02');

    // Every delivery was accepted; sending the last one again (same webhook-id) posts nothing.
    const deliveries = await until('deliveries done', () => {
      const all = h!.sandbox.webhooks.deliveries();
      return all.length >= 3 && all.every((d) => d.state === 'delivered') ? all : undefined;
    });
    const postsBefore = inChannel('chat.postMessage').length;
    // A service's retry keeps the id and signs again with a fresh timestamp.
    const last = deliveries.at(-1)!;
    const at = new Date();
    const again = await fetch(endpoint, {
      method: 'POST',
      body: last.payload,
      headers: {
        'content-type': 'application/json',
        'webhook-id': last.id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(hook.secret).sign(last.id, at, last.payload),
      },
    });
    expect(again.status).toBe(200);
    // Past the burst window and the looks that would send it: nothing more.
    await clock.advance(3_000);
    expect(inChannel('chat.postMessage')).toHaveLength(postsBefore);
    // One card and one merged reply for the task in this channel, no more.
    expect(inChannel('chat.postMessage').filter((c) => c.args.thread_ts === parentTs)).toHaveLength(1);
    const aboutTask = inChannel('chat.postMessage').filter(
      (c) => c.args.thread_ts === undefined && JSON.stringify(c.args).includes('pricing page'),
    );
    expect(aboutTask).toHaveLength(1);
  });
});
