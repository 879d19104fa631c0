import { describe, expect, it } from 'vitest';
import { goalProgress, targetProgress } from '../../../src/sandbox/domain/key-result-progress.ts';

const number = (start_value: number, current_value: number, target_value: number) => ({
  type: 'number' as const,
  start_value,
  current_value,
  target_value,
});

describe('targetProgress', () => {
  it('is the share of the way from start to target, in percent, two decimals', () => {
    expect(targetProgress(number(0, 5, 10))).toBe(50);
    expect(targetProgress(number(1000, 1400, 2000))).toBe(40);
    expect(targetProgress(number(0, 1, 3))).toBe(33.33);
  });

  it('works for targets below the start', () => {
    expect(targetProgress(number(40, 25, 0))).toBe(37.5);
    expect(targetProgress(number(40, 50, 0))).toBe(0);
  });

  it('clamps to 0..100', () => {
    expect(targetProgress(number(0, 15, 10))).toBe(100);
    expect(targetProgress(number(10, 5, 20))).toBe(0);
  });

  it('is 0 or 100 for booleans and for a start equal to the target', () => {
    expect(targetProgress({ type: 'boolean', start_value: 0, current_value: 0, target_value: 1 })).toBe(0);
    expect(targetProgress({ type: 'boolean', start_value: 0, current_value: 1, target_value: 1 })).toBe(100);
    expect(targetProgress(number(5, 5, 5))).toBe(100);
    expect(targetProgress(number(5, 4, 5))).toBe(0);
  });
});

describe('goalProgress', () => {
  it('is the mean of the key results, 0 without any', () => {
    expect(goalProgress([])).toBe(0);
    expect(goalProgress([40, 30, 0])).toBe(23.33);
    expect(goalProgress([100])).toBe(100);
  });
});
