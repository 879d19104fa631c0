import {
  CreateMindMapBodySchema,
  type MindMapNode,
  PageQuerySchema,
  type Project,
  ReplaceMindMapDataBodySchema,
} from '../../contract/index.ts';
import { treeProblems, walkTree } from '../domain/mind-map-tree.ts';
import { notFound, validationFailed } from '../http/api-error.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import { getMindMap, insertMindMap, listMindMaps, replaceMindMapRoot } from '../store/mind-maps.ts';
import { assertActive, projectById, projectInBody } from './access.ts';
import { created, type Handler, type HandlerContext, list, ok } from './handler-context.ts';

/** The tree's rules, plus: a node linked to a task links to a task of the same project. */
function checkTree(ctx: HandlerContext, project: Project, root: MindMapNode): void {
  const problems = treeProblems(root);
  const linked = walkTree(root).filter((v) => v.node.task_id !== undefined && v.node.task_id !== null);
  if (linked.length > 0) {
    const ids = [...new Set(linked.map((v) => v.node.task_id as number))];
    const found = new Set(
      ctx.db
        .all<{ id: number }>(
          'SELECT id FROM tasks WHERE project_id = ? AND id IN (SELECT value FROM json_each(?))',
          [project.id, JSON.stringify(ids)],
        )
        .map((r) => r.id),
    );
    for (const { node, path } of linked) {
      if (!found.has(node.task_id as number)) {
        problems[`${path}.task_id`] = [`Task ${node.task_id} is not a task of project ${project.id}.`];
      }
    }
  }
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
}

export const mindMapHandlers = {
  'mindMaps.listByProject': (ctx) => {
    projectById(ctx, ctx.id, 'read');
    const query = ctx.query(PageQuerySchema);
    return list(pageOf(listMindMaps(ctx.db, ctx.id), pageRequest(query)));
  },

  'mindMaps.create': (ctx) => {
    const body = ctx.body(CreateMindMapBodySchema);
    const project = projectInBody(ctx, body.project_id, 'project_id', 'write');
    const root = body.root ?? { id: 'root', text: body.title, children: [] };
    checkTree(ctx, project, root);
    assertActive(project);
    const id = insertMindMap(ctx.db, { projectId: project.id, title: body.title, root, now: ctx.nowIso });
    return created(getMindMap(ctx.db, id));
  },

  'mindMaps.replaceData': (ctx) => {
    const mindMap = getMindMap(ctx.db, ctx.id);
    if (!mindMap) throw notFound('Mind map', ctx.id);
    const project = projectById(ctx, mindMap.project_id, 'write');
    const body = ctx.body(ReplaceMindMapDataBodySchema);
    checkTree(ctx, project, body.root);
    assertActive(project);
    replaceMindMapRoot(ctx.db, mindMap.id, body.root, ctx.nowIso);
    return ok(getMindMap(ctx.db, mindMap.id));
  },

  'mindMaps.get': (ctx) => {
    const mindMap = getMindMap(ctx.db, ctx.id);
    if (!mindMap) throw notFound('Mind map', ctx.id);
    projectById(ctx, mindMap.project_id, 'read');
    return ok(mindMap);
  },
} satisfies Record<string, Handler>;
