/**
 * A project event's outbox record and its sender, on the embedded store: the notices go in order
 * with what is left saved after each, the assignment messages last, and the record goes once all
 * went; one instance at a time sends a record; a step that throws leaves the record, held until
 * its lease lapses (on the store's clock, which the test moves); a workspace with nothing waiting is
 * no longer listed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/lib/logger.ts';
import { ManualClock } from '../../../src/lib/manual-clock.ts';
import type { ProjectEvent } from '../../../src/notify/events/project-event.ts';
import { createOutboxSender } from '../../../src/notify/outbox-sender.ts';
import { createNotifyOutbox, type NotifyOutbox } from '../../../src/notify/store/notify-outbox.ts';
import { openSqliteStore } from '../../../src/store/sqlite-store.ts';
import type { Store } from '../../../src/store/types.ts';

const TEAM = 'T0001';
const event = (id: string): ProjectEvent => ({
  id,
  teamId: TEAM,
  kind: 'sprint.started',
  projectId: 1,
  occurredAt: '2026-03-04T10:00:00.000Z',
  source: 'webhook',
});

let store: Store;
let clock: ManualClock;
let outbox: NotifyOutbox;
let sent: string[];

function sender(o: { failAt?: string; leaseMs?: number } = {}) {
  return createOutboxSender({
    outbox,
    leaseMs: o.leaseMs ?? 60_000,
    async notice(_team, channelId, e) {
      // What is left is saved before the next step: the record shows this channel still owed.
      const left = await outbox.get(TEAM, e.id);
      expect(left?.notices[0]?.channelId).toBe(channelId);
      if (o.failAt === channelId) throw new Error('the store went away');
      sent.push(`${e.id}:${channelId}`);
    },
    async directMessages(_team, e) {
      if (o.failAt === 'dm') throw new Error('the service went away');
      sent.push(`${e.id}:dm`);
    },
    logger: createLogger({ level: 'silent' }),
  });
}

const owed = (id: string, directMessages = true) => ({
  event: event(id),
  notices: [
    { channelId: 'C0ONE', projectName: 'Website' },
    { channelId: 'C0TWO', projectName: 'Website' },
  ],
  directMessages,
});

describe('the notification outbox', () => {
  beforeEach(async () => {
    clock = new ManualClock();
    store = openSqliteStore(':memory:', { clock, purgeIntervalMs: 0 });
    outbox = createNotifyOutbox(store);
    sent = [];
  });
  afterEach(async () => {
    await store.close();
  });

  it('sends each notice, then the messages, and then forgets the record and the workspace', async () => {
    await outbox.add(TEAM, owed('e1'));
    expect(await outbox.teams()).toEqual([TEAM]);
    expect(await outbox.waiting(TEAM)).toEqual(['e1']);
    await sender().send(TEAM, 'e1');
    expect(sent).toEqual(['e1:C0ONE', 'e1:C0TWO', 'e1:dm']);
    expect(await outbox.get(TEAM, 'e1')).toBeUndefined();
    expect(await outbox.waiting(TEAM)).toEqual([]);
    expect(await outbox.teams()).toEqual([]);
  });

  it('sends a record once while another instance holds it', async () => {
    await outbox.add(TEAM, owed('e2', false));
    expect(await outbox.lease(TEAM, 'e2', 60_000)).toBe(true);
    await sender().sendWaiting();
    expect(sent).toEqual([]);
    await outbox.releaseLease(TEAM, 'e2');
    await Promise.all([sender().send(TEAM, 'e2'), sender().send(TEAM, 'e2')]);
    expect(sent).toEqual(['e2:C0ONE', 'e2:C0TWO']);
  });

  it('keeps a record part-way through its sends when the event is written again', async () => {
    await outbox.add(TEAM, owed('e4'));
    const partway = owed('e4');
    partway.notices.shift();
    await outbox.update(TEAM, partway);
    // The service delivers the event again: what was sent stays sent.
    await outbox.add(TEAM, owed('e4'));
    await sender().send(TEAM, 'e4');
    expect(sent).toEqual(['e4:C0TWO', 'e4:dm']);
  });

  it('keeps what was not sent after a step fails, and sends only that once its lease lapses', async () => {
    await outbox.add(TEAM, owed('e3'));
    await sender({ failAt: 'C0TWO', leaseMs: 1_500 }).send(TEAM, 'e3');
    expect(sent).toEqual(['e3:C0ONE']);
    expect((await outbox.get(TEAM, 'e3'))?.notices.map((n) => n.channelId)).toEqual(['C0TWO']);
    // Held: the next look does not try again at once.
    await sender().sendWaiting();
    expect(sent).toEqual(['e3:C0ONE']);
    await clock.advance(1_499);
    await sender().sendWaiting();
    expect(sent).toEqual(['e3:C0ONE']);
    await clock.advance(1);
    await sender().sendWaiting();
    expect(sent).toEqual(['e3:C0ONE', 'e3:C0TWO', 'e3:dm']);
    expect(await outbox.waiting(TEAM)).toEqual([]);
  });
});
