import { describe, expect, it } from 'vitest';
import { FaultController } from '../../../src/sandbox/http/fault-controller.ts';

function sequence(...draws: number[]) {
  return () => {
    const next = draws.shift();
    if (next === undefined) throw new Error('no more draws');
    return next;
  };
}

describe('FaultController', () => {
  it('does nothing by default', () => {
    const faults = new FaultController();
    expect(faults.drawAfterAuth()).toBe('none');
    expect(faults.latencyMs).toBe(0);
    expect(faults.outage).toBe(false);
  });

  it('draws a 500 or a 429 by their shares', () => {
    const faults = new FaultController(
      { errorRate: 0.3, rateLimitRate: 0.5 },
      sequence(0.1, 0.9, 0.2, 0.9, 0.9),
    );
    expect(faults.drawAfterAuth()).toBe('server_error');
    expect(faults.drawAfterAuth()).toBe('rate_limited');
    expect(faults.drawAfterAuth()).toBe('none');
  });

  it('validates what it is given and clears', () => {
    const faults = new FaultController();
    expect(() => faults.set({ errorRate: -0.1 })).toThrow();
    expect(() => faults.set({ latencyMs: 1.5 })).toThrow();
    faults.set({ outage: true, latencyMs: 10 });
    expect(faults.current).toEqual({ outage: true, latencyMs: 10 });
    faults.clear();
    expect(faults.current).toEqual({});
  });
});
