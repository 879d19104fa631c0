/**
 * Pending commands on the embedded store: a record is listed under its workspace until removed;
 * its lease is one holder's at a time, renewed by its holder, and free again once released; a
 * workspace with nothing pending is no longer listed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/store/open-store.ts';
import {
  createPendingCommands,
  type PendingCommand,
} from '../../../src/store/repositories/pending-commands.ts';
import type { Store } from '../../../src/store/types.ts';

const TEAM = 'T0001';

let store: Store;

function entry(triggerId: string): PendingCommand {
  const pending = createPendingCommands(store);
  return {
    id: pending.idOf(triggerId),
    teamId: TEAM,
    userId: 'U0ANA',
    channelId: 'C0GENERAL',
    command: '/task',
    text: 'new Fix login #Website',
    triggerId,
    responseUrl: 'https://hooks.slack.test/commands/1',
    receivedAt: Date.parse('2026-03-04T10:00:00.000Z'),
  };
}

describe('pending commands', () => {
  beforeEach(async () => {
    store = await openStore('sqlite::memory:');
  });
  afterEach(async () => {
    await store.close();
  });

  it('lists a record under its workspace until it is removed, then forgets the workspace', async () => {
    const pending = createPendingCommands(store);
    const first = entry('13345224609.738474920.8088930838d88f008e0');
    await pending.add(first);
    expect(await pending.teams()).toEqual([TEAM]);
    expect(await pending.waiting(TEAM)).toEqual([first.id]);
    await pending.update({ ...first, orphanedAt: first.receivedAt + 5_000 });
    expect((await pending.get(TEAM, first.id))?.orphanedAt).toBe(first.receivedAt + 5_000);
    await pending.remove(TEAM, first.id);
    expect(await pending.waiting(TEAM)).toEqual([]);
    expect(await pending.teams()).toEqual([]);
  });

  it('leases a record to one holder at a time, renewed by it, free again once released', async () => {
    const pending = createPendingCommands(store);
    const { id } = entry('trigger-1');
    expect(await pending.lease(TEAM, id, 60_000)).toBe(true);
    expect(await pending.lease(TEAM, id, 60_000)).toBe(false);
    expect(await pending.renewLease(TEAM, id, 60_000)).toBe(true);
    await pending.releaseLease(TEAM, id);
    expect(await pending.renewLease(TEAM, id, 60_000)).toBe(false);
    expect(await pending.lease(TEAM, id, 60_000)).toBe(true);
  });

  it('gives each trigger its own id, fit for a store key', () => {
    const pending = createPendingCommands(store);
    expect(pending.idOf('a.b.c')).toMatch(/^[0-9a-f]{32}$/);
    expect(pending.idOf('a.b.c')).not.toBe(pending.idOf('a.b.d'));
  });
});
