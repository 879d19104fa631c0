/** The Socket Mode reconnect delay: at once after a lost connection, then backing off to the ping timeout. */
import { describe, expect, it } from 'vitest';
import { reconnectAtOnce, reconnectDelayMs } from '../../../../src/slack/receiver/socket-reconnect.ts';

describe('reconnectDelayMs', () => {
  it('tries at once, then 0.5 s, 1 s, 2 s … up to the ping timeout', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => reconnectDelayMs(n, 15_000))).toEqual([
      0, 500, 1_000, 2_000, 4_000, 8_000, 15_000,
    ]);
    expect(reconnectDelayMs(40, 15_000)).toBe(15_000);
  });

  it('refuses a client whose reconnect delay is not where it was (a changed @slack/socket-mode)', () => {
    expect(() => reconnectAtOnce({}, 15_000)).toThrow(/socket-mode changed/);
  });
});
