import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { digestKeys } from '../../../src/digest/store-keys.ts';
import {
  createDigestSubscriptions,
  DigestSubscriptionError,
  type DigestSubscriptions,
  type NewDigestSubscription,
} from '../../../src/digest/subscriptions.ts';
import { fixedClock } from '../../../src/lib/clock.ts';
import { openStore } from '../../../src/store/open-store.ts';
import type { Store } from '../../../src/store/types.ts';

const input = (overrides: Partial<NewDigestSubscription> = {}): NewDigestSubscription => ({
  teamId: 'T0001',
  channelId: 'C0GENERAL',
  createdBy: 'U0ANA',
  projectIds: [1],
  time: '09:00',
  timeZone: 'Europe/Lisbon',
  sections: { overdue: true, dueToday: true, dueWithinDays: 2 },
  ...overrides,
});

describe('digest subscriptions over the sqlite store', () => {
  let store: Store;
  let subs: DigestSubscriptions;
  const clock = fixedClock('2026-03-04T10:00:00.000Z');
  const invalid: string[] = [];
  beforeEach(async () => {
    store = await openStore('sqlite::memory:');
    invalid.length = 0;
    subs = createDigestSubscriptions(store, {
      clock,
      onInvalidRecord: (key) => invalid.push(key),
    });
  });
  afterEach(async () => {
    await store.close();
  });

  it('creates with a fresh id, defaults filled in, and reads it back', async () => {
    const created = await subs.create(input());
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(created).toMatchObject({ days: [1, 2, 3, 4, 5], filters: {}, postWhenEmpty: false });
    expect(created.createdAt).toBe('2026-03-04T10:00:00.000Z');
    expect(await subs.get('T0001', created.id)).toEqual(created);
    const other = await subs.create(input());
    expect(other.id).not.toBe(created.id);
  });

  it('refuses bad input with a message naming each bad field', async () => {
    const error = await subs
      .create(input({ time: '25:00', timeZone: 'Mars/Olympus', projectIds: [] }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DigestSubscriptionError);
    const message = (error as Error).message;
    expect(message).toContain('time: time of day as HH:mm');
    expect(message).toContain('timeZone: unknown IANA time zone "Mars/Olympus"');
    expect(message).toContain('projectIds');
    expect(await subs.listByTeam('T0001')).toEqual([]);
  });

  it('lists by team and by channel, oldest first, several per channel', async () => {
    const a = await subs.create(input({ createdAt: '2026-03-01T00:00:00.000Z' }));
    const b = await subs.create(input({ createdAt: '2026-03-02T00:00:00.000Z' }));
    const c = await subs.create(input({ channelId: 'C0WEBSITE' }));
    const d = await subs.create(input({ teamId: 'T0002' }));
    expect((await subs.listByTeam('T0001')).map((s) => s.id)).toEqual([a.id, b.id, c.id]);
    expect((await subs.listByChannel('T0001', 'C0GENERAL')).map((s) => s.id)).toEqual([a.id, b.id]);
    expect((await subs.listByTeam('T0002')).map((s) => s.id)).toEqual([d.id]);
    const all: string[] = [];
    for await (const sub of subs.all()) all.push(sub.id);
    expect(all.sort()).toEqual([a.id, b.id, c.id, d.id].sort());
  });

  it('caps the digests of one channel with a clear error', async () => {
    const capped = createDigestSubscriptions(store, { maxPerChannel: 2 });
    await capped.create(input());
    await capped.create(input());
    await expect(capped.create(input())).rejects.toThrow(/already has 2 digests/);
    await expect(capped.create(input({ channelId: 'C0WEBSITE' }))).resolves.toBeDefined();
  });

  it('updates what may change and keeps identity, creation time and a pause', async () => {
    const sub = await subs.create(input());
    await subs.pause('T0001', sub.id, 'not_in_channel');
    const updated = await subs.update('T0001', sub.id, { time: '10:30', days: [1, 3] });
    expect(updated).toMatchObject({ id: sub.id, time: '10:30', days: [1, 3], createdAt: sub.createdAt });
    expect(updated.paused?.reason).toBe('not_in_channel');
    await expect(subs.update('T0001', sub.id, { time: 'noon' })).rejects.toThrow(/time: time of day/);
    await expect(subs.update('T0001', 'missing', { time: '10:00' })).rejects.toThrow(/No digest missing/);
  });

  it('pauses a whole channel once and resumes one digest, releasing the channel notice', async () => {
    const a = await subs.create(input());
    const b = await subs.create(input());
    const elsewhere = await subs.create(input({ channelId: 'C0WEBSITE' }));
    const first = await subs.pauseChannel('T0001', 'C0GENERAL', 'Slack answered not_in_channel');
    expect(first.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
    expect(await subs.pauseChannel('T0001', 'C0GENERAL', 'again')).toEqual([]);
    expect((await subs.get('T0001', elsewhere.id))?.paused).toBeUndefined();

    expect(await store.claim(digestKeys.pauseNotice('T0001', 'C0GENERAL'), 60_000)).toBe(true);
    const resumed = await subs.resume('T0001', a.id);
    expect(resumed?.paused).toBeUndefined();
    expect((await subs.get('T0001', a.id))?.paused).toBeUndefined();
    expect(await store.claim(digestKeys.pauseNotice('T0001', 'C0GENERAL'), 60_000)).toBe(true);
  });

  it('keeps the latest firing per subscription and removes it with the subscription or its channel', async () => {
    const sub = await subs.create(input());
    const other = await subs.create(input());
    const firing = {
      localDate: '2026-03-04',
      outcome: 'posted' as const,
      scheduledAt: '2026-03-04T09:00:00.000Z',
      late: false,
      at: '2026-03-04T09:00:01.000Z',
      post: { channel: 'C0GENERAL', ts: '1772614800.000100', taskIds: [4, 7] },
    };
    await subs.recordFiring('T0001', sub.id, firing);
    await subs.recordFiring('T0001', other.id, { ...firing, outcome: 'empty', post: undefined });
    expect(await subs.lastFiring('T0001', sub.id)).toEqual(firing);
    const listed: string[] = [];
    for await (const each of subs.allFiredDates()) listed.push(`${each.teamId}/${each.id}/${each.localDate}`);
    expect(listed.sort()).toEqual([`T0001/${sub.id}/2026-03-04`, `T0001/${other.id}/2026-03-04`].sort());
    expect(await subs.delete('T0001', sub.id)).toBe(true);
    expect(await subs.lastFiring('T0001', sub.id)).toBeUndefined();
    expect(await store.get(digestKeys.firedDate('T0001', sub.id))).toBeUndefined();
    expect(await subs.deleteChannel('T0001', 'C0GENERAL')).toBe(1);
    expect(await subs.lastFiring('T0001', other.id)).toBeUndefined();
    expect(await subs.listByTeam('T0001')).toEqual([]);
  });

  it('changes its revision on every subscription write, not on firing records', async () => {
    expect(await subs.revision()).toBeUndefined();
    const sub = await subs.create(input());
    const afterCreate = await subs.revision();
    expect(afterCreate).toBeDefined();
    await subs.recordFiring('T0001', sub.id, {
      localDate: '2026-03-04',
      outcome: 'empty',
      scheduledAt: '2026-03-04T09:00:00.000Z',
      late: false,
      at: '2026-03-04T09:00:01.000Z',
    });
    expect(await subs.revision()).toBe(afterCreate);
    await subs.update('T0001', sub.id, { time: '08:00' });
    expect(await subs.revision()).not.toBe(afterCreate);
  });

  it('skips a stored record that no longer reads as a subscription, and says which', async () => {
    const good = await subs.create(input());
    await store.set(digestKeys.subscription('T0001', 'broken'), { id: 'broken', time: 'whenever' });
    const listed = await subs.listByTeam('T0001');
    expect(listed.map((s) => s.id)).toEqual([good.id]);
    expect(invalid).toEqual([digestKeys.subscription('T0001', 'broken')]);
    expect(await subs.get('T0001', 'broken')).toBeUndefined();
  });

  it('refuses ids that would break the key layout', async () => {
    await expect(subs.get('T0001', 'a:b')).rejects.toThrow(/subscription id must be letters/);
    await expect(subs.listByTeam('T:1')).rejects.toThrow(/teamId must be letters/);
  });
});
