import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, MEMBERS, NOW, startApi } from './helpers/api.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

describe('GET /projects/{id}/members', () => {
  it('lists members with their project roles', async () => {
    const res = await api.get('/projects/1/members');
    expect(res.body.data.map((m: { id: number; role: string }) => `${m.id}:${m.role}`)).toEqual([
      '1:admin',
      '2:admin',
      '3:member',
      '4:member',
      '5:viewer',
    ]);
    expect(res.body.data[0]).toEqual({ id: 1, name: 'Ana Silva', email: 'ana@example.com', role: 'admin' });
  });
});

describe('POST /projects/{id}/members/invite', () => {
  it('answers 200 with the member when they are already in the project', async () => {
    const res = await api.post('/projects/1/members/invite', { email: 'Chloe@Example.com', role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: 3,
      name: 'Chloe Martin',
      email: 'chloe@example.com',
      role: 'member',
    });
  });

  it('adds a workspace member at once (accepted)', async () => {
    const res = await api.post('/projects/3/members/invite', { email: 'dev@example.com', role: 'viewer' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: res.body.data.id,
      project_id: 3,
      email: 'dev@example.com',
      role: 'viewer',
      status: 'accepted',
      invited_by: { id: 1, name: 'Ana Silva' },
      created_at: NOW,
      expires_at: '2026-11-28T09:30:00.000Z',
    });
    const members = (await api.get('/projects/3/members')).body.data;
    expect(members.map((m: { id: number; role: string }) => `${m.id}:${m.role}`)).toEqual([
      '1:admin',
      '4:viewer',
    ]);
  });

  it('invites an outsider (pending, lower-cased), and a second invite renews the same one', async () => {
    const first = await api.post('/projects/2/members/invite', { email: 'New.Person@Example.org' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      email: 'new.person@example.org',
      role: 'member',
      status: 'pending',
    });
    const second = await api.post('/projects/2/members/invite', {
      email: 'new.person@example.org',
      role: 'viewer',
    });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ id: first.body.data.id, role: 'viewer', status: 'pending' });
  });

  it('rejects a bad email or role, and non-admins', async () => {
    const res = await api.post('/projects/1/members/invite', { email: 'not-an-email', role: 'owner' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({ email: ['Must be a valid email address.'] });
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'role']);
    expect(
      (await api.asMember(MEMBERS.chloe).post('/projects/1/members/invite', { email: 'x@y.io' })).status,
    ).toBe(403);
    expect((await api.post('/projects/404/members/invite', { email: 'x@y.io' })).status).toBe(404);
  });
});

describe('PUT /projects/{id}/members/{uid}', () => {
  it("changes a member's role", async () => {
    const res = await api.put('/projects/1/members/4', { role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: 4, name: 'Dev Patel', email: 'dev@example.com', role: 'admin' });
    // Dev can now manage the project.
    expect((await api.asMember(MEMBERS.dev).put('/projects/1/members/5', { role: 'member' })).status).toBe(
      200,
    );
  });

  it('refuses to demote the last admin', async () => {
    const project = (await api.asMember(MEMBERS.chloe).post('/projects', { workspace_id: 1, name: 'Solo' }))
      .body.data.id;
    const res = await api.asMember(MEMBERS.chloe).put(`/projects/${project}/members/3`, { role: 'member' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Member 3 is the last admin of project ${project}.`);
  });

  it('answers 404 for someone not in the project, 422 for an unknown role', async () => {
    const outsider = await api.put('/projects/2/members/4', { role: 'member' });
    expect(outsider.status).toBe(404);
    expect(outsider.body.message).toBe('Member 4 is not a member of project 2.');
    expect((await api.put('/projects/1/members/0', { role: 'member' })).status).toBe(404);
    expect((await api.put('/projects/1/members/3', { role: 'owner' })).status).toBe(422);
    expect((await api.put('/projects/1/members/3', {})).body.errors).toEqual({
      role: ['This field is required.'],
    });
  });
});
