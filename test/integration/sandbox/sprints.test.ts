import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, MEMBERS, NOW, startApi, testClock } from './helpers/api.ts';

const clock = testClock();
let api: Api;
beforeAll(async () => {
  api = await startApi({ now: clock.now });
});
afterAll(() => api.sandbox.close());

describe('GET /projects/{id}/sprints', () => {
  it("lists a project's sprints with their task counts, filtered by status", async () => {
    const res = await api.get('/projects/1/sprints');
    expect(res.body.data).toEqual([
      {
        id: 1,
        project_id: 1,
        name: 'Sprint 1',
        goal: 'Relaunch the homepage and clear the launch blockers.',
        status: 'planned',
        start_date: '2026-11-21',
        end_date: '2026-12-04',
        started_at: null,
        completed_at: null,
        tasks_count: 4,
      },
    ]);
    expect((await api.get('/projects/1/sprints?status=active')).body.data).toEqual([]);
    expect((await api.get('/projects/1/sprints?status=paused')).status).toBe(422);
    expect((await api.get('/projects/42/sprints')).status).toBe(404);
  });
});

describe('POST /sprints', () => {
  it('creates a planned sprint', async () => {
    const res = await api.post('/sprints', { project_id: 1, name: 'Sprint 2', start_date: '2026-12-07' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      project_id: 1,
      name: 'Sprint 2',
      goal: null,
      status: 'planned',
      start_date: '2026-12-07',
      end_date: null,
      tasks_count: 0,
    });
  });

  it('refuses an end before the start, impossible dates, unknown projects and viewers', async () => {
    const backwards = await api.post('/sprints', {
      project_id: 1,
      name: 'Backwards',
      start_date: '2026-12-10',
      end_date: '2026-12-01',
    });
    expect(backwards.status).toBe(422);
    expect(Object.keys(backwards.body.errors)).toEqual(['end_date']);
    const impossible = await api.post('/sprints', { project_id: 1, name: 'Feb', start_date: '2026-02-30' });
    expect(impossible.body.errors).toEqual({ start_date: ['Must be a valid date in the form YYYY-MM-DD.'] });
    expect((await api.post('/sprints', { project_id: 99, name: 'X' })).body.errors).toEqual({
      project_id: ['Project 99 does not exist.'],
    });
    expect((await api.asMember(MEMBERS.eve).post('/sprints', { project_id: 1, name: 'X' })).status).toBe(403);
  });
});

describe('POST /sprints/{id}/start', () => {
  it('starts a planned sprint, once', async () => {
    const res = await api.post('/sprints/1/start');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: 1,
      status: 'active',
      start_date: '2026-11-21',
      end_date: '2026-12-04',
      started_at: NOW,
    });
    const again = await api.post('/sprints/1/start');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Sprint 1 is active; only a planned sprint can start.');
  });

  it('allows one active sprint per project, naming the active one', async () => {
    const second = (await api.post('/sprints', { project_id: 1, name: 'Parallel', end_date: '2026-12-31' }))
      .body.data.id;
    const res = await api.post(`/sprints/${second}/start`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already has an active sprint: 1 "Sprint 1"/);
    expect((await api.get(`/projects/1/sprints?status=planned`)).body.data.length).toBe(2);
  });

  it('needs an end date once merged with the body, after the start', async () => {
    const missing = await api.post('/sprints/2/start', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ end_date: ['A sprint needs an end date to start.'] });
    const before = await api.post('/sprints/2/start', { start_date: '2026-11-23', end_date: '2026-11-22' });
    expect(before.status).toBe(422);
    expect(Object.keys(before.body.errors)).toEqual(['end_date']);
    const bad = await api.post('/sprints/2/start', { end_date: 'soon', extra: true });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['end_date', 'extra']);
    const ok = await api.post('/sprints/2/start', { end_date: '2026-12-05' });
    expect(ok.status).toBe(200);
    // No planned start date: it starts today.
    expect(ok.body.data).toMatchObject({
      status: 'active',
      start_date: '2026-11-21',
      end_date: '2026-12-05',
    });
  });

  it('takes an empty JSON body as no body', async () => {
    const id = (await api.post('/sprints', { project_id: 3, name: 'Ops', end_date: '2026-11-30' })).body.data
      .id;
    const res = await api.call('POST', `/sprints/${id}/start`, {
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
  });

  it('answers 404 for an unknown sprint and 403 for a viewer', async () => {
    expect((await api.post('/sprints/999/start')).status).toBe(404);
    const planned = (await api.post('/sprints', { project_id: 1, name: 'Later', end_date: '2027-01-01' }))
      .body.data.id;
    expect((await api.asMember(MEMBERS.eve).post(`/sprints/${planned}/start`)).status).toBe(403);
  });
});

describe('GET /sprints/{id}/report', () => {
  it('draws the burndown day by day up to today, with the ideal line', async () => {
    // Sprint 1 runs 2026-11-21..12-04 (14 days) with tasks 1, 3, 4 open and 12 done.
    const first = await api.get('/sprints/1/report');
    expect(first.body.data).toEqual({
      sprint_id: 1,
      total_tasks: 4,
      completed_tasks: 1,
      days: [{ date: '2026-11-21', remaining: 3, ideal: 4 }],
    });
    clock.advance(86_400_000);
    await api.put('/tasks/3', { status_id: 3 });
    clock.advance(86_400_000);
    await api.put('/tasks/4', { status_id: 3 });
    const later = await api.get('/sprints/1/report');
    expect(later.body.data).toEqual({
      sprint_id: 1,
      total_tasks: 4,
      completed_tasks: 3,
      days: [
        { date: '2026-11-21', remaining: 3, ideal: 4 },
        { date: '2026-11-22', remaining: 2, ideal: 3.69 },
        { date: '2026-11-23', remaining: 1, ideal: 3.38 },
      ],
    });
    // Reopening a task puts it back.
    await api.put('/tasks/4', { status_id: 1 });
    expect((await api.get('/sprints/1/report')).body.data.completed_tasks).toBe(2);
  });

  it('has no days for a sprint without dates', async () => {
    const id = (await api.post('/sprints', { project_id: 2, name: 'Undated' })).body.data.id;
    const res = await api.get(`/sprints/${id}/report`);
    expect(res.body.data).toEqual({ sprint_id: id, total_tasks: 0, completed_tasks: 0, days: [] });
    expect((await api.get('/sprints/999/report')).status).toBe(404);
  });
});
