import { describe, expect, it } from 'vitest';
import type { MindMapNode } from '../../../src/contract/index.ts';
import { MAX_MIND_MAP_DEPTH, treeProblems, walkTree } from '../../../src/sandbox/domain/mind-map-tree.ts';

const leaf = (id: string): MindMapNode => ({ id, text: id, children: [] });

function chain(depth: number): MindMapNode {
  let node = leaf(`n${depth}`);
  for (let i = depth - 1; i >= 1; i--) node = { id: `n${i}`, text: 'x', children: [node] };
  return node;
}

describe('walkTree', () => {
  it('visits depth first with field paths and depths', () => {
    const root: MindMapNode = {
      id: 'r',
      text: 'r',
      children: [{ id: 'a', text: 'a', children: [leaf('b')] }, leaf('c')],
    };
    expect(walkTree(root).map((v) => [v.node.id, v.path, v.depth])).toEqual([
      ['r', 'root', 1],
      ['a', 'root.children.0', 2],
      ['b', 'root.children.0.children.0', 3],
      ['c', 'root.children.1', 2],
    ]);
  });

  it('walks a deep tree without recursion', () => {
    expect(walkTree(chain(20_000))).toHaveLength(20_000);
  });
});

describe('treeProblems', () => {
  it('accepts a good tree and exactly the maximum depth', () => {
    expect(treeProblems({ id: 'r', text: 'r', children: [leaf('a'), leaf('b')] })).toEqual({});
    expect(treeProblems(chain(MAX_MIND_MAP_DEPTH))).toEqual({});
  });

  it('names each duplicate id after the first, and the first node too deep', () => {
    const root: MindMapNode = { id: 'r', text: 'r', children: [leaf('a'), leaf('a'), leaf('r')] };
    expect(treeProblems(root)).toEqual({
      'root.children.1.id': ['Duplicate node id "a" (also at root.children.0).'],
      'root.children.2.id': ['Duplicate node id "r" (also at root).'],
    });
    const deep = treeProblems(chain(MAX_MIND_MAP_DEPTH + 3));
    expect(Object.keys(deep)).toEqual([`root${'.children.0'.repeat(MAX_MIND_MAP_DEPTH)}`]);
  });
});
