import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startApi } from './helpers/api.ts';

let api: Api;
let projectId: number;
const created: number[] = [];
beforeAll(async () => {
  api = await startApi({ seed: 'empty' });
  projectId = (await api.post('/projects', { workspace_id: 1, name: 'Paging' })).body.data.id;
  for (let i = 1; i <= 23; i++) {
    created.push((await api.post('/tasks', { project_id: projectId, title: `Task ${i}` })).body.data.id);
  }
});
afterAll(() => api.sandbox.close());

describe('paging arithmetic', () => {
  it('walks every page size from 1 to 25 and sees each task exactly once, in order', async () => {
    for (let perPage = 1; perPage <= 25; perPage++) {
      const lastPage = Math.ceil(23 / perPage);
      const seen: number[] = [];
      for (let page = 1; page <= lastPage; page++) {
        const res = await api.get(`/projects/${projectId}/tasks?per_page=${perPage}&page=${page}`);
        expect(res.body.meta).toEqual({
          total: 23,
          per_page: perPage,
          current_page: page,
          last_page: lastPage,
        });
        expect(res.body.data.length).toBe(page < lastPage ? perPage : 23 - perPage * (lastPage - 1));
        seen.push(...res.body.data.map((t: { id: number }) => t.id));
      }
      expect(seen, `per_page=${perPage}`).toEqual(created);
    }
  });

  it('answers an empty page past the last, with the same totals', async () => {
    for (const page of [4, 1000, Number.MAX_SAFE_INTEGER]) {
      const res = await api.get(`/projects/${projectId}/tasks?per_page=10&page=${page}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: [],
        meta: { total: 23, per_page: 10, current_page: page, last_page: 3 },
      });
    }
  });

  it('defaults to 15 a page and clamps per_page to 100, saying so in meta', async () => {
    expect((await api.get(`/projects/${projectId}/tasks`)).body.meta.per_page).toBe(15);
    const big = await api.get(`/projects/${projectId}/tasks?per_page=1000`);
    expect(big.body.meta).toEqual({ total: 23, per_page: 100, current_page: 1, last_page: 1 });
    expect(big.body.data).toHaveLength(23);
  });

  it('has one page, not zero, when nothing matches', async () => {
    const res = await api.get(`/projects/${projectId}/tasks?status=Done`);
    expect(res.body.meta).toEqual({ total: 0, per_page: 15, current_page: 1, last_page: 1 });
  });

  it('pages the small collections the same way', async () => {
    const res = await api.get('/projects?per_page=1&page=2');
    expect(res.body).toEqual({ data: [], meta: { total: 1, per_page: 1, current_page: 2, last_page: 1 } });
  });

  it('rejects zero, negative, fractional and non-numeric paging values', async () => {
    for (const query of ['page=0', 'page=-2', 'page=1.5', 'per_page=0', 'per_page=abc', 'page=1&page=2']) {
      const res = await api.get(`/projects/${projectId}/tasks?${query}`);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors).every((k) => k === 'page' || k === 'per_page')).toBe(true);
    }
  });
});
