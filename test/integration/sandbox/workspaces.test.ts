import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, MEMBERS, startApi } from './helpers/api.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

describe('GET /workspaces', () => {
  it("lists the member's workspaces with their settings", async () => {
    const res = await api.get('/workspaces');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: 1,
        name: 'Acme',
        settings: { timezone: 'Europe/London', locale: 'en', week_start: 1 },
        created_at: '2026-11-21T09:30:00.000Z',
      },
    ]);
    expect(res.body.meta).toEqual({ total: 1, per_page: 15, current_page: 1, last_page: 1 });
  });
});

describe('POST /workspaces', () => {
  it('creates a workspace owned by the caller, with default settings under the given ones', async () => {
    const ben = api.asMember(MEMBERS.ben);
    const res = await ben.post('/workspaces', {
      name: '  Side project  ',
      settings: { timezone: 'Asia/Tokyo' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Side project',
      settings: { timezone: 'Asia/Tokyo', locale: 'en', week_start: 1 },
    });
    const members = await ben.get(`/workspaces/${res.body.data.id}/members`);
    expect(members.body.data).toEqual([
      { id: 2, name: 'Ben Okafor', email: 'ben@example.com', role: 'owner' },
    ]);
    const listed = await ben.get('/workspaces');
    expect(listed.body.data.map((w: { id: number }) => w.id)).toEqual([1, res.body.data.id]);
    // Someone outside it sees neither the workspace nor its members.
    const chloe = api.asMember(MEMBERS.chloe);
    expect((await chloe.get('/workspaces')).body.data.map((w: { id: number }) => w.id)).toEqual([1]);
    expect((await chloe.get(`/workspaces/${res.body.data.id}/members`)).status).toBe(403);
  });

  it('names each wrong field', async () => {
    const res = await api.post('/workspaces', { settings: 'dark', colour: 'red' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['colour', 'name', 'settings']);
    expect(res.body.errors.name).toEqual(['This field is required.']);
    expect(res.body.message).toMatch(/^settings|^name|^colour/);
  });
});

describe('PUT /workspaces/{id}', () => {
  it('renames and merges settings key by key', async () => {
    const res = await api.put('/workspaces/1', { name: 'Acme Ltd', settings: { locale: 'en-GB' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Acme Ltd',
      settings: { timezone: 'Europe/London', locale: 'en-GB', week_start: 1 },
    });
    const again = await api.put('/workspaces/1', {});
    expect(again.body.data.name).toBe('Acme Ltd');
  });

  it('is for owners and admins only', async () => {
    expect((await api.asMember(MEMBERS.chloe).put('/workspaces/1', { name: 'Mine' })).status).toBe(403);
    expect((await api.asMember(MEMBERS.ben).put('/workspaces/1', { name: 'Acme Ltd' })).status).toBe(200);
  });

  it('answers 404 for an unknown workspace, before looking at the body', async () => {
    const res = await api.put('/workspaces/999', { name: 42 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Workspace 999 not found.');
  });
});

describe('GET /workspaces/{id}/members', () => {
  it('lists the members with their workspace roles', async () => {
    const res = await api.get('/workspaces/1/members');
    expect(res.body.data.map((m: { name: string; role: string }) => `${m.name}:${m.role}`)).toEqual([
      'Ana Silva:owner',
      'Ben Okafor:admin',
      'Chloe Martin:member',
      'Dev Patel:member',
      'Eve Novak:guest',
    ]);
  });

  it('pages', async () => {
    const res = await api.get('/workspaces/1/members?per_page=2&page=3');
    expect(res.body.data.map((m: { id: number }) => m.id)).toEqual([5]);
    expect(res.body.meta).toEqual({ total: 5, per_page: 2, current_page: 3, last_page: 3 });
  });
});
