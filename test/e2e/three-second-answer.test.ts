/**
 * A person hears within 3 s, whatever the service does: signed commands and buttons into the real
 * app, the sandbox slowed or rate-limited by its fault injection and its real 60-a-minute limit.
 * (No timed assertions: what is checked is what the person is told, and in which order.) The slow
 * service is slow on the app's clock, which the test moves: the held ack, the busy note and the
 * service's latency fire in their order on it without the test waiting them out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkApiClient } from '../../src/api/index.ts';
import { ManualClock } from '../../src/lib/manual-clock.ts';
import { WAIT_BUDGETS } from '../../src/slack/kit/wait-budgets.ts';
import type { RecordedCall } from '../../src/slack-emulator/model.ts';
import { watchAppWork } from '../support/app-work.ts';
import { type Harness, startHarness } from '../support/harness.ts';
import { moveTimeUntil, movingUntilDone } from '../support/move-time.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';

let h: Harness;

afterEach(async () => {
  await h?.close();
});

const texts = (calls: RecordedCall[]) => calls.map((c) => JSON.stringify(c.args));
const isBusyNote = (c: RecordedCall) => String(c.args.text ?? '').includes("The service is busy; I'll post");

/**
 * The reply that is neither a busy note nor a "still working" note: the command's result (against
 * a service that does not filter by person, `/task mine`'s first answer is its interim list).
 */
const isResult = (c: RecordedCall) => !isBusyNote(c) && !String(c.args.text ?? '').includes('Still working');

/**
 * The app's clock for a test, starting now: the limiter of service calls is the process's, and
 * remembers the calls of earlier tests by the time they were made.
 */
const appClock = () => new ManualClock(Date.now());

/** The first `method` call that matches, moving the app's clock until it comes. */
const movedTo = (clock: ManualClock, method: string, match: (c: RecordedCall) => boolean) =>
  moveTimeUntil(clock, `a ${method} call`, () => h.emulator.calls(method).find(match));

describe('an answer within three seconds', () => {
  it('a command the slow service cannot finish in time says so at once, then posts its result', async () => {
    const clock = appClock();
    h = await startHarness({ link: ['ana'], clock });
    h.sandbox.faults.set({ latencyMs: 2_500 });
    const acked = h.signer.command('/task mine');
    const result = await movedTo(clock, 'response_url', isResult);
    await acked;
    h.sandbox.faults.clear();
    const replies = h.emulator.calls('response_url');
    const busy = replies.filter(isBusyNote);
    expect(busy).toHaveLength(1);
    expect(String(busy[0]!.args.text)).toMatch(/within about \d+ s/);
    // The note came first, the result after it, on the same response_url.
    expect(replies.indexOf(busy[0]!)).toBeLessThan(replies.indexOf(result));
    expect(JSON.stringify(result.args)).not.toMatch(/went wrong/i);
  });

  it('a command the service answers at once gets no busy note', async () => {
    // The clock stands still while the service answers: the answer comes before the note is due.
    const clock = appClock();
    h = await startHarness({ link: ['ana'], clock });
    const work = watchAppWork(h.app);
    await h.signer.command('/task mine');
    await h.emulator.waitForCall('response_url', isResult, 5_000);
    // Once the handler has returned its timer is cleared: moving past the note's time brings none.
    await work.settled();
    await clock.advance(WAIT_BUDGETS.interactive.firstWordMs * 2);
    expect(h.emulator.calls('response_url').filter(isBusyNote)).toHaveLength(0);
  });

  it('the same command repeated while the first still waits is answered once', async () => {
    const clock = appClock();
    h = await startHarness({ link: ['ana'], clock });
    const work = watchAppWork(h.app);
    h.sandbox.faults.set({ latencyMs: 2_500 });
    const acks = [h.signer.command('/task mine')];
    // The repeat comes once the first has run long enough to be held for every instance.
    await clock.advance(500);
    acks.push(h.signer.command('/task  mine'));
    const still = await movedTo(clock, 'response_url', (c) =>
      String(c.args.text ?? '').includes('Still working on your earlier `/task'),
    );
    expect(String(still.args.text)).toContain('/task');
    await movedTo(clock, 'response_url', isResult);
    h.sandbox.faults.clear();
    await movingUntilDone(clock, 'the commands done', Promise.all([...acks, work.settled()]));
    const first = h.emulator.calls('response_url').filter(isResult);
    // Nothing was answered on the repeat's own response_url: only the first command answers.
    expect(first.filter((c) => c.args.url_id === still.args.url_id)).toHaveLength(0);
    expect(new Set(first.map((c) => c.args.url_id)).size).toBe(1);
    // A service that does not filter by person gets the interim list first, then the full one.
    if (testSandboxProfile() === 'full') expect(first).toHaveLength(1);
    // Once the first has finished, the same command runs again.
    await h.signer.command('/task mine');
    await movedTo(clock, 'response_url', (c) => isResult(c) && c.args.url_id !== first[0]!.args.url_id);
  });

  it('under the service real 60-a-minute limit, a command that would wait too long is refused with the wait', async () => {
    h = await startHarness({
      link: ['ana'],
      sandbox: { rateLimits: { general: 60, search: 30, upload: 10 } },
    });
    // Someone else with the same token spends the minute's budget (not `h.api`, which under
    // spec-minimal reads through a twin with a token of its own).
    const sameToken = createWorkApiClient({ baseUrl: h.sandbox.url, token: h.sandbox.token, cache: false });
    // In the writes' lane, the one that may take every slot of the window (src/api/limiter-lanes.ts).
    for (let i = 0; i < 60; i++) await sameToken.tasks.list({ per_page: 1 }, { lane: 'write' });
    await h.signer.command('/task mine');
    const reply = await h.emulator.waitForCall('response_url', isResult, 10_000);
    expect(String(reply.args.text)).toMatch(/try again in about \d+ s/);
    expect(texts(h.emulator.calls('response_url')).join('\n')).not.toMatch(/went wrong/i);
  });

  it('a button the slow service cannot finish in time says so at once, then does its work', async () => {
    const clock = appClock();
    h = await startHarness({ link: ['ana'], clock });
    await h.signer.command('/task show 3');
    await h.emulator.waitForCall('response_url', (c) =>
      JSON.stringify(c.args.blocks ?? '').includes('task_done'),
    );
    const card = h.emulator.ephemeralMessages('U0ANA').at(-1) as unknown as {
      blocks: Array<{ elements?: Array<{ action_id?: string; value?: string }> }>;
    };
    const done = card.blocks.flatMap((b) => b.elements ?? []).find((e) => e.action_id === 'task_done');
    h.emulator.clearCalls();
    h.sandbox.faults.set({ latencyMs: 2_500 });
    const clicked = h.signer.blockAction({
      actionId: 'task_done',
      value: done!.value!,
      message: card as never,
    });
    const busy = await movedTo(clock, 'response_url', isBusyNote);
    expect(String(busy.args.text)).toMatch(/within about \d+ s/);
    expect(busy.args.replace_original).toBe(false);
    // Only the app's calls already on their way are slow now, so the test's own reads are not.
    h.sandbox.faults.clear();
    await moveTimeUntil(clock, 'the task done', async () =>
      (await h.api.tasks.get(3)).status.name === 'Done' ? true : undefined,
    );
    await clicked;
  });

  it('a retried `/task new` posts its card once, and concurrent deliveries never say something went wrong', async () => {
    const clock = appClock();
    h = await startHarness({ link: ['ana'], clock });
    const work = watchAppWork(h.app);
    const text = '/task new Posted-once task #Website';
    const cards = () =>
      h.emulator
        .calls('response_url')
        .filter(
          (c) => c.args.response_type === 'in_channel' && JSON.stringify(c.args).includes('Posted-once task'),
        );
    const first = h.emulator.issueTriggerId('U0ANA');
    await h.signer.command(text, { triggerId: first });
    await h.emulator.waitForCall('response_url', (c) => c.args.response_type === 'in_channel', 5_000);
    // Slack's retry of the same command, after the first was answered.
    await h.signer.command(text, { triggerId: first, retryNum: 1 });
    await work.settled();
    expect(cards()).toHaveLength(1);

    // Two deliveries of another command at the same moment, the service slow.
    const second = h.emulator.issueTriggerId('U0ANA');
    h.sandbox.faults.set({ latencyMs: 500 });
    const again = '/task new Posted-once twin #Website';
    let acked = false;
    void Promise.all([
      h.signer.command(again, { triggerId: second }),
      h.signer.command(again, { triggerId: second, retryNum: 1 }),
    ]).then(() => {
      acked = true;
    });
    await movedTo(clock, 'response_url', (c) => JSON.stringify(c.args).includes('Posted-once twin'));
    await moveTimeUntil(clock, 'both deliveries acknowledged', () => (acked ? true : undefined));
    h.sandbox.faults.clear();
    await work.settled();
    const twins = h.emulator
      .calls('response_url')
      .filter(
        (c) => c.args.response_type === 'in_channel' && JSON.stringify(c.args).includes('Posted-once twin'),
      );
    expect(twins).toHaveLength(1);
    expect(texts(h.emulator.calls('response_url')).join('\n')).not.toMatch(/went wrong/i);
    const made = await h.api.tasks.list({ q: 'Posted-once', per_page: 100 });
    expect(made.data.map((t) => t.title).sort()).toEqual(['Posted-once task', 'Posted-once twin']);
  });
});
