import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/manual-clock.ts';
import { PostQueue } from '../../../src/lib/post-queue.ts';

const T0 = '2026-03-04T14:00:00.000Z';

function rateLimited(retryAfter: number) {
  return Object.assign(new Error('rate limited'), { code: 'slack_webapi_rate_limited_error', retryAfter });
}

/** Resolves once pending callbacks and timers of the real event loop have run. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('PostQueue', () => {
  it('spaces calls to one channel by spacingMs while other channels go at once', async () => {
    const clock = new ManualClock(T0);
    clock.setAuto(true);
    const queue = new PostQueue({ clock, spacingMs: 1000, teamCallsPerSecond: 1000 });
    const starts: { channel: string; at: number }[] = [];
    const signal = new AbortController().signal;
    const post = (channel: string) =>
      queue.send('T1', channel, signal, async () => {
        starts.push({ channel, at: clock.now().getTime() - Date.parse(T0) });
        return channel;
      });
    await Promise.all([post('C1'), post('C1'), post('C1'), post('C2'), post('C3')]);
    const c1 = starts.filter((s) => s.channel === 'C1').map((s) => s.at);
    expect(c1).toEqual([0, 1000, 2000]);
    // Other channels wait only for the workspace's slots, 1 ms apart at 1,000 a second.
    expect(starts.filter((s) => s.channel !== 'C1').map((s) => s.at)).toEqual([1, 2]);
  });

  it('edits wait in the workspace edit lane beside new messages, so 50 cards keep up with 50 replies', async () => {
    const clock = new ManualClock(T0);
    clock.setAuto(true);
    const queue = new PostQueue({ clock });
    const signal = new AbortController().signal;
    const at = () => clock.now().getTime() - Date.parse(T0);
    const replies: number[] = [];
    const edits: number[] = [];
    // Each task's reply, then its card's edit queued right after it, as a burst sends them.
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        await queue.send('T1', 'C1', signal, async () => replies.push(at()));
        await queue.send('T1', 'C1', signal, async () => edits.push(at()), 'edit');
      }),
    );
    // The replies keep their pace of one a second; each card is current within a workspace slot
    // (200 ms at 5 calls a second) of its reply, where one shared lane put the last 50 s behind.
    expect(replies.at(-1)).toBe(49_000);
    for (const [i, edited] of edits.entries()) expect(edited - replies[i]!).toBeLessThanOrEqual(200);
    // A 51st edit within the minute waits for the minute: Slack's edit limit, not the channel's.
    const late: number[] = [];
    await queue.send('T1', 'C2', signal, async () => late.push(at()), 'edit');
    expect(late[0]).toBe(edits[0]! + 60_000);
  });

  it('starts at most teamCallsPerSecond calls per second in one workspace', async () => {
    const clock = new ManualClock(T0);
    clock.setAuto(true);
    const queue = new PostQueue({ clock, spacingMs: 1000, teamCallsPerSecond: 2 });
    const starts: number[] = [];
    const signal = new AbortController().signal;
    await Promise.all(
      ['C1', 'C2', 'C3', 'C4', 'C5'].map((channel) =>
        queue.send('T1', channel, signal, async () => {
          starts.push(clock.now().getTime() - Date.parse(T0));
        }),
      ),
    );
    expect(starts).toEqual([0, 500, 1000, 1500, 2000]);
  });

  it('frees a workspace slot one second after the answer of the call that many calls before', async () => {
    const clock = new ManualClock(T0);
    clock.setAuto(true);
    const queue = new PostQueue({ clock, spacingMs: 1000, teamCallsPerSecond: 5 });
    const calls: { start: number; end: number }[] = [];
    const signal = new AbortController().signal;
    const at = () => clock.now().getTime() - Date.parse(T0);
    await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        queue.send('T1', `C${i}`, signal, async () => {
          const start = at();
          // Each call is 150 ms on its way and back: Slack received it at some instant in between.
          await clock.sleep(150);
          calls.push({ start, end: at() });
        }),
      ),
    );
    const starts = calls.map((c) => c.start).sort((a, b) => a - b);
    expect(starts).toEqual([0, 200, 400, 600, 800, 1150, 1350, 1550, 1750, 1950, 2300]);
    // Whatever the instant each was received, no second holds six: the sixth started a second after
    // the first was answered.
    const sorted = [...calls].sort((a, b) => a.start - b.start);
    for (let i = 5; i < sorted.length; i++)
      expect(sorted[i]!.start - sorted[i - 5]!.end).toBeGreaterThanOrEqual(1000);
  });

  it('spaces starts from when the previous call really started, so a late wake-up is no burst', async () => {
    const clock = new ManualClock(T0);
    const queue = new PostQueue({ clock, spacingMs: 1000, teamCallsPerSecond: 2 });
    const signal = new AbortController().signal;
    const starts: number[] = [];
    const all = ['C1', 'C2', 'C3', 'C4'].map((channel) =>
      queue.send('T1', channel, signal, async () => {
        starts.push(clock.now().getTime() - Date.parse(T0));
      }),
    );
    await turn();
    // The event loop was busy for five seconds: every wait is long overdue at once.
    clock.stall(5000);
    await turn();
    expect(starts).toEqual([0, 5000]);
    await clock.advance(500);
    await turn();
    await clock.advance(500);
    await Promise.all(all);
    expect(starts).toEqual([0, 5000, 5500, 6000]);
  });

  it("waits Retry-After on a 429 and sends the same call again, holding the workspace's other lanes", async () => {
    const clock = new ManualClock(T0);
    const queue = new PostQueue({ clock, spacingMs: 1000, teamCallsPerSecond: 1000 });
    const signal = new AbortController().signal;
    const attempts: { channel: string; at: number }[] = [];
    let refused = false;
    const first = queue.send('T1', 'C1', signal, async () => {
      attempts.push({ channel: 'C1', at: clock.now().getTime() });
      if (!refused) {
        refused = true;
        throw rateLimited(3);
      }
      return 'ok';
    });
    await turn();
    const other = queue.send('T1', 'C2', signal, async () => {
      attempts.push({ channel: 'C2', at: clock.now().getTime() });
    });
    await turn();
    expect(attempts.map((a) => a.channel)).toEqual(['C1']);
    await clock.advance(2999);
    await turn();
    expect(attempts).toHaveLength(1);
    await clock.advance(1);
    await turn();
    await clock.advance(1);
    await expect(first).resolves.toBe('ok');
    await other;
    expect(attempts.map((a) => [a.channel, a.at - Date.parse(T0)])).toEqual([
      ['C1', 0],
      ['C1', 3000],
      ['C2', 3001],
    ]);
  });

  it('hands back a failure that is not a 429 at once, and the lane goes on', async () => {
    const clock = new ManualClock(T0);
    clock.setAuto(true);
    const queue = new PostQueue({ clock, spacingMs: 1000 });
    const signal = new AbortController().signal;
    const refused = Object.assign(new Error('no'), {
      code: 'slack_webapi_platform_error',
      data: { error: 'not_in_channel' },
    });
    const failing = queue.send('T1', 'C1', signal, async () => {
      throw refused;
    });
    const next = queue.send('T1', 'C1', signal, async () => 'second');
    await expect(failing).rejects.toBe(refused);
    await expect(next).resolves.toBe('second');
  });

  it('gives up after maxRateLimitRetries 429s', async () => {
    const clock = new ManualClock(T0);
    clock.setAuto(true);
    const queue = new PostQueue({ clock, maxRateLimitRetries: 2 });
    let calls = 0;
    const sent = queue.send('T1', 'C1', new AbortController().signal, async () => {
      calls++;
      throw rateLimited(1);
    });
    await expect(sent).rejects.toMatchObject({ code: 'slack_webapi_rate_limited_error' });
    expect(calls).toBe(3);
  });

  it('stops waiting when aborted: a queued call never runs', async () => {
    const clock = new ManualClock(T0);
    const queue = new PostQueue({ clock, spacingMs: 1000 });
    const controller = new AbortController();
    let ran = 0;
    await queue.send('T1', 'C1', controller.signal, async () => {
      ran++;
    });
    const queued = queue.send('T1', 'C1', controller.signal, async () => {
      ran++;
    });
    controller.abort(new Error('stopped'));
    await expect(queued).rejects.toThrow('stopped');
    expect(ran).toBe(1);
  });
});
