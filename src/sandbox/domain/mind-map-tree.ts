import type { MindMapNode } from '../../contract/index.ts';

/** The deepest a mind map may nest (api-assumptions.md); the root is depth 1. */
export const MAX_MIND_MAP_DEPTH = 50;

export interface NodeVisit {
  node: MindMapNode;
  /** The node's field path from the body, e.g. `root.children.2`. */
  path: string;
  depth: number;
}

/** Every node of a tree, depth first, without recursion. */
export function walkTree(root: MindMapNode, rootPath = 'root'): NodeVisit[] {
  const visits: NodeVisit[] = [];
  const stack: NodeVisit[] = [{ node: root, path: rootPath, depth: 1 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    visits.push(visit);
    for (let i = visit.node.children.length - 1; i >= 0; i--) {
      stack.push({
        node: visit.node.children[i]!,
        path: `${visit.path}.children.${i}`,
        depth: visit.depth + 1,
      });
    }
  }
  return visits;
}

/**
 * The tree's own rules beyond its shape: node ids unique, depth at most 50. Problems are keyed by
 * field path, ready for a 422.
 */
export function treeProblems(root: MindMapNode, rootPath = 'root'): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const firstPathOfId = new Map<string, string>();
  for (const { node, path, depth } of walkTree(root, rootPath)) {
    const seen = firstPathOfId.get(node.id);
    if (seen !== undefined) problems[`${path}.id`] = [`Duplicate node id "${node.id}" (also at ${seen}).`];
    else firstPathOfId.set(node.id, path);
    if (depth === MAX_MIND_MAP_DEPTH + 1) {
      problems[path] = [`Nested deeper than ${MAX_MIND_MAP_DEPTH} levels.`];
    }
  }
  return problems;
}
