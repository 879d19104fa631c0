import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, MEMBERS, startApi } from './helpers/api.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

describe('GET /automations', () => {
  it('lists the automations of visible projects', async () => {
    const res = await api.get('/automations');
    expect(res.body.data).toEqual([
      {
        id: 1,
        project_id: 1,
        name: 'Announce new tasks',
        is_active: true,
        trigger: { type: 'task_created', config: {} },
        conditions: [],
        actions: [{ type: 'notify', config: { channel: '#website' } }],
        runs_count: 0,
        last_run_at: null,
      },
      {
        id: 2,
        project_id: 2,
        name: 'Escalate overdue high-priority tasks',
        is_active: false,
        trigger: { type: 'due_date_reached', config: {} },
        conditions: [{ field: 'priority', operator: 'in', value: ['urgent', 'high'] }],
        actions: [
          { type: 'set_priority', config: { priority: 'urgent' } },
          { type: 'notify', config: { channel: '#mobile' } },
        ],
        runs_count: 0,
        last_run_at: null,
      },
    ]);
    expect((await api.get('/automations?project_id=2')).body.data.map((a: { id: number }) => a.id)).toEqual([
      2,
    ]);
    expect(
      (await api.asMember(MEMBERS.dev).get('/automations')).body.data.map((a: { id: number }) => a.id),
    ).toEqual([1]);
  });
});

describe('POST /automations', () => {
  it('creates an active automation by default', async () => {
    const res = await api.post('/automations', {
      project_id: 1,
      name: 'Assign bugs',
      trigger: { type: 'status_changed', config: { to: 'In progress' } },
      conditions: [{ field: 'title', operator: 'contains', value: 'bug' }],
      actions: [{ type: 'assign', config: { member_id: 4 } }],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ is_active: true, runs_count: 0, last_run_at: null });
    // Its trigger fires when a task's status changes.
    await api.put('/tasks/6', { status_id: 2 });
    const after = (await api.get('/automations?project_id=1')).body.data.find(
      (a: { id: number }) => a.id === res.body.data.id,
    );
    expect(after.runs_count).toBe(1);
  });

  it('validates triggers and actions, and is for project admins', async () => {
    const bad = await api.post('/automations', {
      project_id: 1,
      name: 'Bad',
      trigger: { type: 'every_hour' },
      actions: [],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['actions', 'trigger.type']);
    const member = await api.asMember(MEMBERS.chloe).post('/automations', {
      project_id: 1,
      name: 'X',
      trigger: { type: 'task_created' },
      actions: [{ type: 'notify' }],
    });
    expect(member.status).toBe(403);
  });
});

describe('POST /automations/{id}/toggle', () => {
  it('flips without a body and answers the resulting state', async () => {
    expect((await api.post('/automations/2/toggle')).body.data.is_active).toBe(true);
    expect((await api.post('/automations/2/toggle')).body.data.is_active).toBe(false);
  });

  it('sets the state given, idempotently', async () => {
    expect((await api.post('/automations/1/toggle', { is_active: false })).body.data.is_active).toBe(false);
    expect((await api.post('/automations/1/toggle', { is_active: false })).body.data.is_active).toBe(false);
    expect((await api.post('/automations/1/toggle', { is_active: true })).body.data.is_active).toBe(true);
  });

  it('rejects a bad body, unknown automations and non-admins', async () => {
    expect((await api.post('/automations/1/toggle', { is_active: 'yes' })).body.errors).toEqual({
      is_active: ['Invalid input: expected boolean, received string'],
    });
    expect((await api.post('/automations/50/toggle')).status).toBe(404);
    expect((await api.asMember(MEMBERS.chloe).post('/automations/1/toggle')).status).toBe(403);
  });
});
