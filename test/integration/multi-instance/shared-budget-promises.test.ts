/**
 * Three instances of the real app on one Redis share one token's budget (60 general requests a
 * minute). With the minute's budget already spent, freeing slot by slot, about 40 people run a
 * command at once, spread over the instances. Whoever is told "I'll post the result here" gets
 * their result, never "Nothing was changed" afterwards: the busy note's wait is foreseen from every
 * instance's waiters, a wait too long for the budget is said at once (nothing promised), and a
 * promised command waits for its slot rather than giving up.
 *
 * The instances and the sandbox run on one driven clock (test/support/shared-time.ts): the minute
 * of budget passes as the test moves it, not in real time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateLimitState, tokenKey } from '../../../src/api/index.ts';
import type { RecordedCall } from '../../../src/slack-emulator/model.ts';
import type { SlackSigner } from '../../../src/slack-emulator/signer.ts';
import type { RedisStore } from '../../../src/store/redis-store.ts';
import { openRedisStore } from '../../../src/store/redis-store.ts';
import { createUserLinks } from '../../../src/store/repositories/user-links.ts';
import { type Fleet, startFleet } from '../../support/fleet.ts';
import { redisTool } from '../../support/redis-server.ts';
import { SharedTime } from '../../support/shared-time.ts';

const SIGNING_SECRET = 'shared-budget-signing-secret';
const TEAM = 'T0001';
const ANA = 'U0ANA';
const PEOPLE = 40;
const LIMIT = 60;
const MINUTE_MS = 60_000;

describe.runIf(redisTool.mustRun)('promises made on a budget three instances share', () => {
  let fleet: Fleet;
  /** The test's own connection, as a RedisStore: the budget is spent through its scripts. */
  let store: RedisStore;
  let signers: SlackSigner[] = [];
  const time = new SharedTime();

  beforeAll(async () => {
    fleet = await startFleet({
      label: 'budget',
      store: 'redis',
      signingSecret: SIGNING_SECRET,
      encryptionKey: 'ef'.repeat(32),
      sandbox: { rateLimits: { general: LIMIT, search: 30, upload: 10 } },
      proxy: false,
      testStore: false,
      time,
    });
    store = await openRedisStore(fleet.redis!.url);
    await createUserLinks(store).link(TEAM, ANA, {
      memberId: 1,
      memberName: 'Ana Silva',
      email: 'ana@example.com',
    });
    await fleet.startAll(['one', 'two', 'three']);
    signers = fleet.instances.map((i) => i.signer);
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    await fleet?.stop();
  }, 30_000);

  it('keeps every promise of a result', async () => {
    // The minute's budget spent by earlier requests, one freeing every ~0.8 s from 10 s on.
    const state = new RedisRateLimitState({
      redis: { eval: (script, keys, args) => store.evalScript(script, keys, args) },
    });
    const { sandbox, emulator } = fleet;
    const key = `${tokenKey(sandbox.token)}:general`;
    const now = time.nowMs();
    for (let n = 0; n < LIMIT; n++) {
      const stamp = now - 50_000 + Math.floor((n * 50_000) / LIMIT);
      await state.take(key, `spent-${n}`, LIMIT, MINUTE_MS, now, stamp);
    }

    const seen = emulator.calls('response_url').length;
    // Time moves while they wait for their acknowledgements, which the busy note times on the clock.
    const answers = await time.during(
      'every command acknowledged',
      Promise.all(
        Array.from({ length: PEOPLE }, (_, n) => signers[n % signers.length]!.command(`/task show ${n + 1}`)),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));

    const text = (c: RecordedCall) => String(c.args.text ?? '');
    const isPromise = (c: RecordedCall) => text(c).includes('post the result here');
    const byPerson = () => {
      const people = new Map<string, RecordedCall[]>();
      for (const call of emulator.calls('response_url').slice(seen)) {
        const id = String(call.args.url_id);
        people.set(id, [...(people.get(id) ?? []), call]);
      }
      return [...people.values()];
    };
    // Everyone is answered: their result, or (told at once, nothing promised) when to try again.
    await time.until(
      'an answer for everyone',
      () =>
        byPerson().length === PEOPLE && byPerson().every((calls) => calls.some((c) => !isPromise(c)))
          ? true
          : undefined,
      { stepMs: 100, virtualMs: 180_000, ms: 120_000 },
    );
    const promised = byPerson().filter((calls) => calls.some(isPromise));
    const kept = promised.filter((calls) => {
      const after = calls.slice(calls.findIndex(isPromise) + 1);
      return after.length > 0 && after.every((c) => !/Nothing was changed/.test(text(c)));
    });
    console.info(
      `three instances, one budget: ${kept.length} of ${promised.length} promises kept (${PEOPLE} people)`,
    );
    expect(promised.length).toBeGreaterThan(0);
    expect(kept.length).toBe(promised.length);
  }, 180_000);
});
