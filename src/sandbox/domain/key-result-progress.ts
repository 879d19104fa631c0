import type { TargetType } from '../../contract/index.ts';

export interface TargetValues {
  type: TargetType;
  start_value: number;
  current_value: number;
  target_value: number;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * A key result's progress in percent (api-assumptions.md): the share of the way from start to
 * target, clamped to 0..100, so it also works for targets below their start ("cut bugs from 50 to
 * 10"). A boolean result is 0 or 100; so is a result whose start already equals its target.
 */
export function targetProgress(t: TargetValues): number {
  const reached =
    t.target_value >= t.start_value ? t.current_value >= t.target_value : t.current_value <= t.target_value;
  if (t.type === 'boolean' || t.target_value === t.start_value) return reached ? 100 : 0;
  const share = (t.current_value - t.start_value) / (t.target_value - t.start_value);
  return round2(Math.min(1, Math.max(0, share)) * 100);
}

/** A goal's progress: the mean of its key results' (0 with none). */
export function goalProgress(targetProgresses: readonly number[]): number {
  if (targetProgresses.length === 0) return 0;
  return round2(targetProgresses.reduce((sum, p) => sum + p, 0) / targetProgresses.length);
}
