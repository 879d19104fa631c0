/** Mind maps (spec Part 4, "Mind maps", plus the single-map extra). */
import type { CreateMindMapBody, PageQuery, ReplaceMindMapDataBody } from '../../contract/index.ts';
import type { CallOptions } from '../paginate.ts';
import {
  MindMapRecordSchema,
  mindMapRecordSchema,
  mindMapSummaryRecordSchema,
} from '../schemas/mind-maps.ts';
import { childListMethod, pageOf, type ResourceContext, recordOf } from './support.ts';

export function createMindMapsResource(ctx: ResourceContext) {
  return {
    listByProject: childListMethod((projectId: number, query: PageQuery, options?: CallOptions) =>
      ctx.call({
        endpoint: 'mindMaps.listByProject',
        params: { id: projectId },
        query,
        read: pageOf(mindMapSummaryRecordSchema(projectId)),
        options,
      }),
    ),

    create: (body: CreateMindMapBody, options?: CallOptions) =>
      ctx.call({
        endpoint: 'mindMaps.create',
        body,
        // A service that answers without the tree (the spec shows no fields) made the map as sent:
        // the given tree, or a new map's only idea, its title.
        read: recordOf(
          mindMapRecordSchema({
            root: body.root ?? { id: 'root', text: body.title, children: [] },
            projectId: body.project_id,
          }),
        ),
        options,
      }),

    /** Replaces the whole tree: send the complete tree, not a change. */
    replaceData: (id: number, body: ReplaceMindMapDataBody, options?: CallOptions) =>
      ctx.call({
        endpoint: 'mindMaps.replaceData',
        params: { id },
        body,
        read: recordOf(mindMapRecordSchema({ root: body.root })),
        options,
      }),

    get: (id: number, options?: CallOptions) =>
      ctx.call({ endpoint: 'mindMaps.get', params: { id }, read: recordOf(MindMapRecordSchema), options }),
  };
}

export type MindMapsResource = ReturnType<typeof createMindMapsResource>;
