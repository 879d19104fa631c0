import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, databaseDigest, MEMBERS, startApi } from './helpers/api.ts';

/**
 * The spec-minimal profile's records, over real HTTP. Every answer is also checked against the
 * profile's own schemas (helpers/conformance.ts), which are strict: a field more fails.
 */
const TASK_FIELDS = ['id', 'title', 'status', 'assignees', 'due_date', 'priority', 'created_at'];

let api: Api;
beforeAll(async () => {
  api = await startApi({ profile: 'spec-minimal' });
});
afterAll(() => api.sandbox.close());

const keys = (record: object) => Object.keys(record).sort();

describe('spec-minimal task records', () => {
  it('carry exactly the seven fields of the spec, bare, when read one by one', async () => {
    const res = await api.get('/tasks/3');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: 3,
      title: 'Publish release notes',
      status: { id: 1, name: 'To do', color: '#94A3B8' },
      assignees: [
        { id: 1, name: 'Ana Silva' },
        { id: 2, name: 'Ben Okafor' },
      ],
      due_date: '2026-11-21T17:00:00.000Z',
      priority: 'urgent',
      created_at: '2026-11-01T09:00:00.000Z',
    });
  });

  it('carry exactly the seven fields in both lists', async () => {
    for (const path of ['/tasks', '/projects/1/tasks']) {
      const res = await api.get(path);
      expect(res.body.data.length, path).toBeGreaterThan(0);
      for (const task of res.body.data) expect(keys(task), path).toEqual([...TASK_FIELDS].sort());
    }
  });

  it('carry exactly the seven fields in the answers to create and update, which still take the full bodies', async () => {
    const created = await api.post('/tasks', {
      project_id: 1,
      title: 'Minimal write',
      description: 'kept, though not shown',
      sprint_id: 1,
      creator_id: MEMBERS.ben,
      assignee_ids: [MEMBERS.chloe],
      due_date: '2026-12-01',
      priority: 'high',
    });
    expect(created.status).toBe(201);
    expect(keys(created.body)).toEqual([...TASK_FIELDS].sort());
    expect(created.body).toMatchObject({ title: 'Minimal write', priority: 'high', assignees: [{ id: 3 }] });
    const stored = api.sandbox.db
      .prepare('SELECT description, sprint_id, creator_id FROM tasks WHERE id = ?')
      .get(created.body.id);
    expect(stored).toEqual({ description: 'kept, though not shown', sprint_id: 1, creator_id: MEMBERS.ben });

    const updated = await api.put(`/tasks/${created.body.id}`, { description: 'changed', status_id: 3 });
    expect(updated.status).toBe(200);
    expect(keys(updated.body)).toEqual([...TASK_FIELDS].sort());
    expect(updated.body.status).toEqual({ id: 3, name: 'Done', color: '#22C55E' });
    expect((await api.delete(`/tasks/${created.body.id}`)).status).toBe(204);
  });
});

describe('spec-minimal other records: id and a display name only', () => {
  it('names workspaces, projects, members, sprints and automations by `name`', async () => {
    const named = [
      await api.get('/workspaces'),
      await api.get('/workspaces/1/members'),
      await api.get('/projects'),
      await api.get('/projects/1/members'),
      await api.get('/projects/1/sprints'),
      await api.get('/automations'),
    ];
    for (const res of named) {
      expect(res.body.data.length).toBeGreaterThan(0);
      for (const record of res.body.data) expect(keys(record)).toEqual(['id', 'name']);
    }
    expect((await api.get('/projects/2')).body).toEqual({ id: 2, name: 'Mobile App' });
  });

  it('names goals, key results and mind maps by `title`', async () => {
    for (const path of ['/goals', '/projects/1/mind-maps']) {
      const res = await api.get(path);
      expect(res.body.data.length, path).toBeGreaterThan(0);
      for (const record of res.body.data) expect(keys(record), path).toEqual(['id', 'title']);
    }
  });

  it('shapes the answers of every write the same way, bare', async () => {
    const workspace = await api.post('/workspaces', { name: 'Second', settings: { locale: 'de' } });
    expect(keys(workspace.body)).toEqual(['id', 'name']);
    expect(keys((await api.put(`/workspaces/${workspace.body.id}`, { name: 'Second!' })).body)).toEqual([
      'id',
      'name',
    ]);
    const project = await api.post('/projects', { workspace_id: 1, name: 'Minimal', description: 'x' });
    expect(project.body).toEqual({ id: project.body.id, name: 'Minimal' });
    expect((await api.put(`/projects/${project.body.id}`, { color: '#123456' })).body).toEqual({
      id: project.body.id,
      name: 'Minimal',
    });
    const sprint = await api.post('/sprints', { project_id: project.body.id, name: 'S', goal: 'g' });
    expect(sprint.body).toEqual({ id: sprint.body.id, name: 'S' });
    const started = await api.post(`/sprints/${sprint.body.id}/start`, { end_date: '2026-12-31' });
    expect(started.body).toEqual({ id: sprint.body.id, name: 'S' });
    const map = await api.post('/mind-maps', { project_id: 1, title: 'Ideas' });
    expect(map.body).toEqual({ id: map.body.id, title: 'Ideas' });
    const root = { id: 'r', text: 'Root', children: [] };
    expect((await api.put(`/mind-maps/${map.body.id}/data`, { root })).body).toEqual({
      id: map.body.id,
      title: 'Ideas',
    });
    const goal = await api.post('/goals', { workspace_id: 1, title: 'Grow', status: 'at_risk' });
    expect(goal.body).toEqual({ id: goal.body.id, title: 'Grow' });
    expect((await api.put(`/goals/${goal.body.id}`, { title: 'Grow more' })).body).toEqual({
      id: goal.body.id,
      title: 'Grow more',
    });
    const target = await api.post(`/goals/${goal.body.id}/targets`, { title: 'Sign-ups', target_value: 10 });
    expect(target.status).toBe(201);
    expect(target.body).toEqual({ id: target.body.id, title: 'Sign-ups' });
    const automation = await api.post('/automations', {
      project_id: 1,
      name: 'Ping',
      trigger: { type: 'task_created' },
      actions: [{ type: 'notify' }],
    });
    expect(automation.body).toEqual({ id: automation.body.id, name: 'Ping' });
    expect((await api.post(`/automations/${automation.body.id}/toggle`)).body).toEqual({
      id: automation.body.id,
      name: 'Ping',
    });
    expect((await api.put('/projects/1/members/4', { role: 'viewer' })).body).toEqual({
      id: 4,
      name: 'Dev Patel',
    });
  });

  it('names an invitation by its address, and answers an existing member by name', async () => {
    const invited = await api.post('/projects/1/members/invite', { email: 'newcomer@example.com' });
    expect(invited.status).toBe(201);
    expect(invited.body).toEqual({ id: invited.body.id, email: 'newcomer@example.com' });
    const member = await api.post('/projects/1/members/invite', { email: 'chloe@example.com' });
    expect(member.status).toBe(200);
    expect(member.body).toEqual({ id: MEMBERS.chloe, name: 'Chloe Martin' });
  });

  it('rejects a bad write as the full profile does, and changes nothing', async () => {
    const before = databaseDigest(api.sandbox.db);
    const res = await api.post('/tasks', { project_id: 1, title: '', assignee_ids: [99] });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.message).toMatch(/^title: /);
    expect(databaseDigest(api.sandbox.db)).toBe(before);
  });
});
