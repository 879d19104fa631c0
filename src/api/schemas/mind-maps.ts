/**
 * Mind maps. The contract's tree is `{id, text, children[]}`; the client also reads `topic` or
 * `title` as a node's label, numeric node ids, and a flat `[{id, parent_id, text}]` list (as `root`,
 * `nodes` or `data`), which it turns into the tree. A list with several top nodes gets one root
 * named after the map, so the rest of the app always sees one tree.
 */
import { z } from 'zod';
import { IdSchema, MindMapSummarySchema } from '../../contract/index.ts';
import { LenientDateTimeSchema } from './lenient.ts';
import { displayNameOf, fallbackName } from './names.ts';

export interface MindMapNodeRecord {
  id: string;
  text: string;
  children: MindMapNodeRecord[];
  task_id?: number | null | undefined;
  color?: string | undefined;
  [field: string]: unknown;
}

/** Far beyond the service's own limit (50): only a broken answer goes deeper. */
const MAX_DEPTH = 500;

export const MindMapNodeRecordSchema: z.ZodType<MindMapNodeRecord> = z.lazy(() =>
  z.looseObject({
    id: z.string().min(1),
    text: z.string(),
    children: z.array(MindMapNodeRecordSchema),
    task_id: IdSchema.nullable().optional(),
    color: z.string().optional(),
  }),
);

type Raw = Record<string, unknown>;
const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

class TreeProblem extends Error {}

function label(raw: Raw): unknown {
  return raw.text ?? raw.topic ?? raw.title;
}

function nodeId(raw: Raw): unknown {
  return typeof raw.id === 'number' ? String(raw.id) : raw.id;
}

function normaliseTree(raw: unknown, depth = 0): unknown {
  if (!isRecord(raw)) return raw;
  if (depth > MAX_DEPTH) throw new TreeProblem(`the tree is deeper than ${MAX_DEPTH} levels`);
  const { topic: _topic, title: _title, ...rest } = raw;
  return {
    ...rest,
    id: nodeId(raw),
    text: label(raw),
    children: Array.isArray(raw.children) ? raw.children.map((c) => normaliseTree(c, depth + 1)) : [],
  };
}

/** Builds the tree from a flat list of `{id, parent_id, text}`. */
export function treeFromFlatList(items: unknown[], mapTitle: string): unknown {
  const nodes = new Map<string, Raw & { children: unknown[] }>();
  const parents = new Map<string, string | undefined>();
  for (const [index, item] of items.entries()) {
    if (!isRecord(item)) throw new TreeProblem(`node ${index} is not an object`);
    const id = nodeId(item);
    if (typeof id !== 'string' || id === '') throw new TreeProblem(`node ${index} has no id`);
    if (nodes.has(id)) throw new TreeProblem(`node id "${id}" appears twice`);
    const { parent_id, topic: _topic, title: _title, ...rest } = item;
    nodes.set(id, { ...rest, id, text: label(item), children: [] });
    parents.set(
      id,
      parent_id === null || parent_id === undefined || parent_id === '' ? undefined : String(parent_id),
    );
  }
  const tops: unknown[] = [];
  for (const [id, node] of nodes) {
    const parentId = parents.get(id);
    if (parentId === undefined) {
      tops.push(node);
      continue;
    }
    const parent = nodes.get(parentId);
    if (!parent) throw new TreeProblem(`node "${id}" names parent "${parentId}", which is not in the map`);
    parent.children.push(node);
  }
  // Every node must hang from a top node; what does not forms a cycle.
  let reached = 0;
  const stack = [...tops];
  while (stack.length) {
    const node = stack.pop() as { children: unknown[] };
    reached++;
    stack.push(...node.children);
  }
  if (reached !== nodes.size) throw new TreeProblem(`${nodes.size - reached} node(s) form a cycle`);
  if (tops.length === 1) return tops[0];
  let rootId = 'root';
  while (nodes.has(rootId)) rootId = `_${rootId}`;
  return { id: rootId, text: mapTitle, children: tops };
}

// Only `id` is promised (spec Part 2, "Other resources"): the rest is read when present.
const summaryShape = MindMapSummarySchema.extend({
  project_id: IdSchema.nullable().catch(null),
  created_at: LenientDateTimeSchema.nullable().catch(null),
  updated_at: LenientDateTimeSchema.nullable().catch(null),
}).loose();

const mindMapShape = summaryShape.extend({ root: MindMapNodeRecordSchema });

/** What a map's summary needs from the record, the list's project (from its path) filling a gap. */
function normaliseSummary(raw: unknown, projectId?: number): unknown {
  if (!isRecord(raw)) return raw;
  return {
    ...raw,
    title: displayNameOf(raw) ?? fallbackName('Mind map', raw),
    project_id: typeof raw.project_id === 'number' ? raw.project_id : (projectId ?? null),
  };
}

export function mindMapSummaryRecordSchema(projectId?: number) {
  return z.preprocess((raw) => normaliseSummary(raw, projectId), summaryShape);
}
export const MindMapSummaryRecordSchema = mindMapSummaryRecordSchema();
export type MindMapSummaryRecord = z.output<typeof summaryShape>;

/**
 * A map with its tree. `known` is what the caller already holds (the tree it just sent, the
 * project it asked in), used where the answer leaves it out.
 */
export function mindMapRecordSchema(known: { root?: unknown; projectId?: number } = {}) {
  return z
    .unknown()
    .transform((input, ctx) => {
      if (!isRecord(input)) return input;
      const raw: Raw = normaliseSummary(input, known.projectId) as Raw;
      if (raw.root === undefined && raw.nodes === undefined && !Array.isArray(raw.data) && known.root) {
        raw.root = known.root;
      }
      const title = typeof raw.title === 'string' ? raw.title : '';
      try {
        const flat = [raw.root, raw.nodes, raw.data].find(Array.isArray);
        const root = isRecord(raw.root)
          ? normaliseTree(raw.root)
          : flat
            ? treeFromFlatList(flat, title)
            : raw.root;
        const out: Raw = { ...raw, root };
        // The flat list now lives in `root`; do not hand it on twice.
        if (flat === raw.nodes) delete out.nodes;
        if (flat === raw.data) delete out.data;
        return out;
      } catch (error) {
        if (!(error instanceof TreeProblem)) throw error;
        ctx.addIssue({ code: 'custom', message: `mind map tree: ${error.message}`, path: ['root'] });
        return z.NEVER;
      }
    })
    .pipe(mindMapShape);
}
export const MindMapRecordSchema = mindMapRecordSchema();
export type MindMapRecord = z.output<typeof mindMapShape>;
