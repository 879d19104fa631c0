import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, MEMBERS, NOW, startApi } from './helpers/api.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

describe('GET /tasks/{id}', () => {
  it('answers the task record of spec Part 2 plus the assumed fields', async () => {
    const res = await api.get('/tasks/3');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
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
      project_id: 1,
      sprint_id: 1,
      description: 'Summarise the relaunch changes for the changelog and the newsletter.',
      creator: { id: 1, name: 'Ana Silva' },
      updated_at: '2026-11-01T09:00:00.000Z',
    });
  });

  it('answers 404 for unknown, zero, negative, fractional and non-numeric ids', async () => {
    for (const id of ['999', '0', '-1', '1.5', 'abc', '99999999999999999999']) {
      const res = await api.get(`/tasks/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toMatch(/^Task .* not found\.$/);
    }
  });

  it('answers 403 to a member outside the project', async () => {
    expect((await api.asMember(MEMBERS.dev).get('/tasks/13')).status).toBe(403);
  });
});

describe('POST /tasks', () => {
  it('creates with defaults: first status, no priority, the caller as creator', async () => {
    const res = await api.post('/tasks', { project_id: 1, title: 'Write the FAQ' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Write the FAQ',
      status: { id: 1, name: 'To do', color: '#94A3B8' },
      assignees: [],
      due_date: null,
      priority: 'none',
      project_id: 1,
      sprint_id: null,
      description: null,
      creator: { id: 1, name: 'Ana Silva' },
      created_at: NOW,
      updated_at: NOW,
    });
    expect((await api.get(`/tasks/${res.body.data.id}`)).body.data).toEqual(res.body.data);
  });

  it('stores dates as UTC with milliseconds, keeps assignee order and drops repeats', async () => {
    const res = await api.post('/tasks', {
      project_id: 2,
      title: 'Ship 2.0',
      due_date: '2026-12-01T10:15:00+02:00',
      assignee_ids: [3, 1, 3],
      priority: 'high',
      status_id: 5,
      sprint_id: 2,
      creator_id: 2,
      description: 'Release train',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      due_date: '2026-12-01T08:15:00.000Z',
      assignees: [
        { id: 3, name: 'Chloe Martin' },
        { id: 1, name: 'Ana Silva' },
      ],
      status: { id: 5, name: 'In progress' },
      sprint_id: 2,
      creator: { id: 2, name: 'Ben Okafor' },
    });
    const bare = await api.post('/tasks', { project_id: 2, title: 'Date only', due_date: '2026-12-24' });
    expect(bare.body.data.due_date).toBe('2026-12-24T00:00:00.000Z');
  });

  it('names every id that does not belong, all at once', async () => {
    const res = await api.post('/tasks', {
      project_id: 1,
      title: 'Bad refs',
      status_id: 4,
      assignee_ids: [2, 99],
      sprint_id: 2,
      creator_id: 98,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      status_id: ['Status 4 is not a status of project 1.'],
      'assignee_ids.1': ['Member 99 is not a member of workspace 1.'],
      sprint_id: ['Sprint 2 is not a sprint of project 1.'],
      creator_id: ['Member 98 is not a member of workspace 1.'],
    });
    expect(res.body.message).toBe('status_id: Status 4 is not a status of project 1. (and 3 more errors)');
  });

  it('refuses unknown projects (422), outsiders and viewers (403)', async () => {
    const unknown = await api.post('/tasks', { project_id: 404, title: 'X' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ project_id: ['Project 404 does not exist.'] });
    expect((await api.asMember(MEMBERS.dev).post('/tasks', { project_id: 2, title: 'X' })).status).toBe(403);
    const viewer = await api.asMember(MEMBERS.eve).post('/tasks', { project_id: 1, title: 'X' });
    expect(viewer.status).toBe(403);
    expect(viewer.body.message).toMatch(/Viewers/);
  });

  it('counts a run of the project’s active task_created automation', async () => {
    const before = (await api.get('/automations?project_id=1')).body.data[0].runs_count;
    await api.post('/tasks', { project_id: 1, title: 'Trigger' });
    const after = (await api.get('/automations?project_id=1')).body.data[0];
    expect(after.runs_count).toBe(before + 1);
    expect(after.last_run_at).toBe(NOW);
  });
});

describe('PUT /tasks/{id}', () => {
  it('changes what is sent and keeps the rest', async () => {
    const res = await api.put('/tasks/2', {
      title: 'Rewrite pricing copy',
      due_date: null,
      assignee_ids: [4, 3],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: 2,
      title: 'Rewrite pricing copy',
      due_date: null,
      assignees: [
        { id: 4, name: 'Dev Patel' },
        { id: 3, name: 'Chloe Martin' },
      ],
      priority: 'medium',
      status: { id: 1 },
      updated_at: NOW,
      created_at: '2026-10-30T09:00:00.000Z',
    });
  });

  it('moves a task through statuses of its own project only', async () => {
    expect((await api.put('/tasks/2', { status_id: 3 })).body.data.status).toEqual({
      id: 3,
      name: 'Done',
      color: '#22C55E',
    });
    const other = await api.put('/tasks/2', { status_id: 6 });
    expect(other.status).toBe(422);
    expect(other.body.errors.status_id).toBeDefined();
  });

  it('answers 404 for an unknown task before validating, 422 for a bad body, 403 for a viewer', async () => {
    expect((await api.put('/tasks/999', { title: '' })).status).toBe(404);
    const bad = await api.put('/tasks/2', { title: '', priority: 'asap', due_date: 'tomorrow' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['due_date', 'priority', 'title']);
    expect(bad.body.errors.due_date).toEqual([
      'Must be an ISO 8601 date-time with a time-zone offset, or a date YYYY-MM-DD.',
    ]);
    expect((await api.asMember(MEMBERS.eve).put('/tasks/2', { title: 'Mine' })).status).toBe(403);
  });
});

describe('DELETE /tasks/{id}', () => {
  it("lets the task's creator and project admins delete, not other members", async () => {
    const chloe = api.asMember(MEMBERS.chloe);
    const own = (await chloe.post('/tasks', { project_id: 1, title: 'Mine' })).body.data.id;
    const dev = api.asMember(MEMBERS.dev);
    const refused = await dev.delete(`/tasks/${own}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/creator/);
    const deleted = await chloe.delete(`/tasks/${own}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await api.get(`/tasks/${own}`)).status).toBe(404);
    expect((await chloe.delete(`/tasks/${own}`)).status).toBe(404);

    const another = (await chloe.post('/tasks', { project_id: 1, title: 'Also mine' })).body.data.id;
    expect((await api.asMember(MEMBERS.ben).delete(`/tasks/${another}`)).status).toBe(204);
  });

  it('never reuses the id of a deleted task', async () => {
    const a = (await api.post('/tasks', { project_id: 3, title: 'Last one' })).body.data.id;
    await api.delete(`/tasks/${a}`);
    const b = (await api.post('/tasks', { project_id: 3, title: 'Next one' })).body.data.id;
    expect(b).toBeGreaterThan(a);
  });
});

describe('task lists and single reads', () => {
  it('give every task the same record (lists are serialised by SQLite, single reads in JS)', async () => {
    await api.put('/tasks/2', { assignee_ids: [4, 1, 3] });
    const listed = (await api.get('/tasks?per_page=100')).body.data as Array<{ id: number }>;
    expect(listed.length).toBeGreaterThan(10);
    for (const task of listed) {
      expect(task, `task ${task.id}`).toEqual((await api.get(`/tasks/${task.id}`)).body.data);
    }
    expect(listed.find((t) => t.id === 2)).toMatchObject({ assignees: [{ id: 4 }, { id: 1 }, { id: 3 }] });
  });
});
