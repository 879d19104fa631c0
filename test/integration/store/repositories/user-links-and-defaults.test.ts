import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, systemClock } from '../../../../src/lib/clock.ts';
import { storeKeys } from '../../../../src/store/keys.ts';
import { openStore } from '../../../../src/store/open-store.ts';
import { createChannelDefaults } from '../../../../src/store/repositories/channel-defaults.ts';
import { createUserLinks } from '../../../../src/store/repositories/user-links.ts';
import type { Store } from '../../../../src/store/types.ts';

const clock = fixedClock('2026-04-01T10:00:00.000Z');

describe('user links', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore('sqlite::memory:');
  });
  afterEach(async () => {
    await store.close();
  });

  it('links, reads, lists per team and unlinks', async () => {
    const links = createUserLinks(store, { clock });
    const link = await links.link('T1', 'U1', {
      memberId: 7,
      memberName: 'Ana Silva',
      email: 'Ana@Example.com',
    });
    expect(link).toEqual({
      memberId: 7,
      memberName: 'Ana Silva',
      email: 'ana@example.com',
      linkedAt: '2026-04-01T10:00:00.000Z',
    });
    await links.link('T1', 'U2', { memberId: 8, memberName: 'Ben' });
    await links.link('T2', 'U1', { memberId: 9, memberName: 'Other workspace' });
    expect(await links.get('T1', 'U1')).toEqual(link);
    const listed = await links.listForTeam('T1');
    expect(listed.map((entry) => [entry.slackUserId, entry.memberId]).sort()).toEqual([
      ['U1', 7],
      ['U2', 8],
    ]);
    expect(await links.unlink('T1', 'U1')).toBe(true);
    expect(await links.get('T1', 'U1')).toBeUndefined();
    expect(await links.unlink('T1', 'U1')).toBe(false);
  });

  it('finds the Slack user for a member, and keeps one Slack user per member', async () => {
    const links = createUserLinks(store, { clock });
    await links.link('T1', 'U1', { memberId: 7, memberName: 'Ana' });
    expect((await links.findByMember('T1', 7))?.slackUserId).toBe('U1');
    expect(await links.findByMember('T1', 99)).toBeUndefined();
    expect(await links.findByMember('T2', 7)).toBeUndefined();
    await links.link('T1', 'U5', { memberId: 7, memberName: 'Ana' });
    expect((await links.findByMember('T1', 7))?.slackUserId).toBe('U5');
    expect(await links.get('T1', 'U1')).toBeUndefined();
  });

  it('two instances on one store: each sees the writes of the other on its next read', async () => {
    const a = createUserLinks(store, { clock });
    const b = createUserLinks(store, { clock });
    await a.link('T1', 'U1', { memberId: 7, memberName: 'Ana' });
    expect([...(await b.slackUserByMember('T1'))]).toEqual([[7, 'U1']]);
    expect([...(await a.slackUserByMember('T1'))]).toEqual([[7, 'U1']]);
    await b.link('T1', 'U2', { memberId: 8, memberName: 'Ben' });
    expect((await a.findByMember('T1', 8))?.slackUserId).toBe('U2');
    expect([...(await a.slackUserByMember('T1'))].sort()).toEqual([
      [7, 'U1'],
      [8, 'U2'],
    ]);
    await b.link('T1', 'U3', { memberId: 7, memberName: 'Ana' });
    expect((await a.findByMember('T1', 7))?.slackUserId).toBe('U3');
    expect(await b.unlink('T1', 'U2')).toBe(true);
    expect(await a.findByMember('T1', 8)).toBeUndefined();
    expect((await a.listForTeam('T1')).map((l) => l.slackUserId)).toEqual(['U3']);
    // Other workspaces are untouched by these writes.
    expect(await a.listForTeam('T2')).toEqual([]);
  });

  it('rereads a team whose keys were removed wholesale (uninstall), stamped or not', async () => {
    let at = new Date('2026-04-01T10:00:00.000Z').getTime();
    const clock = { ...systemClock, now: () => new Date(at) };
    const links = createUserLinks(store, { clock });
    // Written by an older release (no stamp): kept in memory only briefly.
    await store.set(storeKeys.userLink('T1', 'U1'), { memberId: 7, memberName: 'Ana', linkedAt: 'x' });
    expect((await links.findByMember('T1', 7))?.slackUserId).toBe('U1');
    await store.delete(storeKeys.userLink('T1', 'U1'));
    at += 10_000;
    expect(await links.findByMember('T1', 7)).toBeUndefined();
    // Stamped: removing the team's keys removes the stamp too, which forces a re-read at once.
    await createUserLinks(store, { clock }).link('T1', 'U2', { memberId: 8, memberName: 'Ben' });
    expect((await links.findByMember('T1', 8))?.slackUserId).toBe('U2');
    for await (const [key] of store.entries(storeKeys.team('T1'))) await store.delete(key);
    expect(await links.findByMember('T1', 8)).toBeUndefined();
  });

  it('returns copies: changing a listed link changes nothing stored or cached', async () => {
    const links = createUserLinks(store, { clock });
    await links.link('T1', 'U1', { memberId: 7, memberName: 'Ana' });
    const [first] = await links.listForTeam('T1');
    if (first) first.memberName = 'changed';
    expect((await links.listForTeam('T1'))[0]?.memberName).toBe('Ana');
  });

  it('refuses bad input naming the field', async () => {
    const links = createUserLinks(store);
    await expect(links.link('T1', 'U1', { memberId: 0, memberName: 'x' })).rejects.toThrow(
      /memberId must be a positive integer/,
    );
    await expect(links.link('T1', 'U1', { memberId: 1.5, memberName: 'x' })).rejects.toThrow(/memberId/);
    await expect(links.link('T1', 'U1', { memberId: 1, memberName: '' })).rejects.toThrow(/memberName/);
    await expect(links.link('T1', 'U:1', { memberId: 1, memberName: 'x' })).rejects.toThrow(
      /slackUserId must be a Slack id/,
    );
  });
});

describe('channel defaults', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore('sqlite::memory:');
  });
  afterEach(async () => {
    await store.close();
  });

  it('sets, reads, clears and lists what one person set', async () => {
    const defaults = createChannelDefaults(store, { clock });
    const value = await defaults.set('T1', 'C1', { projectId: 3, projectName: 'Website', setBy: 'U1' });
    expect(value).toEqual({
      projectId: 3,
      projectName: 'Website',
      setBy: 'U1',
      setAt: '2026-04-01T10:00:00.000Z',
    });
    await defaults.set('T1', 'C2', { projectId: 4, projectName: 'Mobile', setBy: 'U2' });
    await defaults.set('T1', 'C3', { projectId: 5, projectName: 'Ops', setBy: 'U1' });
    await defaults.set('T2', 'C9', { projectId: 6, projectName: 'Elsewhere', setBy: 'U1' });
    expect(await defaults.get('T1', 'C1')).toEqual(value);
    const mine = await defaults.listSetBy('T1', 'U1');
    expect(mine.map((entry) => entry.channelId).sort()).toEqual(['C1', 'C3']);
    expect(await defaults.clear('T1', 'C1')).toBe(true);
    expect(await defaults.get('T1', 'C1')).toBeUndefined();
    expect(await defaults.clear('T1', 'C1')).toBe(false);
  });

  it('refuses bad input naming the field', async () => {
    const defaults = createChannelDefaults(store);
    await expect(defaults.set('T1', 'C1', { projectId: -1, projectName: 'x', setBy: 'U1' })).rejects.toThrow(
      /projectId/,
    );
    await expect(defaults.set('T1', 'C1', { projectId: 1, projectName: 'x', setBy: '' })).rejects.toThrow(
      /setBy/,
    );
    await expect(defaults.get('T1', '')).rejects.toThrow(/channelId/);
  });
});
