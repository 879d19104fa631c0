/** A burst's card shows the task as the service last stamped it, whatever order its events arrived in. */
import { describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../../src/api/schemas/records.ts';
import type { ProjectEvent } from '../../../src/notify/events/project-event.ts';
import { newestTask } from '../../../src/notify/newest-task.ts';

const task = (updated_at: string, title: string): TaskRecord =>
  ({
    id: 25,
    title,
    status: { id: 2, name: 'In progress', color: '#3b82f6' },
    assignees: [],
    due_date: null,
    priority: 'none',
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at,
    project_id: 1,
    sprint_id: null,
    description: null,
    creator: null,
  }) as TaskRecord;

const event = (id: string, t?: TaskRecord): ProjectEvent => ({
  id,
  teamId: 'T1',
  kind: t ? 'task.due_changed' : 'task.deleted',
  projectId: 1,
  ...(t ? { task: t } : { taskId: 25 }),
  occurredAt: '2026-11-26T10:00:00.000Z',
  source: 'webhook',
});

describe('newestTask', () => {
  it('takes the latest stamp when a later change arrived first', () => {
    const events = [
      event('a', task('2026-11-26T10:00:00.002Z', 'due set')),
      event('b', task('2026-11-26T10:00:00.003Z', 'assigned')),
      event('c', task('2026-11-26T10:00:00.001Z', 'moved')),
    ];
    expect(newestTask(events)?.title).toBe('assigned');
  });

  it('takes the last received where stamps tie, and skips events without a task', () => {
    const same = '2026-11-20T09:00:00.000Z';
    expect(
      newestTask([event('a', task(same, 'first')), event('b', task(same, 'second')), event('c')])?.title,
    ).toBe('second');
    expect(newestTask([event('c')])).toBeUndefined();
  });

  it('reads a bare date as its day', () => {
    expect(
      newestTask([
        event('a', task('2026-11-27', 'later day')),
        event('b', task('2026-11-26T23:00:00.000Z', 'x')),
      ])?.title,
    ).toBe('later day');
  });
});
