import { describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../../src/api/schemas/records.ts';
import { diffTask } from '../../../src/notify/events/task-diff.ts';
import { readDelivery } from '../../../src/notify/events/webhook-body.ts';
import { checkWebhookSecret } from '../../../src/notify/store/service-events.ts';

const task = (over: Partial<TaskRecord> = {}): TaskRecord => ({
  id: 5,
  title: 'Fix login',
  status: { id: 1, name: 'To do', color: '#999999' },
  assignees: [],
  due_date: null,
  priority: 'none',
  created_at: '2026-11-20T10:00:00.000Z',
  project_id: 3,
  sprint_id: null,
  description: null,
  creator: null,
  updated_at: '2026-11-20T10:00:00.000Z',
  ...over,
});
const ctx = (previous?: TaskRecord) => ({
  webhookId: 'msg_1',
  teamId: 'T1',
  receivedAt: new Date('2026-11-26T12:00:00Z'),
  previous: () => previous,
});

describe('webhook bodies as project events', () => {
  it('splits an update telling several changes into one event each, ids from the delivery', () => {
    const after = task({
      status: { id: 9, name: 'Done', color: '#00ff00' },
      assignees: [{ id: 2, name: 'Ben' }],
    });
    const read = readDelivery(
      {
        event: 'task.updated',
        data: after,
        changes: {
          status: { before: { id: 1, name: 'To do' }, after: { id: 9, name: 'Done' } },
          assignees: { before: [], after: [{ id: 2, name: 'Ben' }] },
          title: { before: 'a', after: 'b' },
        },
        occurred_at: '2026-11-26T11:59:00Z',
      },
      ctx(),
    );
    expect(read.events.map((e) => [e.kind, e.id])).toEqual([
      ['task.done', 'msg_1:task.done'],
      ['task.assigned', 'msg_1:task.assigned'],
      ['task.edited', 'msg_1:task.edited'],
    ]);
    expect(read.events[2]!.changes).toEqual({ title: { before: 'a', after: 'b' } });
    expect(read.events[0]).toMatchObject({ projectId: 3, taskId: 5, occurredAt: '2026-11-26T11:59:00.000Z' });
    expect(read.viewChange).toEqual({ kind: 'upsert', task: expect.objectContaining({ id: 5 }) });
  });

  it('without `changes`, compares with the view; without either, tells nothing but still updates the view', () => {
    const before = task();
    const after = task({ due_date: '2026-12-01' });
    const told = readDelivery({ event: 'task.updated', data: after }, ctx(before));
    expect(told.events.map((e) => [e.kind, e.id])).toEqual([['task.due_changed', 'msg_1']]);
    const blind = readDelivery({ event: 'task.updated', data: after }, ctx());
    expect(blind.events).toEqual([]);
    expect(blind.viewChange?.kind).toBe('upsert');
  });

  it('takes a minimal task’s project from the view’s last state', () => {
    const {
      project_id: _p,
      sprint_id: _s,
      description: _d,
      creator: _c,
      updated_at: _u,
      ...minimal
    } = task();
    const read = readDelivery({ event: 'task.created', data: minimal }, ctx(task()));
    expect(read.events[0]).toMatchObject({ kind: 'task.created', projectId: 3, task: { project_id: 3 } });
  });

  it('reads sprints, automations and deletions; skips what it does not know', () => {
    expect(
      readDelivery({ event: 'sprint.started', data: { id: 4, name: 'S4', project_id: 3 } }, ctx()).events[0],
    ).toMatchObject({
      kind: 'sprint.started',
      projectId: 3,
      sprint: { id: 4, name: 'S4' },
    });
    expect(
      readDelivery({ event: 'automation.failed', data: { id: 8, name: 'Notify', error: 'boom' } }, ctx())
        .events[0],
    ).toMatchObject({ kind: 'automation.failed', automation: { id: 8, name: 'Notify', error: 'boom' } });
    const gone = readDelivery({ event: 'task.deleted', data: { id: 5 } }, ctx(task()));
    expect(gone.events[0]).toMatchObject({ kind: 'task.deleted', taskId: 5, projectId: 3 });
    expect(gone.viewChange).toEqual({ kind: 'delete', taskId: 5 });
    expect(readDelivery({ event: 'project.renamed', data: {} }, ctx()).skipped).toMatch(/unknown event/);
    expect(readDelivery('nonsense', ctx()).events).toEqual([]);
    expect(readDelivery({ event: 'task.created', data: { id: 'x' } }, ctx()).events).toEqual([]);
  });

  it('diffs tasks: status (done or not), assignees, due date', () => {
    const before = task();
    expect(diffTask(undefined, before).map((d) => d.kind)).toEqual(['task.created']);
    expect(diffTask(before, undefined).map((d) => d.kind)).toEqual(['task.deleted']);
    expect(diffTask(before, task({ status: { id: 2, name: 'Doing', color: '#0000ff' } }))[0]).toMatchObject({
      kind: 'task.status_changed',
      value: 'status-2',
    });
    expect(
      diffTask(
        before,
        task({
          assignees: [
            { id: 3, name: 'C' },
            { id: 1, name: 'A' },
          ],
        }),
      )[0]?.value,
    ).toBe('assignees-1,3');
    // The card shows the title and the priority: a change of either is told too.
    expect(diffTask(before, task({ title: 'Renamed' }))).toMatchObject([
      { kind: 'task.edited', changes: { title: { before: before.title, after: 'Renamed' } } },
    ]);
    expect(diffTask(before, task({ priority: 'urgent' })).map((d) => d.kind)).toEqual(['task.edited']);
    expect(diffTask(before, task({ description: 'not on the card' } as never))).toEqual([]);
  });

  it('accepts Standard Webhooks secrets and refuses what is not one', () => {
    const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    expect(checkWebhookSecret(` ${secret} `)).toBe(secret);
    expect(() => checkWebhookSecret('whsec_short')).toThrow(/whsec_/);
    expect(() => checkWebhookSecret('not base64 at all!')).toThrow();
  });
});
