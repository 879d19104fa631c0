import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, MEMBERS, startApi } from './helpers/api.ts';

/**
 * The spec-minimal profile's envelopes, errors, headers, paging, query parameters and endpoints,
 * over real HTTP (answers checked against the profile's schemas by helpers/conformance.ts).
 */
let api: Api;
let projectId: number;
const created: number[] = [];
beforeAll(async () => {
  api = await startApi({ profile: 'spec-minimal' });
  projectId = (await api.post('/projects', { workspace_id: 1, name: 'Paging' })).body.id;
  for (let i = 1; i <= 23; i++) {
    created.push((await api.post('/tasks', { project_id: projectId, title: `Task ${i}` })).body.id);
  }
});
afterAll(() => api.sandbox.close());

function rateLimitHeaders(headers: Headers): string[] {
  return [...headers.keys()].filter((name) => name.startsWith('x-ratelimit') || name === 'retry-after');
}

describe('spec-minimal errors', () => {
  it('answer every failure as {"error":{"code","message"}}', async () => {
    const cases: Array<[Promise<{ status: number; body: { error: { code: string } } }>, number, string]> = [
      [api.get('/tasks/999'), 404, 'not_found'],
      [api.get('/nowhere'), 404, 'not_found'],
      [api.get('/projects', { token: null }), 401, 'unauthenticated'],
      [api.asMember(MEMBERS.eve).put('/tasks/1', { title: 'x' }), 403, 'forbidden'],
      [api.post('/tasks', { project_id: 1 }), 422, 'validation_failed'],
      [
        api.call('POST', '/tasks', { rawBody: '{', headers: { 'content-type': 'application/json' } }),
        400,
        'bad_request',
      ],
      [
        api.call('POST', '/tasks', { rawBody: 'x', headers: { 'content-type': 'text/plain' } }),
        415,
        'unsupported_media_type',
      ],
    ];
    for (const [pending, status, code] of cases) {
      const res = await pending;
      expect(res.status).toBe(status);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(res.body.error.code).toBe(code);
    }
  });

  it('answers injected 500s and outages in the same shape', async () => {
    api.sandbox.faults.set({ errorRate: 1 });
    const failed = await api.get('/projects');
    api.sandbox.faults.set({ outage: true });
    const down = await api.get('/projects');
    api.sandbox.faults.clear();
    expect([failed.status, failed.body.error.code]).toEqual([500, 'server_error']);
    expect([down.status, down.body.error.code]).toEqual([503, 'service_unavailable']);
  });
});

describe('spec-minimal rate limits', () => {
  it('sends no rate-limit headers, neither on answers nor on a 429', async () => {
    const limited = await startApi({
      profile: 'spec-minimal',
      rateLimits: { general: 2, search: 2, upload: 2 },
    });
    try {
      const answers = [
        await limited.get('/projects'),
        await limited.get('/projects'),
        await limited.get('/projects'),
      ];
      expect(answers.map((r) => r.status)).toEqual([200, 200, 429]);
      for (const res of answers) expect(rateLimitHeaders(res.headers)).toEqual([]);
      expect(answers[2]?.body).toEqual({
        error: { code: 'too_many_requests', message: 'Too Many Attempts.' },
      });

      limited.sandbox.faults.set({ rateLimitRate: 1 });
      const injected = await limited.as(limited.sandbox.createToken(2)).get('/projects');
      expect(injected.status).toBe(429);
      expect(rateLimitHeaders(injected.headers)).toEqual([]);
    } finally {
      await limited.sandbox.close();
    }
  });
});

describe('spec-minimal paging', () => {
  it('answers meta as exactly {total, per_page, current_page}, 10 a page at most', async () => {
    const path = `/projects/${projectId}/tasks`;
    expect((await api.get(path)).body.meta).toEqual({ total: 23, per_page: 10, current_page: 1 });
    expect((await api.get(`${path}?per_page=50`)).body.meta).toEqual({
      total: 23,
      per_page: 10,
      current_page: 1,
    });
    const small = await api.get(`${path}?per_page=4&page=2`);
    expect(small.body.meta).toEqual({ total: 23, per_page: 4, current_page: 2 });
    expect(small.body.data.map((t: { id: number }) => t.id)).toEqual(created.slice(4, 8));
  });

  it('walks the pages of a list with `page`, each task once', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await api.get(`/projects/${projectId}/tasks?page=${page}`);
      expect(res.body.meta.current_page).toBe(page);
      seen.push(...res.body.data.map((t: { id: number }) => t.id));
    }
    expect(seen).toEqual(created);
    expect((await api.get(`/projects/${projectId}/tasks?page=4`)).body.data).toEqual([]);
  });

  it('ignores per_page on the lists where the spec does not show it', async () => {
    const res = await api.get('/projects?per_page=1');
    expect(res.body.meta).toEqual({ total: 4, per_page: 10, current_page: 1 });
    expect(res.body.data).toHaveLength(4);
  });

  it('with pagingIgnored, answers page 1 whatever page is asked for', async () => {
    const unpaged = await startApi({ profile: 'spec-minimal', pagingIgnored: true });
    try {
      const first = await unpaged.get('/tasks');
      const second = await unpaged.get('/tasks?page=2');
      expect(second.body.meta).toEqual({ total: 22, per_page: 10, current_page: 1 });
      expect(second.body.data).toEqual(first.body.data);
    } finally {
      await unpaged.sandbox.close();
    }
  });
});

describe('spec-minimal query parameters', () => {
  const ids = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((t) => t.id);

  it('honours status on a project task list', async () => {
    const done = await api.get('/projects/1/tasks?status=Done');
    expect(done.body.data.length).toBeGreaterThan(0);
    expect(done.body.meta.total).toBeLessThan((await api.get('/projects/1/tasks')).body.meta.total);
    for (const task of done.body.data) expect(task.status.name).toBe('Done');
  });

  it('ignores every parameter the spec does not show, even malformed ones', async () => {
    const all = await api.get('/projects/1/tasks');
    for (const query of [
      'assignee_id=2',
      'done=true',
      'due_before=2026-11-22',
      'due_after=2026-11-22',
      'q=release',
      'sprint_id=1',
      'assignee_id=abc',
      'due_before=not-a-date',
    ]) {
      const res = await api.get(`/projects/1/tasks?${query}`);
      expect(res.status, query).toBe(200);
      expect(res.body.meta, query).toEqual(all.body.meta);
      expect(ids(res), query).toEqual(ids(all));
    }
    const everything = await api.get('/tasks');
    for (const query of ['project_id=2', 'assignee_id=2', 'done=false', 'status=Done']) {
      const res = await api.get(`/tasks?${query}`);
      expect(res.body.meta, query).toEqual(everything.body.meta);
    }
    const projects = await api.get('/projects');
    expect((await api.get('/projects?status=archived&q=zzz')).body).toEqual(projects.body);
    const goals = await api.get('/goals');
    expect((await api.get('/goals?workspace_id=99&status=achieved')).body).toEqual(goals.body);
  });
});

describe('spec-minimal endpoints', () => {
  it("answers the sandbox's extras 404 in the profile's error shape", async () => {
    for (const path of ['/projects/1/statuses', '/sprints/1/report', '/mind-maps/1']) {
      const res = await api.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code, path).toBe('not_found');
    }
  });

  it('leaves the extras, the query parameters it ignores and the rate-limit headers out of its OpenAPI document', async () => {
    const doc = (await fetch(`${api.sandbox.url}/openapi.json`).then((r) => r.json())) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
      components: { headers: object; schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths)).not.toContain('/projects/{id}/statuses');
    expect(Object.keys(doc.paths)).not.toContain('/sprints/{id}/report');
    expect(doc.paths['/mind-maps/{id}']).toBeUndefined();
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(30);
    const query = (path: string) =>
      (doc.paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(query('/projects/{id}/tasks').sort()).toEqual(['page', 'per_page', 'status']);
    expect(query('/tasks')).toEqual(['page']);
    expect(doc.components.headers).toEqual({});
    expect(JSON.stringify(doc)).not.toMatch(/X-RateLimit|last_page/);
  });
});
