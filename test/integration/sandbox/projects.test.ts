import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, MEMBERS, PROJECTS, startApi, testClock } from './helpers/api.ts';

const clock = testClock();
let api: Api;
beforeAll(async () => {
  api = await startApi({ now: clock.now });
});
afterAll(() => api.sandbox.close());

const ids = (list: Array<{ id: number }>) => list.map((r) => r.id);

describe('GET /projects', () => {
  it('shows each member the projects they may see', async () => {
    expect(ids((await api.get('/projects')).body.data)).toEqual([1, 2, 3]);
    expect(ids((await api.asMember(MEMBERS.chloe).get('/projects')).body.data)).toEqual([1, 2]);
    expect(ids((await api.asMember(MEMBERS.eve).get('/projects')).body.data)).toEqual([1]);
  });

  it('filters by workspace, status and free text', async () => {
    expect(ids((await api.get('/projects?workspace_id=1')).body.data)).toEqual([1, 2, 3]);
    expect(ids((await api.get('/projects?workspace_id=2')).body.data)).toEqual([]);
    expect(ids((await api.get('/projects?q=mobile')).body.data)).toEqual([2]);
    expect(ids((await api.get('/projects?q=%25')).body.data)).toEqual([]);
    expect(ids((await api.get('/projects?status=archived')).body.data)).toEqual([]);
  });

  it('rejects a bad filter, naming it', async () => {
    const res = await api.get('/projects?status=deleted&workspace_id=x');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['status', 'workspace_id']);
  });
});

describe('POST /projects', () => {
  it('creates a project with the default workflow and its creator as admin', async () => {
    const chloe = api.asMember(MEMBERS.chloe);
    const res = await chloe.post('/projects', { workspace_id: 1, name: 'Research', color: '#112233' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: res.body.data.id,
      workspace_id: 1,
      name: 'Research',
      description: null,
      color: '#112233',
      status: 'active',
      archived_at: null,
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    const statuses = await chloe.get(`/projects/${res.body.data.id}/statuses`);
    expect(statuses.body.data.map((s: { name: string; is_done: boolean }) => [s.name, s.is_done])).toEqual([
      ['To do', false],
      ['In progress', false],
      ['Done', true],
    ]);
    const members = await chloe.get(`/projects/${res.body.data.id}/members`);
    expect(members.body.data).toEqual([
      { id: 3, name: 'Chloe Martin', email: 'chloe@example.com', role: 'admin' },
    ]);
  });

  it('refuses guests, unknown workspaces and bad colours', async () => {
    expect((await api.asMember(MEMBERS.eve).post('/projects', { workspace_id: 1, name: 'X' })).status).toBe(
      403,
    );
    const unknown = await api.post('/projects', { workspace_id: 77, name: 'X' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ workspace_id: ['Workspace 77 does not exist.'] });
    const colour = await api.post('/projects', { workspace_id: 1, name: 'X', color: 'red' });
    expect(colour.status).toBe(422);
    expect(Object.keys(colour.body.errors)).toEqual(['color']);
  });
});

describe('GET /projects/{id}', () => {
  it('answers the project, 404 for an unknown id and 403 for an outsider', async () => {
    expect((await api.get('/projects/1')).body.data).toMatchObject({
      id: 1,
      name: 'Website',
      status: 'active',
    });
    expect((await api.get('/projects/999')).status).toBe(404);
    expect((await api.asMember(MEMBERS.dev).get(`/projects/${PROJECTS.mobile}`)).status).toBe(403);
  });
});

describe('PUT /projects/{id}: editing and archiving', () => {
  it('edits name, description and colour', async () => {
    const res = await api.put('/projects/3', { name: 'Ops', description: null, color: '#000000' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Ops', description: null, color: '#000000' });
  });

  it('archives idempotently, freezes the contents, and restores', async () => {
    const archived = await api.put('/projects/3', { status: 'archived' });
    expect(archived.body.data.status).toBe('archived');
    expect(archived.body.data.archived_at).toBe(clock.now().toISOString());

    clock.advance(60_000);
    const again = await api.put('/projects/3', { status: 'archived' });
    expect(again.status).toBe(200);
    expect(again.body.data.archived_at).toBe(archived.body.data.archived_at);

    const write = await api.post('/tasks', { project_id: 3, title: 'Too late' });
    expect(write.status).toBe(409);
    expect(write.body.message).toMatch(/archived/);
    expect((await api.put('/tasks/21', { title: 'Renamed' })).status).toBe(409);
    expect((await api.delete('/tasks/21')).status).toBe(409);
    expect((await api.post('/sprints', { project_id: 3, name: 'S' })).status).toBe(409);
    expect((await api.put('/projects/3', { name: 'Renamed' })).status).toBe(409);
    // Archived projects leave "all my tasks" but stay readable on their own.
    expect((await api.get('/tasks?project_id=3')).body.meta.total).toBe(2);
    expect((await api.get('/tasks?q=SSL')).body.meta.total).toBe(0);
    expect(ids((await api.get('/projects?status=archived')).body.data)).toEqual([3]);

    const restored = await api.put('/projects/3', { status: 'active', name: 'Operations' });
    expect(restored.body.data).toMatchObject({ status: 'active', archived_at: null, name: 'Operations' });
    expect((await api.post('/tasks', { project_id: 3, title: 'Back again' })).status).toBe(201);
  });

  it('is for project admins only', async () => {
    const res = await api.asMember(MEMBERS.chloe).put('/projects/1', { name: 'Mine' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/admin/);
  });
});
