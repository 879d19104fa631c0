import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MindMapNode } from '../../../src/contract/index.ts';
import { type Api, databaseDigest, MEMBERS, NOW, startApi } from './helpers/api.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

/** A chain of `depth` nodes: root → n2 → n3 … */
function chain(depth: number): MindMapNode {
  let node: MindMapNode = { id: `n${depth}`, text: `level ${depth}`, children: [] };
  for (let level = depth - 1; level >= 1; level--) {
    node = { id: level === 1 ? 'root' : `n${level}`, text: `level ${level}`, children: [node] };
  }
  return node;
}

describe('reading mind maps', () => {
  it("lists a project's mind maps without their trees", async () => {
    const res = await api.get('/projects/1/mind-maps');
    expect(res.body.data).toEqual([
      { id: 1, project_id: 1, title: 'Website relaunch', created_at: NOW, updated_at: NOW },
    ]);
    expect((await api.get('/projects/2/mind-maps')).body.data).toEqual([]);
    expect((await api.get('/projects/7/mind-maps')).status).toBe(404);
  });

  it('answers one mind map with its tree', async () => {
    const res = await api.get('/mind-maps/1');
    expect(res.body.data.root.text).toBe('Website relaunch');
    expect(res.body.data.root.children.map((c: MindMapNode) => c.id)).toEqual([
      'design',
      'content',
      'launch',
    ]);
    expect(res.body.data.root.children[0].children[0]).toEqual({
      id: 'hero',
      text: 'New hero section',
      task_id: 5,
      children: [],
    });
    expect((await api.get('/mind-maps/2')).status).toBe(404);
    expect((await api.asMember(MEMBERS.dev).get('/mind-maps/1')).status).toBe(200);
  });
});

describe('POST /mind-maps', () => {
  it('starts a map with a single root named after it', async () => {
    const res = await api.post('/mind-maps', { project_id: 2, title: 'App ideas' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      project_id: 2,
      title: 'App ideas',
      root: { id: 'root', text: 'App ideas', children: [] },
    });
  });

  it('takes a whole tree, and 50 levels deep is allowed', async () => {
    const res = await api.post('/mind-maps', { project_id: 2, title: 'Deep', root: chain(50) });
    expect(res.status).toBe(201);
    expect((await api.get(`/mind-maps/${res.body.data.id}`)).body.data.root).toEqual(chain(50));
  });
});

describe('PUT /mind-maps/{id}/data', () => {
  it('replaces the whole tree', async () => {
    const root: MindMapNode = {
      id: 'root',
      text: 'Relaunch v2',
      children: [{ id: 'a', text: 'Only child', task_id: 3, color: '#FF0000', children: [] }],
    };
    const res = await api.put('/mind-maps/1/data', { root });
    expect(res.status).toBe(200);
    expect(res.body.data.root).toEqual(root);
    expect((await api.get('/mind-maps/1')).body.data.root).toEqual(root);
  });

  it('rejects a tree that breaks the rules, naming the node, and keeps the old tree', async () => {
    const before = databaseDigest(api.sandbox.db);
    const cases: Array<[MindMapNode | unknown, string[]]> = [
      [
        {
          id: 'root',
          text: 'R',
          children: [
            { id: 'x', text: 'A', children: [] },
            { id: 'x', text: 'B', children: [] },
          ],
        },
        ['root.children.1.id'],
      ],
      [
        { id: 'root', text: 'R', children: [{ id: 'a', text: 'A', task_id: 13, children: [] }] },
        ['root.children.0.task_id'],
      ],
      [
        { id: 'root', text: 'R', children: [{ id: 'a', text: '', color: 'blue', children: [] }] },
        ['root.children.0.color', 'root.children.0.text'],
      ],
      [{ id: 'root', text: 'R', children: [{ id: 'a', text: 'A' }] }, ['root.children.0.children']],
      [{ id: 'root', text: 'R', children: [], parent: null }, ['root.parent']],
      [chain(51), [`root${'.children.0'.repeat(50)}`]],
    ];
    for (const [root, fields] of cases) {
      const res = await api.put('/mind-maps/1/data', { root });
      expect(res.status, fields.join()).toBe(422);
      expect(Object.keys(res.body.errors).sort()).toEqual(fields);
    }
    const missing = await api.put('/mind-maps/1/data', {});
    expect(missing.body.errors).toEqual({ root: ['This field is required.'] });
    expect(databaseDigest(api.sandbox.db)).toBe(before);
  });

  it('survives absurdly deep input with a 422, not a crash', async () => {
    const deep = `${'{"id":"a","text":"a","children":['.repeat(5000)}${']}'.repeat(5000)}`;
    const res = await api.call('PUT', '/mind-maps/1/data', {
      rawBody: `{"root":${deep}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ body: ['Nested deeper than 128 levels.'] });
  });

  it('answers 404 for an unknown map and 403 for a viewer', async () => {
    const root = { id: 'r', text: 'r', children: [] };
    expect((await api.put('/mind-maps/99/data', { root })).status).toBe(404);
    expect((await api.asMember(MEMBERS.eve).put('/mind-maps/1/data', { root })).status).toBe(403);
  });
});
