/** Workspaces and their members (spec Part 4, "Workspaces"). */
import type { CreateWorkspaceBody, PageQuery, UpdateWorkspaceBody } from '../../contract/index.ts';
import { CACHE_TTL_MS } from '../cache.ts';
import type { CallOptions } from '../paginate.ts';
import { WorkspaceMemberRecordSchema, WorkspaceRecordSchema } from '../schemas/records.ts';
import { childListMethod, listMethod, pageOf, queryKey, type ResourceContext, recordOf } from './support.ts';

export function createWorkspacesResource(ctx: ResourceContext) {
  return {
    list: listMethod((query: PageQuery, options?: CallOptions) =>
      ctx.call({ endpoint: 'workspaces.list', query, read: pageOf(WorkspaceRecordSchema), options }),
    ),

    create: (body: CreateWorkspaceBody, options?: CallOptions) =>
      ctx.call({ endpoint: 'workspaces.create', body, read: recordOf(WorkspaceRecordSchema), options }),

    update: async (id: number, body: UpdateWorkspaceBody, options?: CallOptions) => {
      const workspace = await ctx.call({
        endpoint: 'workspaces.update',
        params: { id },
        body,
        read: recordOf(WorkspaceRecordSchema),
        options,
      });
      await ctx.invalidate([`workspace:${id}`]);
      return workspace;
    },

    /** Cached (`CACHE_TTL_MS.members`): member lists feed pickers and name look-ups on every command. */
    members: childListMethod((id: number, query: PageQuery, options?: CallOptions) =>
      ctx.cached(
        `workspaces.members:${id}:${queryKey(query)}`,
        CACHE_TTL_MS.members,
        [`workspace:${id}`],
        () =>
          ctx.call({
            endpoint: 'workspaces.members',
            params: { id },
            query,
            read: pageOf(WorkspaceMemberRecordSchema),
            options,
          }),
        options,
      ),
    ),
  };
}

export type WorkspacesResource = ReturnType<typeof createWorkspacesResource>;
