import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../src/sandbox/index.ts';
import { Api, MEMBERS, startApi } from './helpers/api.ts';

describe('the demo seed', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi({ token: 'demo-token-0001' });
  });
  afterAll(() => api.sandbox.close());

  it('uses the fixed token given, for member 1', async () => {
    expect(api.sandbox.token).toBe('demo-token-0001');
    expect((await api.get('/projects')).status).toBe(200);
  });

  it('has the three projects with the same workflow and the agreed memberships', async () => {
    const projects = (await api.get('/projects')).body.data;
    expect(projects.map((p: { name: string }) => p.name)).toEqual(['Website', 'Mobile App', 'Operations']);
    for (const id of [1, 2, 3]) {
      const statuses = (await api.get(`/projects/${id}/statuses`)).body.data;
      expect(
        statuses.map((s: { name: string; color: string; is_done: boolean }) => [s.name, s.color, s.is_done]),
      ).toEqual([
        ['To do', '#94A3B8', false],
        ['In progress', '#3B82F6', false],
        ['Done', '#22C55E', true],
      ]);
    }
    const roles = async (id: number) =>
      (await api.get(`/projects/${id}/members`)).body.data.map(
        (m: { id: number; role: string }) => `${m.id}:${m.role}`,
      );
    expect(await roles(1)).toEqual(['1:admin', '2:admin', '3:member', '4:member', '5:viewer']);
    expect(await roles(2)).toEqual(['1:admin', '2:member', '3:member']);
    expect(await roles(3)).toEqual(['1:admin']);
  });

  it('has tasks around today: overdue, due today, later, undated, unassigned, shared', async () => {
    const website = (await api.get('/projects/1/tasks')).body;
    const mobile = (await api.get('/projects/2/tasks')).body;
    expect(website.meta.total).toBe(12);
    expect(mobile.meta.total).toBe(8);
    expect((await api.get('/projects/3/tasks')).body.meta.total).toBeLessThan(5);
    const all = [...website.data, ...mobile.data];
    const today = '2026-11-21';
    const day = (t: { due_date: string | null }) => t.due_date?.slice(0, 10);
    expect(all.some((t) => t.due_date !== null && day(t)! < today && !['Done'].includes(t.status.name))).toBe(
      true,
    );
    expect(all.filter((t) => day(t) === today).length).toBeGreaterThanOrEqual(2);
    expect(all.some((t) => day(t) !== undefined && day(t)! > today)).toBe(true);
    expect(all.some((t) => t.due_date === null)).toBe(true);
    expect(all.some((t) => t.assignees.length === 0)).toBe(true);
    expect(all.filter((t) => t.assignees.length > 1).length).toBeGreaterThanOrEqual(2);
    expect(new Set(all.map((t) => t.priority)).size).toBeGreaterThanOrEqual(4);
  });

  it('has the planned sprints, goals, automations and mind map', async () => {
    const sprint1 = (await api.get('/projects/1/sprints')).body.data[0];
    expect(sprint1).toMatchObject({ name: 'Sprint 1', status: 'planned', start_date: '2026-11-21' });
    expect(sprint1.tasks_count).toBeGreaterThan(0);
    const mobileSprint = (await api.get('/projects/2/sprints')).body.data[0];
    expect(mobileSprint).toMatchObject({ status: 'planned', end_date: null });
    const goals = (await api.get('/goals')).body.data;
    expect(goals).toHaveLength(2);
    for (const goal of goals) expect(goal.targets.length).toBeGreaterThanOrEqual(2);
    const automations = (await api.get('/automations')).body.data;
    expect(automations.map((a: { is_active: boolean }) => a.is_active)).toEqual([true, false]);
    expect((await api.get('/projects/1/mind-maps')).body.data).toHaveLength(1);
  });

  it('mints tokens for other members, and refuses unknown ones', async () => {
    const ben = api.asMember(MEMBERS.ben);
    expect((await ben.get('/workspaces/1/members')).status).toBe(200);
    expect(() => api.sandbox.createToken(99)).toThrow(/member 99/);
  });
});

describe('the empty seed', () => {
  it('is one workspace and its owner', async () => {
    const api = await startApi({ seed: 'empty' });
    expect((await api.get('/workspaces')).body.data.map((w: { name: string }) => w.name)).toEqual(['Acme']);
    expect((await api.get('/workspaces/1/members')).body.data).toEqual([
      { id: 1, name: 'Ana Silva', email: 'ana@example.com', role: 'owner' },
    ]);
    expect((await api.get('/projects')).body.data).toEqual([]);
    await api.sandbox.close();
  });
});

describe('a file database', () => {
  it('keeps its data across restarts and gives each start a working token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-'));
    const dbPath = join(dir, 'nested', 'sandbox.db');
    try {
      const first = await createSandbox({ port: 0, dbPath, rateLimits: false });
      const created = await new Api(first).post('/tasks', { project_id: 3, title: 'Persisted' });
      await first.close();
      const second = await createSandbox({ port: 0, dbPath, rateLimits: false });
      expect(second.token).not.toBe(first.token);
      const api = new Api(second);
      expect((await api.get(`/tasks/${created.body.data.id}`)).body.data.title).toBe('Persisted');
      // The first token is still a registered device.
      expect((await api.as(first.token).get('/projects')).status).toBe(200);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start on a port that is taken, and closes cleanly', async () => {
    const a = await createSandbox({ port: 0 });
    const port = Number(new URL(a.url).port);
    await expect(createSandbox({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await a.close();
    await a.close();
  });
});
