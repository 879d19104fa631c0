/**
 * Goals (OKR objectives) and targets (key results). Besides the contract's names the client reads
 * ClickUp's (`name`, `steps_start`/`steps_end`/`steps_current`, `key_results`) and Asana's
 * (`initial_number_value`/`target_number_value`/`current_number_value`, `resource_subtype`), and
 * works out `progress` when a service leaves it out, by the contract's rule: the share of the way
 * from start to target, clamped to 0..100 (a boolean is 0 or 100); a goal's is its targets' mean.
 */
import { z } from 'zod';
import {
  GOAL_STATUSES,
  GoalSchema,
  IdSchema,
  MemberRefSchema,
  TARGET_TYPES,
  TargetSchema,
} from '../../contract/index.ts';
import { LenientDateSchema, openEnum } from './lenient.ts';
import { displayNameOf, fallbackName } from './names.ts';

type Raw = Record<string, unknown>;

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

function firstNumber(...values: unknown[]): number | undefined {
  for (const v of values) {
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  }
  return undefined;
}

export function targetProgress(type: string, start: number, current: number, target: number): number {
  if (type === 'boolean') return current >= target && current !== 0 ? 100 : 0;
  if (target === start) return current >= target ? 100 : 0;
  const share = ((current - start) / (target - start)) * 100;
  return Math.min(100, Math.max(0, share));
}

/** Maps other services' key-result names onto the contract's; leaves what it does not know alone. */
function normaliseTarget(raw: unknown, goalId?: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const type = raw.type ?? raw.resource_subtype ?? 'number';
  const start = firstNumber(raw.start_value, raw.steps_start, raw.initial_number_value) ?? 0;
  const target = firstNumber(raw.target_value, raw.steps_end, raw.target_number_value);
  const current = firstNumber(raw.current_value, raw.steps_current, raw.current_number_value) ?? start;
  const progress =
    firstNumber(raw.progress) ??
    (target === undefined || typeof type !== 'string'
      ? undefined
      : targetProgress(type, start, current, target));
  return {
    ...raw,
    goal_id: raw.goal_id ?? goalId,
    title: displayNameOf(raw) ?? fallbackName('Key result', raw),
    type,
    start_value: start,
    current_value: current,
    target_value: target,
    unit: raw.unit ?? null,
    progress,
  };
}

/** A goal's status when the service does not show one. */
export const GOAL_STATUS_UNKNOWN = 'unknown';

const targetShape = TargetSchema.extend({
  goal_id: IdSchema.nullable().catch(null),
  type: openEnum(TARGET_TYPES),
  unit: z.string().nullable().catch(null),
  progress: z.number().min(0).max(100).catch(0),
}).loose();

/** A target; `goalId` fills `goal_id` when the service leaves it out (it is implied by the path). */
export function targetRecordSchema(goalId?: number, known?: Raw) {
  // `known`: what the caller sent (a new key result), standing in for what the answer leaves out.
  return z.preprocess(
    (raw) => normaliseTarget(isRecord(raw) && known ? { ...known, ...raw } : raw, goalId),
    targetShape,
  );
}
export const TargetRecordSchema = targetRecordSchema();
export type TargetRecord = z.output<typeof targetShape>;

function normaliseGoal(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const rawTargets = raw.targets ?? raw.key_results ?? [];
  const targets = Array.isArray(rawTargets) ? rawTargets.map((t) => normaliseTarget(t, raw.id)) : rawTargets;
  const progresses = Array.isArray(targets)
    ? targets.map((t) => (isRecord(t) ? firstNumber(t.progress) : undefined))
    : [];
  const known = progresses.filter((p): p is number => p !== undefined);
  const mean = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 0;
  return {
    ...raw,
    title: displayNameOf(raw) ?? fallbackName('Goal', raw),
    targets,
    progress: firstNumber(raw.progress) ?? mean,
    // Whether the service showed key results or a progress at all (the spec shows no goal fields).
    progress_shown: Array.isArray(raw.targets ?? raw.key_results) || firstNumber(raw.progress) !== undefined,
  };
}

// Only `id` is promised (spec Part 2, "Other resources"): the rest is read when present.
const goalShape = GoalSchema.extend({
  workspace_id: IdSchema.nullable().catch(null),
  project_id: IdSchema.nullable().catch(null),
  description: z.string().nullable().catch(null),
  owner: MemberRefSchema.loose().nullable().catch(null),
  start_date: LenientDateSchema.nullable().catch(null),
  due_date: LenientDateSchema.nullable().catch(null),
  /** `unknown` when the service does not show it: never a made-up "on track". */
  status: openEnum(GOAL_STATUSES).catch(GOAL_STATUS_UNKNOWN),
  progress_shown: z.boolean().catch(true),
  progress: z.number().min(0).max(100).catch(0),
  targets: z.array(targetShape).catch([]),
}).loose();

export const GoalRecordSchema = z.preprocess(normaliseGoal, goalShape);
export type GoalRecord = z.output<typeof goalShape>;
