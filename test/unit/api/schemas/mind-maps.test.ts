import { describe, expect, it } from 'vitest';
import { MindMapRecordSchema } from '../../../../src/api/schemas/mind-maps.ts';

const base = {
  id: 1,
  project_id: 1,
  title: 'Relaunch',
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
};

describe('mind maps', () => {
  it('reads the contract tree unchanged', () => {
    const root = {
      id: 'root',
      text: 'Relaunch',
      children: [{ id: 'a', text: 'A', children: [], task_id: 3 }],
    };
    expect(MindMapRecordSchema.parse({ ...base, root })).toEqual({ ...base, root });
  });

  it('reads topic or title as the label, and numeric ids', () => {
    const parsed = MindMapRecordSchema.parse({
      ...base,
      root: { id: 1, topic: 'Relaunch', children: [{ id: 2, title: 'Copy' }] },
    });
    expect(parsed.root).toEqual({
      id: '1',
      text: 'Relaunch',
      children: [{ id: '2', text: 'Copy', children: [] }],
    });
  });

  it('builds the tree from a flat list', () => {
    const parsed = MindMapRecordSchema.parse({
      ...base,
      nodes: [
        { id: 'b', parent_id: 'root', text: 'B' },
        { id: 'root', parent_id: null, text: 'Relaunch' },
        { id: 'c', parent_id: 'b', topic: 'C' },
      ],
    });
    expect(parsed.root).toEqual({
      id: 'root',
      text: 'Relaunch',
      children: [{ id: 'b', text: 'B', children: [{ id: 'c', text: 'C', children: [] }] }],
    });
    expect('nodes' in parsed).toBe(false);
  });

  it('hangs several top nodes from one root named after the map', () => {
    const parsed = MindMapRecordSchema.parse({
      ...base,
      root: [
        { id: 'root', parent_id: null, text: 'One' },
        { id: 'x', text: 'Two' },
      ],
    });
    expect(parsed.root.id).toBe('_root');
    expect(parsed.root.text).toBe('Relaunch');
    expect(parsed.root.children.map((c) => c.id)).toEqual(['root', 'x']);
  });

  it('names the fault in a broken flat list', () => {
    const bad = (nodes: unknown[]) => {
      const r = MindMapRecordSchema.safeParse({ ...base, nodes });
      return r.success ? 'ok' : r.error.issues[0]!.message;
    };
    expect(bad([{ id: 'a', parent_id: 'zz', text: 'A' }])).toBe(
      'mind map tree: node "a" names parent "zz", which is not in the map',
    );
    expect(
      bad([
        { id: 'r', text: 'R' },
        { id: 'a', parent_id: 'b', text: 'A' },
        { id: 'b', parent_id: 'a', text: 'B' },
      ]),
    ).toBe('mind map tree: 2 node(s) form a cycle');
    expect(
      bad([
        { id: 'a', text: 'A' },
        { id: 'a', text: 'again' },
      ]),
    ).toBe('mind map tree: node id "a" appears twice');
  });
});
