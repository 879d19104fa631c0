import {
  CreateWorkspaceBodySchema,
  PageQuerySchema,
  UpdateWorkspaceBodySchema,
} from '../../contract/index.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import { listWorkspaceMembers } from '../store/members.ts';
import {
  DEFAULT_WORKSPACE_SETTINGS,
  getWorkspace,
  insertWorkspace,
  listWorkspacesOf,
  updateWorkspace,
} from '../store/workspaces.ts';
import { workspaceAccess } from './access.ts';
import { created, type Handler, list, ok } from './handler-context.ts';

export const workspaceHandlers = {
  'workspaces.list': (ctx) => {
    const query = ctx.query(PageQuerySchema);
    return list(pageOf(listWorkspacesOf(ctx.db, ctx.viewer.id), pageRequest(query)));
  },

  'workspaces.create': (ctx) => {
    const body = ctx.body(CreateWorkspaceBodySchema);
    const id = insertWorkspace(ctx.db, {
      name: body.name,
      settings: { ...DEFAULT_WORKSPACE_SETTINGS, ...body.settings },
      ownerId: ctx.viewer.id,
      now: ctx.nowIso,
    });
    return created(getWorkspace(ctx.db, id));
  },

  'workspaces.update': (ctx) => {
    const workspace = getWorkspace(ctx.db, ctx.id);
    workspaceAccess(ctx, ctx.id, 'admin', workspace !== undefined);
    const body = ctx.body(UpdateWorkspaceBodySchema);
    // Settings merge key by key: a client changing the time zone need not resend the locale.
    updateWorkspace(ctx.db, ctx.id, {
      name: body.name ?? workspace!.name,
      settings: { ...workspace!.settings, ...body.settings },
    });
    return ok(getWorkspace(ctx.db, ctx.id));
  },

  'workspaces.members': (ctx) => {
    workspaceAccess(ctx, ctx.id, 'member', getWorkspace(ctx.db, ctx.id) !== undefined);
    const query = ctx.query(PageQuerySchema);
    return list(pageOf(listWorkspaceMembers(ctx.db, ctx.id), pageRequest(query)));
  },
} satisfies Record<string, Handler>;
