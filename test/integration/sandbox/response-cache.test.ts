import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, MEMBERS, startApi } from './helpers/api.ts';

// Task lists reuse their serialised answer until the database changes; none may ever be stale.
describe.each([true, false])('task lists with responseCache: %s', (responseCache) => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi({ responseCache });
  });
  afterAll(() => api.sandbox.close());

  const titles = async (as: Api, path: string) =>
    (await as.get(path)).body.data.map((t: { title: string }) => t.title) as string[];

  it('show a change made through the API at once', async () => {
    expect((await titles(api, '/projects/3/tasks'))[0]).toBe('Renew SSL certificates');
    await api.put('/tasks/21', { title: 'Renew TLS certificates' });
    expect((await titles(api, '/projects/3/tasks'))[0]).toBe('Renew TLS certificates');
    expect(await titles(api, '/tasks?project_id=3')).toContain('Renew TLS certificates');
  });

  it('show a change made to the database directly', async () => {
    const first = (await api.get('/projects/1/tasks')).body.data[0].assignees[0];
    expect(first).toEqual({ id: 2, name: 'Ben Okafor' });
    api.sandbox.db.prepare("UPDATE members SET name = 'Ben O.' WHERE id = 2").run();
    expect((await api.get('/projects/1/tasks')).body.data[0].assignees[0]).toEqual({ id: 2, name: 'Ben O.' });
  });

  it("give each member their own view, and follow a change of someone's access", async () => {
    const dev = api.asMember(MEMBERS.dev);
    expect((await dev.get('/tasks?per_page=100')).body.meta.total).toBe(12);
    expect((await api.get('/tasks?per_page=100')).body.meta.total).toBe(22);
    expect((await dev.get('/projects/1/tasks')).status).toBe(200);
    api.sandbox.db.prepare('DELETE FROM project_members WHERE project_id = 1 AND member_id = 4').run();
    expect((await dev.get('/projects/1/tasks')).status).toBe(403);
    expect((await dev.get('/tasks?per_page=100')).body.meta.total).toBe(0);
  });

  it('still count each request against the rate limit and carry its headers', async () => {
    const limited = await startApi({ responseCache, rateLimits: { general: 3, search: 3, upload: 3 } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await limited.get('/projects/1/tasks')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    await limited.sandbox.close();
  });
});
