import { describe, expect, it } from 'vitest';
import { LenientDateSchema, LenientDateTimeSchema } from '../../../../src/api/schemas/lenient.ts';
import { SprintRecordSchema, TaskRecordSchema } from '../../../../src/api/schemas/records.ts';

const task = {
  id: 7,
  title: 'Fix login',
  status: { id: 2, name: 'In progress', color: '#3B82F6' },
  assignees: [{ id: 2, name: 'Ben' }],
  due_date: '2026-11-21T09:30:00.000Z',
  priority: 'high',
  created_at: '2026-11-01T08:00:00.000Z',
  project_id: 1,
  sprint_id: null,
  description: null,
  creator: { id: 1, name: 'Ana' },
  updated_at: '2026-11-01T08:00:00.000Z',
};

describe('lenient dates', () => {
  it('turns any offset into the UTC form and keeps a bare date', () => {
    expect(LenientDateTimeSchema.parse('2026-11-21T10:30:00+01:00')).toBe('2026-11-21T09:30:00.000Z');
    expect(LenientDateTimeSchema.parse('2026-11-21T09:30:00Z')).toBe('2026-11-21T09:30:00.000Z');
    expect(LenientDateTimeSchema.parse('2026-11-21')).toBe('2026-11-21');
    expect(LenientDateTimeSchema.safeParse('21/11/2026').success).toBe(false);
    expect(LenientDateTimeSchema.safeParse('2026-11-21T09:30:00').success).toBe(false);
  });

  it('reduces a date-time to its own calendar day for date fields', () => {
    expect(LenientDateSchema.parse('2026-11-21T23:30:00-05:00')).toBe('2026-11-21');
  });
});

describe('task records', () => {
  it('reads the sandbox form unchanged', () => {
    expect(TaskRecordSchema.parse(task)).toEqual(task);
  });

  it('keeps unknown fields, anywhere', () => {
    const parsed = TaskRecordSchema.parse({
      ...task,
      custom_fields: [{ id: 'x' }],
      status: { ...task.status, type: 'open' },
      assignees: [{ id: 2, name: 'Ben', avatar: 'b.png' }],
    });
    expect(parsed.custom_fields).toEqual([{ id: 'x' }]);
    expect(parsed.status.type).toBe('open');
    expect(parsed.assignees[0]!.avatar).toBe('b.png');
  });

  it('accepts a priority the contract does not list: the spec does not list them', () => {
    expect(TaskRecordSchema.parse({ ...task, priority: 'critical' }).priority).toBe('critical');
  });

  it('stays strict on what the spec shows', () => {
    expect(TaskRecordSchema.safeParse({ ...task, id: '7' }).success).toBe(false);
    expect(TaskRecordSchema.safeParse({ ...task, status: { ...task.status, color: 'blue' } }).success).toBe(
      false,
    );
    expect(TaskRecordSchema.safeParse({ ...task, assignees: [{ id: 2 }] }).success).toBe(false);
  });

  it('normalises date-times with offsets', () => {
    expect(TaskRecordSchema.parse({ ...task, due_date: '2026-11-21T12:30:00+03:00' }).due_date).toBe(
      '2026-11-21T09:30:00.000Z',
    );
  });
});

describe('sprint records', () => {
  it('reads a new status value rather than failing the whole list', () => {
    const sprint = {
      id: 1,
      project_id: 1,
      name: 'S1',
      goal: null,
      status: 'cancelled',
      start_date: '2026-11-20T00:00:00Z',
      end_date: null,
      started_at: null,
      completed_at: null,
      tasks_count: 0,
    };
    expect(SprintRecordSchema.parse(sprint)).toMatchObject({ status: 'cancelled', start_date: '2026-11-20' });
  });
});
