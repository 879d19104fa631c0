import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, MEMBERS, startApi } from './helpers/api.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

describe('GET /goals', () => {
  it('lists goals with their key results and progress', async () => {
    const res = await api.get('/goals');
    expect(res.body.data).toHaveLength(2);
    const [signUps, stable] = res.body.data;
    expect(signUps).toMatchObject({
      id: 1,
      workspace_id: 1,
      project_id: 1,
      title: 'Grow website sign-ups',
      owner: { id: 1, name: 'Ana Silva' },
      start_date: '2026-10-22',
      due_date: '2027-01-20',
      status: 'on_track',
    });
    // (1400-1000)/(2000-1000) = 40; (2.6-2)/(4-2) = 30; boolean not done = 0; mean 23.33.
    expect(signUps.targets.map((t: { progress: number }) => t.progress)).toEqual([40, 30, 0]);
    expect(signUps.progress).toBe(23.33);
    // A target below its start: (25-40)/(0-40) = 37.5; (98-95)/(99.5-95) = 66.67.
    expect(stable.targets.map((t: { progress: number }) => t.progress)).toEqual([66.67, 37.5]);
    expect(stable.progress).toBe(52.09);
  });

  it('filters by workspace, project and status', async () => {
    const ids = async (q: string) =>
      (await api.get(`/goals?${q}`)).body.data.map((g: { id: number }) => g.id);
    expect(await ids('project_id=2')).toEqual([2]);
    expect(await ids('status=at_risk')).toEqual([2]);
    expect(await ids('workspace_id=5')).toEqual([]);
    expect((await api.get('/goals?status=late')).status).toBe(422);
  });
});

describe('POST /goals and PUT /goals/{id}', () => {
  it('creates a goal with no key results at 0%', async () => {
    const res = await api.post('/goals', { workspace_id: 1, title: 'Hire two engineers', owner_id: 2 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      workspace_id: 1,
      project_id: null,
      title: 'Hire two engineers',
      description: null,
      owner: { id: 2, name: 'Ben Okafor' },
      status: 'on_track',
      progress: 0,
      targets: [],
    });
  });

  it('names bad references and dates', async () => {
    const res = await api.post('/goals', {
      workspace_id: 1,
      title: 'X',
      project_id: 99,
      owner_id: 99,
      start_date: '2026-12-01',
      due_date: '2026-11-01',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['due_date', 'owner_id', 'project_id']);
    expect((await api.post('/goals', { workspace_id: 9, title: 'X' })).body.errors).toEqual({
      workspace_id: ['Workspace 9 does not exist.'],
    });
  });

  it('updates the fields sent, clearing those sent as null', async () => {
    const res = await api.put('/goals/2', {
      status: 'on_track',
      owner_id: null,
      description: 'Fewer crashes',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'on_track',
      owner: null,
      description: 'Fewer crashes',
      title: 'Ship a stable mobile app',
      project_id: 2,
    });
    expect(res.body.data.targets).toHaveLength(2);
    expect((await api.put('/goals/2', { workspace_id: 1 })).body.errors).toEqual({
      workspace_id: ['Unknown field.'],
    });
    expect((await api.put('/goals/77', { title: 'X' })).status).toBe(404);
  });

  it('lets guests read goals but not change them', async () => {
    const eve = api.asMember(MEMBERS.eve);
    expect((await eve.get('/goals')).body.data.length).toBeGreaterThan(0);
    expect((await eve.put('/goals/1', { title: 'Mine' })).status).toBe(403);
    expect((await eve.post('/goals', { workspace_id: 1, title: 'Mine' })).status).toBe(403);
  });
});

describe('POST /goals/{id}/targets', () => {
  it('adds key results and recomputes the goal', async () => {
    const goal = (await api.post('/goals', { workspace_id: 1, title: 'Revenue' })).body.data.id;
    const first = await api.post(`/goals/${goal}/targets`, {
      title: 'MRR',
      type: 'currency',
      start_value: 10_000,
      current_value: 12_500,
      target_value: 20_000,
      unit: 'EUR',
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({
      id: first.body.data.id,
      goal_id: goal,
      title: 'MRR',
      type: 'currency',
      start_value: 10_000,
      current_value: 12_500,
      target_value: 20_000,
      unit: 'EUR',
      progress: 25,
    });
    // Defaults: a number from 0, current = start; overshoot clamps at 100.
    const plain = await api.post(`/goals/${goal}/targets`, { title: 'Deals', target_value: 10 });
    expect(plain.body.data).toMatchObject({
      type: 'number',
      start_value: 0,
      current_value: 0,
      unit: null,
      progress: 0,
    });
    await api.post(`/goals/${goal}/targets`, { title: 'Over', target_value: 5, current_value: 9 });
    await api.post(`/goals/${goal}/targets`, {
      title: 'Launched',
      type: 'boolean',
      target_value: 1,
      current_value: 1,
    });
    const after = (await api.get(`/goals?workspace_id=1`)).body.data.find(
      (g: { id: number }) => g.id === goal,
    );
    expect(after.targets.map((t: { progress: number }) => t.progress)).toEqual([25, 0, 100, 100]);
    expect(after.progress).toBe(56.25);
  });

  it('validates values', async () => {
    const res = await api.post('/goals/1/targets', { title: '', target_value: 'ten', type: 'ratio' });
    expect(Object.keys(res.body.errors).sort()).toEqual(['target_value', 'title', 'type']);
    const bool = await api.post('/goals/1/targets', { title: 'Yes', type: 'boolean', target_value: 3 });
    expect(bool.body.errors).toEqual({ target_value: ['A boolean key result takes 0 or 1.'] });
    expect((await api.post('/goals/404/targets', { title: 'X', target_value: 1 })).status).toBe(404);
  });
});
