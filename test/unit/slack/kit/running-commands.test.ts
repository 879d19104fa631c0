/**
 * Running commands over a real store (SQLite in memory): two `runningCommandsIn` on one store are
 * two instances, on one clock the test moves. The store holds a command only once it has run for `sharedAfterMs`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../../../src/lib/manual-clock.ts';
import { type CommandIdentity, runningCommandsIn } from '../../../../src/slack/kit/running-commands.ts';
import { openSqliteStore } from '../../../../src/store/sqlite-store.ts';
import type { Store } from '../../../../src/store/types.ts';

const SHARED_AFTER = 250;
const HOLD = 60_000;
const mine = (text = 'mine'): CommandIdentity => ({
  team_id: 'T1',
  user_id: 'U1',
  channel_id: 'C1',
  command: '/task',
  text,
});

/** For each command, whether another instance finds it held in the store (and so would not run it). */
async function claimsIn(
  store: Store,
  clock: ManualClock,
  ...commands: CommandIdentity[]
): Promise<boolean[]> {
  // A second instance's start reads the store: false while another instance holds the command.
  const probe = runningCommandsIn(store, clock, HOLD, SHARED_AFTER);
  const seen: boolean[] = [];
  for (const command of commands) {
    const asked = { ...command };
    const free = await probe.start(asked);
    seen.push(!free);
    if (free) await probe.finish(asked);
  }
  return seen;
}

describe('runningCommandsIn', () => {
  let store: Store;
  let clock: ManualClock;
  beforeEach(() => {
    clock = new ManualClock();
    store = openSqliteStore(':memory:', { purgeIntervalMs: 0, clock });
  });
  afterEach(async () => {
    await store.close();
  });

  it('answers a repeat on the same instance at once, and lets the command run again once it ends', async () => {
    const running = runningCommandsIn(store, clock, HOLD, SHARED_AFTER);
    const first = mine();
    expect(await running.start(first)).toBe(true);
    // Spaces folded: the same command typed again.
    expect(await running.start(mine(' mine '))).toBe(false);
    expect(await running.start(mine('show 4'))).toBe(true);
    await running.finish(first);
    expect(await running.start(mine())).toBe(true);
  });

  it('writes nothing to the store for a command that ends before sharedAfterMs', async () => {
    const running = runningCommandsIn(store, clock, HOLD, SHARED_AFTER);
    const quick = mine();
    expect(await running.start(quick)).toBe(true);
    await clock.advance(SHARED_AFTER - 1);
    expect(await claimsIn(store, clock, mine())).toEqual([false]);
    await running.finish(quick);
    await clock.advance(SHARED_AFTER * 4);
    expect(await claimsIn(store, clock, mine())).toEqual([false]);
  });

  it('holds a slow command in the store, so another instance answers its repeat, and lets go at its end', async () => {
    const one = runningCommandsIn(store, clock, HOLD, SHARED_AFTER);
    const two = runningCommandsIn(store, clock, HOLD, SHARED_AFTER);
    const slow = mine();
    expect(await one.start(slow)).toBe(true);
    // Before sharedAfterMs another instance does not see it yet (a person cannot type it again so soon).
    expect(await claimsIn(store, clock, mine())).toEqual([false]);
    await clock.advance(SHARED_AFTER);
    expect(await two.start(mine())).toBe(false);
    expect(await claimsIn(store, clock, mine(), mine('other'))).toEqual([true, false]);
    await one.finish(slow);
    expect(await two.start(mine())).toBe(true);
  });

  it('lets go of a claim that lands after the command has ended', async () => {
    const running = runningCommandsIn(store, clock, HOLD, SHARED_AFTER);
    const command = mine();
    // A store whose claim answers only when told: the command ends while its claim is on its way.
    let land: (() => void) | undefined;
    const claim = store.claim.bind(store);
    store.claim = (key, ttl) =>
      new Promise((resolve) => {
        land = () => void claim(key, ttl).then(resolve);
      });
    expect(await running.start(command)).toBe(true);
    await clock.advance(SHARED_AFTER);
    expect(land).toBeDefined();
    await running.finish(command);
    land?.();
    await vi.waitFor(async () => expect(await claimsIn(store, clock, mine())).toEqual([false]));
  });

  it('does not hold a command forever on an instance where it never ended', async () => {
    const running = runningCommandsIn(store, clock, HOLD, SHARED_AFTER);
    expect(await running.start(mine())).toBe(true);
    await clock.advance(SHARED_AFTER + HOLD);
    expect(await claimsIn(store, clock, mine())).toEqual([false]);
    expect(await running.start(mine())).toBe(true);
  });
});
