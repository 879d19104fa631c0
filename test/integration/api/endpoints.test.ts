import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkApiClient, type WorkApiClient } from '../../../src/api/index.ts';
import { ENDPOINTS } from '../../../src/contract/index.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import {
  type SandboxWithTruth,
  startTestSandboxWithTruth,
  testSandboxProfile,
} from '../../support/sandbox-profile.ts';
import { type FaultProxy, startFaultProxy } from './support/fault-proxy.ts';

let sb: Sandbox;
let pair: SandboxWithTruth;
let proxy: FaultProxy;
let api: WorkApiClient;
/** The service's state as the full profile shows it (the same sandbox in the full profile). */
let truth: WorkApiClient;
const FULL = testSandboxProfile() === 'full';

/**
 * What the service holds after a call: the client's own reading of the answer where the service
 * shows the fields (full profile), else the full-profile twin's reading of the same record
 * (spec-minimal answers show an id and a name only).
 */
function held<T>(answer: T, readBack: () => Promise<T>): Promise<T> {
  return FULL ? Promise.resolve(answer) : readBack();
}

beforeAll(async () => {
  pair = await startTestSandboxWithTruth({ port: 0, seed: 'demo', rateLimits: false });
  sb = pair.sandbox;
  proxy = await startFaultProxy(sb.url);
  api = createWorkApiClient({ baseUrl: proxy.url, token: sb.token, cache: false });
  truth = createWorkApiClient({ baseUrl: pair.truth.url, token: pair.truth.token, cache: false });
});

afterAll(async () => {
  await proxy?.close();
  await pair?.close();
});

describe('every endpoint over real HTTP against the sandbox', () => {
  it('workspaces: list, create, update, members', async () => {
    const list = await api.workspaces.list();
    expect(list.data.map((w) => w.name)).toContain('Acme');
    const created = await api.workspaces.create({ name: 'Beta Corp' });
    expect(created).toMatchObject({ name: 'Beta Corp' });
    const updated = await api.workspaces.update(created.id, {
      name: 'Beta Inc',
      settings: { timezone: 'Europe/Lisbon' },
    });
    const workspaceNow = async () => (await truth.workspaces.list()).data.find((w) => w.id === created.id)!;
    expect(await held(updated, workspaceNow)).toMatchObject({
      id: created.id,
      name: 'Beta Inc',
      settings: { timezone: 'Europe/Lisbon' },
    });
    const members = await held(await api.workspaces.members(1), () => truth.workspaces.members(1));
    expect(members.data.find((m) => m.id === 1)).toMatchObject({
      name: 'Ana Silva',
      email: 'ana@example.com',
      role: 'owner',
    });
  });

  it('projects: list, create, get, update, archive, statuses', async () => {
    const list = await api.projects.list({ workspace_id: 1 });
    expect(list.data.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Website', 'Mobile App', 'Operations']),
    );
    const created = await api.projects.create({ workspace_id: 1, name: 'Research', color: '#10B981' });
    const projectNow = () => truth.projects.get(created.id);
    expect(await held(created, projectNow)).toMatchObject({
      name: 'Research',
      status: 'active',
      color: '#10B981',
    });
    expect(await api.projects.get(created.id)).toEqual(created);
    const renamed = await api.projects.update(created.id, { name: 'Research & Dev' });
    expect(renamed.name).toBe('Research & Dev');
    const archived = await held(await api.projects.archive(created.id), projectNow);
    expect(archived.status).toBe('archived');
    expect(archived.archived_at).not.toBeNull();
    const statuses = await api.projects.statuses(1);
    expect(statuses.map((s) => [s.name, s.is_done])).toEqual([
      ['To do', false],
      ['In progress', false],
      ['Done', true],
    ]);
  });

  it('tasks: list, listByProject, create, get, update, delete', async () => {
    const open = await api.tasks.list({ project_id: 1, done: 'false' });
    expect(open.data.length).toBeGreaterThan(0);
    expect(open.data.every((t) => t.project_id === 1 && t.status.name !== 'Done')).toBe(true);
    const inProgress = await api.tasks.listByProject(1, { status: 'in progress' });
    expect(inProgress.data.map((t) => t.title)).toContain('Fix login redirect loop');

    const created = await api.tasks.create({
      project_id: 1,
      title: 'Write the launch post',
      assignee_ids: [2],
      due_date: '2026-12-01T17:00:00+01:00',
      priority: 'high',
    });
    expect(created).toMatchObject({
      title: 'Write the launch post',
      assignees: [{ id: 2, name: 'Ben Okafor' }],
      due_date: '2026-12-01T16:00:00.000Z',
      priority: 'high',
      project_id: 1,
      status: { name: 'To do' },
    });
    expect(await api.tasks.get(created.id)).toEqual(created);
    const updated = await api.tasks.update(created.id, {
      status_id: 3,
      title: 'Write the launch post (done)',
    });
    expect(updated).toMatchObject({ title: 'Write the launch post (done)', status: { id: 3, name: 'Done' } });
    await expect(api.tasks.delete(created.id)).resolves.toBeUndefined();
    await expect(api.tasks.get(created.id)).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it('sprints: listByProject, create, start, report', async () => {
    const sprints = await api.sprints.listByProject(1);
    expect(sprints.data[0]).toMatchObject({ name: 'Sprint 1', status: 'planned' });
    const created = await api.sprints.create({ project_id: 3, name: 'Ops sprint', start_date: '2026-12-01' });
    expect(created).toMatchObject({ name: 'Ops sprint', status: 'planned', end_date: null });
    const sprintNow = async () =>
      (await truth.sprints.listByProject(3)).data.find((x) => x.id === created.id)!;
    const started = await held(
      await api.sprints.start(created.id, { end_date: '2026-12-14' }, { projectId: 3 }),
      sprintNow,
    );
    expect(started).toMatchObject({ status: 'active', end_date: '2026-12-14' });
    expect(started.started_at).not.toBeNull();
    if (!FULL) {
      // The report is our sandbox's extra: a service without it answers 404 (the app computes it).
      await expect(api.sprints.report(sprints.data[0]!.id)).rejects.toMatchObject({ status: 404 });
      return;
    }
    const report = await api.sprints.report(sprints.data[0]!.id);
    expect(report.sprint_id).toBe(sprints.data[0]!.id);
    expect(report.total_tasks).toBeGreaterThan(0);
  });

  it('mind maps: listByProject, create, replaceData, get', async () => {
    const maps = await api.mindMaps.listByProject(1);
    expect(maps.data.length).toBeGreaterThan(0);
    const created = await api.mindMaps.create({ project_id: 2, title: 'App ideas' });
    expect(created.title).toBe('App ideas');
    const root = {
      id: 'root',
      text: 'App ideas',
      children: [{ id: 'a', text: 'Widgets', children: [{ id: 'b', text: 'Lock screen', children: [] }] }],
    };
    const replaced = await api.mindMaps.replaceData(created.id, { root });
    expect(replaced.root).toEqual(root);
    // One map by id is our sandbox's extra; the twin reads what the service holds.
    expect((await (FULL ? api : truth).mindMaps.get(created.id)).root).toEqual(root);
    if (!FULL) await expect(api.mindMaps.get(created.id)).rejects.toMatchObject({ status: 404 });
  });

  it('goals: list, create, update, addTarget', async () => {
    const goals = await api.goals.list({ workspace_id: 1 });
    expect(goals.data.length).toBeGreaterThan(0);
    const created = await api.goals.create({ workspace_id: 1, title: 'Ship faster', status: 'on_track' });
    const goalNow = async () =>
      (await truth.goals.list({ per_page: 100 })).data.find((g) => g.id === created.id)!;
    expect(await held(created, goalNow)).toMatchObject({ title: 'Ship faster', targets: [], progress: 0 });
    const updated = await held(await api.goals.update(created.id, { status: 'at_risk' }), goalNow);
    expect(updated.status).toBe('at_risk');
    const target = await api.goals.addTarget(created.id, {
      title: 'Deploys a week',
      target_value: 10,
      start_value: 0,
      current_value: 4,
    });
    const targetNow = async () => (await goalNow()).targets.find((t) => t.id === target.id)!;
    expect(await held(target, targetNow)).toMatchObject({
      goal_id: created.id,
      title: 'Deploys a week',
      progress: 40,
    });
  });

  it('automations: list, create, toggle (reading the state the server answers)', async () => {
    const list = await api.automations.list({ project_id: 1 });
    expect(list.data.length).toBeGreaterThan(0);
    const created = await api.automations.create({
      project_id: 1,
      name: 'Urgent to Ben',
      is_active: true,
      trigger: { type: 'task_created' },
      conditions: [{ field: 'priority', operator: 'eq', value: 'urgent' }],
      actions: [{ type: 'assign', config: { member_id: 2 } }],
    });
    const ruleNow = async () =>
      (await truth.automations.list({ project_id: 1 })).data.find((a) => a.id === created.id)!;
    expect(await held(created, ruleNow)).toMatchObject({ name: 'Urgent to Ben', is_active: true });
    expect((await held(await api.automations.toggle(created.id), ruleNow)).is_active).toBe(false);
    expect((await held(await api.automations.toggle(created.id, false), ruleNow)).is_active).toBe(false);
    expect((await held(await api.automations.toggle(created.id, true), ruleNow)).is_active).toBe(true);
  });

  it('members: listByProject, invite (new, already invited, already a member), updateRole', async () => {
    const membersNow = () => truth.members.listByProject(1);
    const members = await held(await api.members.listByProject(1), membersNow);
    expect(members.data.map((m) => m.email)).toContain('ben@example.com');
    const invited = await api.members.invite(2, { email: 'Newcomer@Example.com', role: 'viewer' });
    expect(invited).toMatchObject({
      kind: 'invited',
      alreadyInvited: false,
      invitation: FULL
        ? { email: 'newcomer@example.com', role: 'viewer', status: 'pending' }
        : { email: 'newcomer@example.com' },
    });
    const again = await api.members.invite(2, { email: 'newcomer@example.com' });
    expect(again).toMatchObject({ kind: 'invited', alreadyInvited: true });
    const existing = await api.members.invite(1, { email: 'ben@example.com' });
    expect(existing).toEqual({
      kind: 'already_member',
      member: expect.objectContaining(FULL ? { id: 2, role: 'admin' } : { id: 2 }),
    });
    const demoted = await held(await api.members.updateRole(1, 3, { role: 'viewer' }), async () => {
      return (await membersNow()).data.find((m) => m.id === 3)!;
    });
    expect(demoted).toMatchObject({ id: 3, role: 'viewer' });
  });

  it('reached every endpoint of the contract, the 30 of the spec and the extras', () => {
    // spec-minimal has no extras; their calls above met its 404.
    const missing = ENDPOINTS.filter((e) => {
      const pattern = new RegExp(`^${e.path.replace(/\{\w+\}/g, '\\d+')}$`);
      return proxy.count(e.method, pattern) === 0;
    }).map((e) => e.name);
    expect(missing).toEqual([]);
  });

  it('sends the bearer token, JSON and a request id on every request', () => {
    for (const r of proxy.requests) {
      expect(r.headers.authorization).toBe(`Bearer ${sb.token}`);
      expect(r.headers.accept).toBe('application/json');
      expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      if (r.body) expect(r.headers['content-type']).toBe('application/json');
    }
  });
});
