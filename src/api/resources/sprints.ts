/** Sprints (spec Part 4, "Sprints", plus the agile report extra). */
import type { CreateSprintBody, ListSprintsQuery, StartSprintBody } from '../../contract/index.ts';
import type { CallOptions } from '../paginate.ts';
import { SprintRecordSchema, SprintReportRecordSchema } from '../schemas/records.ts';
import { childListMethod, pageOf, type ResourceContext, recordOf } from './support.ts';

export function createSprintsResource(ctx: ResourceContext) {
  return {
    listByProject: childListMethod((projectId: number, query: ListSprintsQuery, options?: CallOptions) =>
      ctx.call({
        endpoint: 'sprints.listByProject',
        params: { id: projectId },
        query,
        read: pageOf(SprintRecordSchema),
        options,
      }),
    ),

    create: (body: CreateSprintBody, options?: CallOptions) =>
      ctx.call({ endpoint: 'sprints.create', body, read: recordOf(SprintRecordSchema), options }),

    /** Starts a planned sprint; `body` may set or move its dates. */
    start: (id: number, body?: StartSprintBody, options?: CallOptions) =>
      ctx.call({
        endpoint: 'sprints.start',
        params: { id },
        body,
        read: recordOf(SprintRecordSchema),
        options,
      }),

    report: (id: number, options?: CallOptions) =>
      ctx.call({
        endpoint: 'sprints.report',
        params: { id },
        read: recordOf(SprintReportRecordSchema),
        options,
      }),
  };
}

export type SprintsResource = ReturnType<typeof createSprintsResource>;
