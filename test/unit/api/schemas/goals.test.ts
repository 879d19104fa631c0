import { describe, expect, it } from 'vitest';
import {
  GoalRecordSchema,
  TargetRecordSchema,
  targetRecordSchema,
} from '../../../../src/api/schemas/goals.ts';

const goal = {
  id: 4,
  workspace_id: 1,
  project_id: null,
  title: 'Grow',
  description: null,
  owner: null,
  start_date: null,
  due_date: null,
  status: 'on_track',
};

describe('targets (key results)', () => {
  it('reads the contract form unchanged', () => {
    const target = {
      id: 1,
      goal_id: 4,
      title: 'Sign-ups',
      type: 'number',
      start_value: 0,
      current_value: 50,
      target_value: 200,
      unit: null,
      progress: 25,
    };
    expect(TargetRecordSchema.parse(target)).toEqual(target);
  });

  it("reads ClickUp's names and works out the progress", () => {
    const parsed = targetRecordSchema(4).parse({
      id: 9,
      name: 'Close deals',
      type: 'number',
      steps_start: 10,
      steps_end: 30,
      steps_current: '15',
    });
    expect(parsed).toMatchObject({
      goal_id: 4,
      title: 'Close deals',
      start_value: 10,
      target_value: 30,
      current_value: 15,
      progress: 25,
      unit: null,
    });
  });

  it("reads Asana's names", () => {
    const parsed = targetRecordSchema(4).parse({
      id: 3,
      goal_id: 4,
      title: 'Revenue',
      resource_subtype: 'currency',
      initial_number_value: 0,
      target_number_value: 1000,
      current_number_value: 1500,
      unit: 'EUR',
    });
    expect(parsed).toMatchObject({
      type: 'currency',
      start_value: 0,
      target_value: 1000,
      current_value: 1500,
      progress: 100,
    });
  });

  it('reports a target with no target value as unreadable', () => {
    expect(TargetRecordSchema.safeParse({ id: 1, goal_id: 1, title: 'x' }).success).toBe(false);
  });
});

describe('goals', () => {
  it("reads key_results, fills their goal id, and averages the targets' progress when none is given", () => {
    const parsed = GoalRecordSchema.parse({
      ...goal,
      key_results: [
        { id: 1, name: 'A', type: 'boolean', steps_start: 0, steps_end: 1, steps_current: 1 },
        { id: 2, name: 'B', type: 'percentage', steps_start: 0, steps_end: 100, steps_current: 20 },
      ],
    });
    expect(parsed.targets.map((t) => [t.goal_id, t.progress])).toEqual([
      [4, 100],
      [4, 20],
    ]);
    expect(parsed.progress).toBe(60);
  });

  it("keeps the service's own progress when it gives one", () => {
    expect(GoalRecordSchema.parse({ ...goal, progress: 12.5, targets: [] }).progress).toBe(12.5);
  });
});
