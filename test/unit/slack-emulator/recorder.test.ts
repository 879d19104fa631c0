/** The emulator keeps the latest calls only: a long local run must not grow its memory without end. */
import { describe, expect, it } from 'vitest';
import { CallRecorder, MAX_RECORDED_CALLS } from '../../../src/slack-emulator/recorder.ts';

const call = (n: number) => ({
  method: n % 2 ? 'chat.postMessage' : 'views.open',
  args: { n },
  status: 200,
  response: {},
  at: n,
});

describe('CallRecorder', () => {
  it('keeps the latest calls, oldest first, once past its bound', () => {
    const recorder = new CallRecorder(3);
    for (let n = 1; n <= 5; n++) recorder.record(call(n));
    expect(recorder.list().map((c) => c.args.n)).toEqual([3, 4, 5]);
    expect(recorder.list('chat.postMessage').map((c) => c.args.n)).toEqual([3, 5]);
  });

  it('keeps 10,000 by default and still tells listeners of every call', () => {
    const recorder = new CallRecorder();
    let heard = 0;
    recorder.onCall(() => heard++);
    for (let n = 1; n <= MAX_RECORDED_CALLS + 5; n++) recorder.record(call(n));
    const kept = recorder.list();
    expect(MAX_RECORDED_CALLS).toBe(10_000);
    expect(kept).toHaveLength(10_000);
    expect(kept[0]?.args.n).toBe(6);
    expect(heard).toBe(MAX_RECORDED_CALLS + 5);
  });

  it('refuses a bound that keeps nothing', () => {
    expect(() => new CallRecorder(0)).toThrow(RangeError);
  });
});
