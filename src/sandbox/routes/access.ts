import type { Project, ProjectRole } from '../../contract/index.ts';
import { conflict, forbidden, invalidField, notFound } from '../http/api-error.ts';
import { projectRole, type WorkspaceRole, workspaceRole } from '../store/members.ts';
import { getProject } from '../store/projects.ts';
import { getWorkspace } from '../store/workspaces.ts';
import type { HandlerContext } from './handler-context.ts';

/**
 * Who may do what. Workspace owners and admins act as admins of all its projects; anyone else acts
 * through their project role: viewers read, members also write, admins also manage the project and
 * its people. Someone outside the workspace sees nothing of it.
 */
export type ProjectNeed = 'read' | 'write' | 'admin';

export function effectiveProjectRole(ctx: HandlerContext, project: Project): ProjectRole | null {
  const wsRole = workspaceRole(ctx.db, project.workspace_id, ctx.viewer.id);
  if (wsRole === null) return null;
  if (wsRole === 'owner' || wsRole === 'admin') return 'admin';
  return projectRole(ctx.db, project.id, ctx.viewer.id);
}

function authorise(ctx: HandlerContext, project: Project, need: ProjectNeed): ProjectRole {
  const role = effectiveProjectRole(ctx, project);
  if (role === null) throw forbidden(`You are not a member of project ${project.id}.`);
  if (need === 'write' && role === 'viewer') {
    throw forbidden(`Viewers cannot change project ${project.id}.`);
  }
  if (need === 'admin' && role !== 'admin') {
    throw forbidden(`Only an admin of project ${project.id} may do this.`);
  }
  return role;
}

/**
 * A project named in the path or owning a record found by id, if the viewer may `need` it: 404 when
 * unknown, 403 when not allowed.
 */
export function projectById(ctx: HandlerContext, projectId: number, need: ProjectNeed): Project {
  const project = getProject(ctx.db, projectId);
  if (!project) throw notFound('Project', projectId);
  authorise(ctx, project, need);
  return project;
}

/** The project named by a body field: an unknown id is a 422 on that field. */
export function projectInBody(
  ctx: HandlerContext,
  projectId: number,
  field: string,
  need: ProjectNeed,
): Project {
  const project = getProject(ctx.db, projectId);
  if (!project) throw invalidField(field, `Project ${projectId} does not exist.`);
  authorise(ctx, project, need);
  return project;
}

/** The workspace named by a body's `workspace_id`: an unknown id is a 422 on that field. */
export function assertWorkspaceInBody(ctx: HandlerContext, workspaceId: number): void {
  if (!getWorkspace(ctx.db, workspaceId)) {
    throw invalidField('workspace_id', `Workspace ${workspaceId} does not exist.`);
  }
}

/** Archived projects are read-only until restored. */
export function assertActive(project: Project): void {
  if (project.status === 'archived') {
    throw conflict(`Project ${project.id} is archived; restore it before changing its contents.`);
  }
}

/** The viewer's role in a workspace: 404 when it does not exist, 403 when not a member or not enough. */
export function workspaceAccess(
  ctx: HandlerContext,
  workspaceId: number,
  need: 'member' | 'admin',
  exists: boolean,
): WorkspaceRole {
  if (!exists) throw notFound('Workspace', workspaceId);
  const role = workspaceRole(ctx.db, workspaceId, ctx.viewer.id);
  if (role === null) throw forbidden(`You are not a member of workspace ${workspaceId}.`);
  if (need === 'admin' && role !== 'owner' && role !== 'admin') {
    throw forbidden(`Only an owner or admin of workspace ${workspaceId} may do this.`);
  }
  return role;
}
