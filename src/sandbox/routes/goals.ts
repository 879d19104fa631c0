import {
  CreateGoalBodySchema,
  CreateTargetBodySchema,
  type Goal,
  ListGoalsQuerySchema,
  UpdateGoalBodySchema,
} from '../../contract/index.ts';
import { type FieldErrors, forbidden, notFound, validationFailed } from '../http/api-error.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import { getGoal, getTarget, insertGoal, insertTarget, listGoals, updateGoal } from '../store/goals.ts';
import { nonWorkspaceMembers } from '../store/members.ts';
import { getProject } from '../store/projects.ts';
import { assertWorkspaceInBody, workspaceAccess } from './access.ts';
import { created, type Handler, type HandlerContext, list, ok } from './handler-context.ts';

/** Goals belong to a workspace; its members other than guests set them. */
function assertMayWriteGoals(ctx: HandlerContext, workspaceId: number): void {
  const role = workspaceAccess(ctx, workspaceId, 'member', true);
  if (role === 'guest') throw forbidden(`Guests cannot change the goals of workspace ${workspaceId}.`);
}

function checkGoalRefs(
  ctx: HandlerContext,
  workspaceId: number,
  values: {
    project_id: number | null;
    owner_id: number | null;
    start_date: string | null;
    due_date: string | null;
  },
): void {
  const errors: FieldErrors = {};
  if (values.project_id !== null && getProject(ctx.db, values.project_id)?.workspace_id !== workspaceId) {
    errors.project_id = [`Project ${values.project_id} is not a project of workspace ${workspaceId}.`];
  }
  if (values.owner_id !== null && nonWorkspaceMembers(ctx.db, workspaceId, [values.owner_id]).size > 0) {
    errors.owner_id = [`Member ${values.owner_id} is not a member of workspace ${workspaceId}.`];
  }
  if (values.start_date !== null && values.due_date !== null && values.due_date < values.start_date) {
    errors.due_date = [`Must not be before start_date (${values.start_date}).`];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

function loadGoal(ctx: HandlerContext): Goal {
  const goal = getGoal(ctx.db, ctx.id);
  if (!goal) throw notFound('Goal', ctx.id);
  return goal;
}

export const goalHandlers = {
  'goals.list': (ctx) => {
    const query = ctx.query(ListGoalsQuerySchema);
    const goals = listGoals(ctx.db, {
      viewer: ctx.viewer.id,
      workspaceId: query.workspace_id,
      projectId: query.project_id,
      status: query.status,
    });
    return list(pageOf(goals, pageRequest(query)));
  },

  'goals.create': (ctx) => {
    const body = ctx.body(CreateGoalBodySchema);
    assertWorkspaceInBody(ctx, body.workspace_id);
    assertMayWriteGoals(ctx, body.workspace_id);
    const values = {
      projectId: body.project_id ?? null,
      title: body.title,
      description: body.description ?? null,
      ownerId: body.owner_id ?? null,
      startDate: body.start_date ?? null,
      dueDate: body.due_date ?? null,
      status: body.status ?? 'on_track',
    };
    checkGoalRefs(ctx, body.workspace_id, {
      project_id: values.projectId,
      owner_id: values.ownerId,
      start_date: values.startDate,
      due_date: values.dueDate,
    });
    const id = insertGoal(ctx.db, { ...values, workspaceId: body.workspace_id, now: ctx.nowIso });
    return created(getGoal(ctx.db, id));
  },

  'goals.update': (ctx) => {
    const goal = loadGoal(ctx);
    assertMayWriteGoals(ctx, goal.workspace_id);
    const body = ctx.body(UpdateGoalBodySchema);
    const pick = <K extends keyof typeof body>(key: K, current: NonNullable<(typeof body)[K]> | null) =>
      body[key] === undefined ? current : (body[key] ?? null);
    const values = {
      projectId: pick('project_id', goal.project_id),
      title: body.title ?? goal.title,
      description: pick('description', goal.description),
      ownerId: pick('owner_id', goal.owner?.id ?? null),
      startDate: pick('start_date', goal.start_date),
      dueDate: pick('due_date', goal.due_date),
      status: body.status ?? goal.status,
    };
    checkGoalRefs(ctx, goal.workspace_id, {
      project_id: values.projectId,
      owner_id: values.ownerId,
      start_date: values.startDate,
      due_date: values.dueDate,
    });
    updateGoal(ctx.db, goal.id, { ...values, now: ctx.nowIso });
    return ok(getGoal(ctx.db, goal.id));
  },

  'goals.addTarget': (ctx) => {
    const goal = loadGoal(ctx);
    assertMayWriteGoals(ctx, goal.workspace_id);
    const body = ctx.body(CreateTargetBodySchema);
    const type = body.type ?? 'number';
    const startValue = body.start_value ?? 0;
    const values = {
      title: body.title,
      type,
      start_value: startValue,
      current_value: body.current_value ?? startValue,
      target_value: body.target_value,
      unit: body.unit ?? null,
    };
    if (type === 'boolean') {
      // A yes/no result is 0 (not yet) or 1 (done), whatever it is called.
      const errors: FieldErrors = {};
      for (const field of ['start_value', 'current_value', 'target_value'] as const) {
        if (values[field] !== 0 && values[field] !== 1)
          errors[field] = ['A boolean key result takes 0 or 1.'];
      }
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
    }
    return created(getTarget(ctx.db, insertTarget(ctx.db, goal.id, values)));
  },
} satisfies Record<string, Handler>;
