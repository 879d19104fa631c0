/** Goals (OKR objectives) and their targets (key results) (spec Part 4, "Goals"). */
import type {
  CreateGoalBody,
  CreateTargetBody,
  ListGoalsQuery,
  UpdateGoalBody,
} from '../../contract/index.ts';
import type { CallOptions } from '../paginate.ts';
import { GoalRecordSchema, targetRecordSchema } from '../schemas/goals.ts';
import { listMethod, pageOf, type ResourceContext, recordOf } from './support.ts';

export function createGoalsResource(ctx: ResourceContext) {
  return {
    list: listMethod((query: ListGoalsQuery, options?: CallOptions) =>
      ctx.call({ endpoint: 'goals.list', query, read: pageOf(GoalRecordSchema), options }),
    ),

    create: (body: CreateGoalBody, options?: CallOptions) =>
      ctx.call({ endpoint: 'goals.create', body, read: recordOf(GoalRecordSchema), options }),

    update: (id: number, body: UpdateGoalBody, options?: CallOptions) =>
      ctx.call({ endpoint: 'goals.update', params: { id }, body, read: recordOf(GoalRecordSchema), options }),

    /** Adds a key result; answers the target (its goal's progress changes too: list the goal again). */
    addTarget: (goalId: number, body: CreateTargetBody, options?: CallOptions) =>
      ctx.call({
        endpoint: 'goals.addTarget',
        params: { id: goalId },
        body,
        // A service that answers with little (the spec shows no fields) made it as sent.
        read: recordOf(targetRecordSchema(goalId, { ...body })),
        options,
      }),
  };
}

export type GoalsResource = ReturnType<typeof createGoalsResource>;
