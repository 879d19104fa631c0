/** Sprints (spec Part 4, "Sprints", plus the agile report extra). */
import type { CreateSprintBody, ListSprintsQuery, StartSprintBody } from '../../contract/index.ts';
import type { CallOptions } from '../paginate.ts';
import { SprintReportRecordSchema, sprintRecordSchema } from '../schemas/records.ts';
import { childListMethod, pageOf, type ResourceContext, recordOf } from './support.ts';

export function createSprintsResource(ctx: ResourceContext) {
  return {
    listByProject: childListMethod((projectId: number, query: ListSprintsQuery, options?: CallOptions) =>
      ctx.call({
        endpoint: 'sprints.listByProject',
        params: { id: projectId },
        query,
        read: pageOf(sprintRecordSchema(projectId)),
        options,
      }),
    ),

    create: (body: CreateSprintBody, options?: CallOptions) =>
      ctx.call({
        endpoint: 'sprints.create',
        body,
        read: recordOf(sprintRecordSchema(body.project_id)),
        options,
      }),

    /**
     * Starts a planned sprint; `body` may set or move its dates. `projectId` (the sprint's, as the
     * caller knows it) stands in when the answer does not name the project.
     */
    start: (id: number, body?: StartSprintBody, options?: CallOptions & { projectId?: number }) =>
      ctx.call({
        endpoint: 'sprints.start',
        params: { id },
        body,
        // A service that answers with less (the spec shows no fields) started it as asked.
        read: recordOf(sprintRecordSchema(options?.projectId, { status: 'active', ...body })),
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
