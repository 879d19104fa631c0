/**
 * A `/task new` acknowledged and promised ("I'll post the result here") survives its instance:
 * the real app (`node src/main.ts`, on the embedded SQLite file) is killed (SIGKILL) while the
 * service is slow, then started again. Each person promised a result hears once what became of
 * their command, and it is what happened: the task was created (it is on the service, once) or it
 * was not (it is not there). Twice over: the creations lost on their way to the service (nothing
 * created), and the service acting at once but its answers slow to come back (every task created,
 * none twice).
 *
 * The instances and the sandbox share one driven clock (test/support/shared-time.ts): the busy
 * note's wait, the lease renewals and the restarted instance's looks pass as the test moves time.
 * The command leases are store TTLs and stay real (2 s).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkApiClient, type WorkApiClient } from '../../../src/api/index.ts';
import type { SlackEmulator } from '../../../src/slack-emulator/index.ts';
import type { RecordedCall } from '../../../src/slack-emulator/model.ts';
import { openStore } from '../../../src/store/open-store.ts';
import { createPendingCommands } from '../../../src/store/repositories/pending-commands.ts';
import { type Fleet, killInstance, startFleet } from '../../support/fleet.ts';
import { SharedTime } from '../../support/shared-time.ts';

const SIGNING_SECRET = 'kill-test-signing-secret';
const TEAM = 'T0001';
const PEOPLE = 5;
/** Short, so that the restarted instance answers for the dead one's commands within seconds. */
const LEASE_SECONDS = 2;
const SLOW_MS = 6_000;

describe('a promised /task new across a SIGKILL and a restart', () => {
  let fleet: Fleet;
  let emulator: SlackEmulator;
  let api: WorkApiClient;
  /** When set, the service's answers to creations come back this late (the tasks exist meanwhile). */
  let slowAnswers = false;
  /** When set, creations are held on their way to the service until it resolves, then lost. */
  let lostOnTheWay: Promise<void> | undefined;
  let loseThem = () => {};
  const time = new SharedTime();

  beforeAll(async () => {
    fleet = await startFleet({
      label: 'kill',
      store: 'sqlite',
      signingSecret: SIGNING_SECRET,
      encryptionKey: 'ab'.repeat(32),
      env: { PENDING_COMMAND_LEASE_SECONDS: String(LEASE_SECONDS) },
      // The sandbox on the shared clock too (`time`): the restarted instance compares the tasks'
      // creation times with its own.
      sandbox: {},
      proxy: {
        beforeForward: async (request) => {
          if (!lostOnTheWay || request.method !== 'POST') return 'forward';
          await lostOnTheWay;
          return 'drop';
        },
        onAnswer: async (request) => {
          if (slowAnswers && request.method === 'POST') await new Promise((r) => setTimeout(r, SLOW_MS));
        },
      },
      testStore: false,
      time,
    });
    emulator = fleet.emulator;
    const { sandbox } = fleet;
    api = createWorkApiClient({ baseUrl: sandbox.url, token: sandbox.createToken(1, 'test'), cache: false });
  }, 60_000);

  afterAll(() => fleet?.stop(), 30_000);

  const responses = () => emulator.calls('response_url');
  const textOf = (c: RecordedCall) => String(c.args.text ?? '');

  /**
   * Starts an instance, has PEOPLE people run `/task new` while the service is slow, kills the
   * instance once each was promised a result, starts it again, and waits until every record is
   * answered for. What each was told after the restart, by title.
   */
  async function killMidCommand(slow: () => void, label: string) {
    const { app: first, signer } = await fleet.start(`${label}-before`);
    // The project list is read (and cached) before the service turns slow: the creations then wait.
    const warm = responses().length;
    await time.during('the warm-up acknowledged', signer.command(`/task new Warm up ${label} #Website`));
    await time.until('the warm-up answered', () => (responses().length > warm ? true : undefined));

    slow();
    const titles = Array.from({ length: PEOPLE }, (_, n) => `${label} ${n + 1}`);
    const seen = responses().length;
    const acks = await time.during(
      'the commands acknowledged',
      Promise.all(titles.map((title) => signer.command(`/task new ${title} #Website`))),
    );
    expect(acks.map((a) => a.status)).toEqual(titles.map(() => 200));
    const since = () => responses().slice(seen);
    await time.until('a promise to each', () =>
      since().filter((c) => textOf(c).includes('post the result here')).length === PEOPLE ? true : undefined,
    );
    expect((await killInstance(first)).signal).toBe('SIGKILL');
    slowAnswers = false;
    loseThem();

    const { app: second } = await fleet.start(`${label}-after`);
    const told = () => since().filter((c) => textOf(c).includes('was interrupted'));
    await time.until('each told', () =>
      titles.every((t) => told().some((c) => textOf(c).includes(t))) ? true : undefined,
    );
    // Nothing is left to answer for: no one can be told twice later.
    const store = await openStore(fleet.env.STORE_URL!);
    try {
      await time.until('nothing left to answer for', async () =>
        (await createPendingCommands(store).waiting(TEAM)).length === 0 ? true : undefined,
      );
    } finally {
      await store.close();
    }
    await killInstance(second, 'SIGTERM');
    return titles.map((title) => ({
      title,
      words: told()
        .filter((c) => textOf(c).includes(title))
        .map(textOf),
    }));
  }

  /** Each person told once, and truly; the share of promises kept. */
  async function check(outcomes: Array<{ title: string; words: string[] }>, label: string) {
    let kept = 0;
    const created: boolean[] = [];
    for (const { title, words } of outcomes) {
      expect(words).toHaveLength(1);
      const made = (await api.tasks.list({ q: title, per_page: 100 })).data.filter((t) => t.title === title);
      expect(made.length).toBeLessThanOrEqual(1);
      if (made.length === 1) expect(words[0]).toContain(`task #${made[0]!.id}`);
      else expect(words[0]).toContain('the task was not created');
      created.push(made.length === 1);
      kept++;
    }
    console.info(`kill test (${label}): ${kept} of ${PEOPLE} promises kept after the restart`);
    return created;
  }

  it('says so when the creations never reached the service: nothing was created', async () => {
    const outcomes = await killMidCommand(() => {
      lostOnTheWay = new Promise((resolve) => {
        loseThem = () => {
          lostOnTheWay = undefined;
          resolve();
        };
      });
    }, 'Lost on the way');
    expect(await check(outcomes, 'creations lost on the way')).toEqual(outcomes.map(() => false));
  }, 120_000);

  it('says which task was made when the service acted but its answer never came back, and makes none twice', async () => {
    const outcomes = await killMidCommand(() => {
      slowAnswers = true;
    }, 'Slow to answer');
    expect(await check(outcomes, 'service slow to answer')).toEqual(outcomes.map(() => true));
  }, 120_000);
});
