import { describe, expect, it } from 'vitest';
import { LenientDateSchema, LenientDateTimeSchema } from '../../../../src/api/schemas/lenient.ts';
import {
  AutomationRecordSchema,
  ProjectMemberRecordSchema,
  ProjectRecordSchema,
  SprintRecordSchema,
  sprintRecordSchema,
  TaskRecordSchema,
  taskRecordSchema,
  WorkspaceRecordSchema,
} from '../../../../src/api/schemas/records.ts';
import { sandboxTask, specTask } from './task-record-fixture.ts';

const task = sandboxTask;

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

  it('reads a record with every field in place as one that needs filling in would be read', () => {
    // The full form is read without a copy; each field below sends it the other way.
    expect(TaskRecordSchema.parse({ ...task, sprint_id: null, sprint: { id: 4 } }).sprint_id).toBe(4);
    expect(TaskRecordSchema.parse({ ...task, sprint_id: 3 }).sprint_id).toBe(3);
    expect(TaskRecordSchema.parse({ ...task, updated_at: 'later' }).updated_at).toBe(task.created_at);
    expect(TaskRecordSchema.parse({ ...task, updated_at: '2026-11-02T10:00:00+01:00' }).updated_at).toBe(
      '2026-11-02T09:00:00.000Z',
    );
    const { due_date: _, ...undated } = task;
    expect(TaskRecordSchema.parse(undated).due_date).toBeNull();
    expect(TaskRecordSchema.parse({ ...task, project_id: undefined, project: { id: 9 } }).project_id).toBe(9);
  });

  it('normalises date-times with offsets', () => {
    expect(TaskRecordSchema.parse({ ...task, due_date: '2026-11-21T12:30:00+03:00' }).due_date).toBe(
      '2026-11-21T09:30:00.000Z',
    );
  });
});

describe('records with only what the spec shows', () => {
  it('reads a task of exactly the seven spec fields, with defaults for the rest', () => {
    expect(TaskRecordSchema.parse(specTask)).toEqual({
      ...specTask,
      project_id: null,
      sprint_id: null,
      sprint_shown: false,
      description: null,
      creator: null,
      updated_at: specTask.created_at,
    });
  });

  it('takes the project from the list or request the task came from', () => {
    expect(taskRecordSchema({ projectId: 4 }).parse(specTask).project_id).toBe(4);
    expect(taskRecordSchema({ projectId: 4 }).parse({ ...specTask, project: { id: 9 } }).project_id).toBe(9);
  });

  it('never fails a task over a malformed field the spec does not promise', () => {
    const parsed = TaskRecordSchema.parse({
      ...specTask,
      description: 5,
      creator: 'ana',
      updated_at: 'soon',
    });
    expect(parsed).toMatchObject({ description: null, creator: null, updated_at: specTask.created_at });
  });

  it('still names a missing spec field', () => {
    const { title: _title, ...untitled } = specTask;
    const result = TaskRecordSchema.safeParse(untitled);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['title']);
  });

  it('finds a name under the usual fields, or names the record by kind and id', () => {
    expect(ProjectRecordSchema.parse({ id: 1, title: 'Website' })).toMatchObject({
      id: 1,
      name: 'Website',
      status: 'active',
      workspace_id: null,
      created_at: null,
    });
    expect(WorkspaceRecordSchema.parse({ id: 3, display_name: 'Acme' }).name).toBe('Acme');
    expect(ProjectMemberRecordSchema.parse({ id: 2, full_name: 'Ben Ito' })).toMatchObject({
      name: 'Ben Ito',
      email: '',
      role: 'unknown',
    });
    expect(ProjectRecordSchema.parse({ id: 5 }).name).toBe('Project 5');
    expect(
      ProjectRecordSchema.parse({ id: 6, name: 'Old', archived_at: '2026-01-01T00:00:00Z' }).status,
    ).toBe('archived');
  });

  it('reads a sprint or an automation with only an id and a name', () => {
    expect(sprintRecordSchema(3).parse({ id: 1, name: 'S1' })).toMatchObject({
      project_id: 3,
      status: 'planned',
      tasks_count: null,
    });
    expect(SprintRecordSchema.safeParse({ id: 1, name: 'S1' }).success).toBe(false);
    expect(AutomationRecordSchema.parse({ id: 1, name: 'Rule', enabled: true })).toMatchObject({
      is_active: true,
      project_id: null,
      trigger: null,
      conditions: [],
    });
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
