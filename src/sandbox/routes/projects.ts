import {
  CreateProjectBodySchema,
  ListProjectsQuerySchema,
  UpdateProjectBodySchema,
} from '../../contract/index.ts';
import { conflict, forbidden } from '../http/api-error.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import { workspaceRole } from '../store/members.ts';
import { getProject, insertProject, listProjects, listStatuses, updateProject } from '../store/projects.ts';
import { assertWorkspaceInBody, projectById } from './access.ts';
import { created, type Handler, list, ok } from './handler-context.ts';

export const projectHandlers = {
  'projects.list': (ctx) => {
    const query = ctx.query(ListProjectsQuerySchema);
    const projects = listProjects(ctx.db, {
      viewer: ctx.viewer.id,
      workspaceId: query.workspace_id,
      status: query.status,
      q: query.q,
    });
    return list(pageOf(projects, pageRequest(query)));
  },

  'projects.create': (ctx) => {
    const body = ctx.body(CreateProjectBodySchema);
    assertWorkspaceInBody(ctx, body.workspace_id);
    const role = workspaceRole(ctx.db, body.workspace_id, ctx.viewer.id);
    if (role === null || role === 'guest') {
      throw forbidden(
        `Only members of workspace ${body.workspace_id} (not guests) may create projects in it.`,
      );
    }
    const id = insertProject(ctx.db, {
      workspaceId: body.workspace_id,
      name: body.name,
      description: body.description ?? null,
      color: body.color ?? null,
      creatorId: ctx.viewer.id,
      now: ctx.nowIso,
    });
    return created(getProject(ctx.db, id));
  },

  'projects.get': (ctx) => ok(projectById(ctx, ctx.id, 'read')),

  'projects.update': (ctx) => {
    const project = projectById(ctx, ctx.id, 'admin');
    const body = ctx.body(UpdateProjectBodySchema);
    const status = body.status ?? project.status;
    const editsContent =
      body.name !== undefined || body.description !== undefined || body.color !== undefined;
    if (project.status === 'archived' && status === 'archived' && editsContent) {
      throw conflict(
        `Project ${project.id} is archived; send "status": "active" to restore it before editing.`,
      );
    }
    let archivedAt = project.archived_at;
    if (status === 'archived' && project.status !== 'archived') archivedAt = ctx.nowIso;
    if (status === 'active') archivedAt = null;
    updateProject(ctx.db, {
      id: project.id,
      name: body.name ?? project.name,
      description: body.description === undefined ? project.description : body.description,
      color: body.color === undefined ? project.color : body.color,
      status,
      archived_at: archivedAt,
      updated_at: ctx.nowIso,
    });
    return ok(getProject(ctx.db, project.id));
  },

  'projects.statuses': (ctx) => {
    projectById(ctx, ctx.id, 'read');
    const statuses = listStatuses(ctx.db, ctx.id);
    return list(pageOf(statuses, { page: 1, perPage: Math.max(1, statuses.length), offset: 0 }));
  },
} satisfies Record<string, Handler>;
