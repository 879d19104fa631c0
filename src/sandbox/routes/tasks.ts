import {
  CreateTaskBodySchema,
  ListProjectTasksQuerySchema,
  ListTasksQuerySchema,
  type Project,
  UpdateTaskBodySchema,
} from '../../contract/index.ts';
import { toUtcDateTime } from '../domain/dates.ts';
import { type FieldErrors, forbidden, notFound, validationFailed } from '../http/api-error.ts';
import { pageMeta, pageRequest } from '../http/paging.ts';
import { recordAutomationRuns } from '../store/automations.ts';
import { nonWorkspaceMembers } from '../store/members.ts';
import { getSprint } from '../store/sprints.ts';
import {
  deleteTask,
  firstStatusOf,
  getTask,
  insertTask,
  listTasks,
  setAssignees,
  statusOfProject,
  type TaskFilter,
  taskInternals,
  updateTask,
} from '../store/tasks.ts';
import { taskChanges } from '../webhooks/task-events.ts';
import { assertActive, effectiveProjectRole, projectById, projectInBody } from './access.ts';
import { created, type Handler, type HandlerContext, list, noContent, ok } from './handler-context.ts';

const OUT_OF_RANGE = 'Must fall between the years 0001 and 9999 in UTC.';

interface TaskRefs {
  status_id?: number | undefined;
  assignee_ids?: number[] | undefined;
  sprint_id?: number | null | undefined;
  creator_id?: number | undefined;
  due_date?: string | null | undefined;
}

/**
 * Checks that every id in a task body names something of the task's own project or workspace, and
 * that a due date can be printed; all problems together, each on its field.
 */
function checkTaskRefs(ctx: HandlerContext, project: Project, body: TaskRefs): { dueDate?: string | null } {
  const errors: FieldErrors = {};
  if (body.status_id !== undefined && !statusOfProject(ctx.db, project.id, body.status_id)) {
    errors.status_id = [`Status ${body.status_id} is not a status of project ${project.id}.`];
  }
  if (body.assignee_ids !== undefined) {
    const strangers = nonWorkspaceMembers(ctx.db, project.workspace_id, body.assignee_ids);
    body.assignee_ids.forEach((id, index) => {
      if (strangers.has(id)) {
        errors[`assignee_ids.${index}`] = [
          `Member ${id} is not a member of workspace ${project.workspace_id}.`,
        ];
      }
    });
  }
  if (body.sprint_id !== undefined && body.sprint_id !== null) {
    const sprint = getSprint(ctx.db, body.sprint_id);
    if (!sprint || sprint.project_id !== project.id) {
      errors.sprint_id = [`Sprint ${body.sprint_id} is not a sprint of project ${project.id}.`];
    }
  }
  if (
    body.creator_id !== undefined &&
    nonWorkspaceMembers(ctx.db, project.workspace_id, [body.creator_id]).size > 0
  ) {
    errors.creator_id = [`Member ${body.creator_id} is not a member of workspace ${project.workspace_id}.`];
  }
  let dueDate: string | null | undefined;
  if (body.due_date !== undefined) {
    dueDate = body.due_date === null ? null : toUtcDateTime(body.due_date);
    if (dueDate === undefined) errors.due_date = [OUT_OF_RANGE];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return dueDate === undefined ? {} : { dueDate };
}

function isDoneStatus(ctx: HandlerContext, projectId: number, statusId: number): boolean {
  return statusOfProject(ctx.db, projectId, statusId)?.is_done === 1;
}

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** The list filters shared by `GET /tasks` and `GET /projects/{id}/tasks`, dates in their stored form. */
function listFilter(query: {
  assignee_id?: number | undefined;
  sprint_id?: number | undefined;
  status?: string | undefined;
  done?: boolean | undefined;
  due_before?: string | undefined;
  due_after?: string | undefined;
  q?: string | undefined;
}): Omit<TaskFilter, 'viewer' | 'projectId'> {
  const errors: FieldErrors = {};
  const dueBefore = query.due_before === undefined ? undefined : toUtcDateTime(query.due_before);
  const dueAfter = query.due_after === undefined ? undefined : toUtcDateTime(query.due_after);
  if (query.due_before !== undefined && dueBefore === undefined) errors.due_before = [OUT_OF_RANGE];
  if (query.due_after !== undefined && dueAfter === undefined) errors.due_after = [OUT_OF_RANGE];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return {
    assigneeId: query.assignee_id,
    sprintId: query.sprint_id,
    status: query.status,
    done: query.done,
    dueBefore,
    dueAfter,
    q: query.q,
  };
}

export const taskHandlers = {
  'tasks.list': (ctx) => {
    const query = ctx.query(ListTasksQuerySchema);
    const page = pageRequest(query);
    const { tasks, total } = listTasks(
      ctx.db,
      { ...listFilter(query), viewer: ctx.viewer.id, projectId: query.project_id },
      page,
    );
    return list({ data: tasks, meta: pageMeta(total, page) });
  },

  'tasks.listByProject': (ctx) => {
    projectById(ctx, ctx.id, 'read');
    const query = ctx.query(ListProjectTasksQuerySchema);
    const page = pageRequest(query);
    const { tasks, total } = listTasks(ctx.db, { ...listFilter(query), projectId: ctx.id }, page);
    return list({ data: tasks, meta: pageMeta(total, page) });
  },

  'tasks.create': (ctx) => {
    const body = ctx.body(CreateTaskBodySchema);
    const project = projectInBody(ctx, body.project_id, 'project_id', 'write');
    const { dueDate = null } = checkTaskRefs(ctx, project, body);
    assertActive(project);
    const statusId = body.status_id ?? firstStatusOf(ctx.db, project.id)?.id;
    if (statusId === undefined) throw new Error(`project ${project.id} has no statuses`);
    const id = insertTask(ctx.db, {
      projectId: project.id,
      title: body.title,
      description: body.description ?? null,
      statusId,
      dueDate,
      priority: body.priority ?? 'none',
      sprintId: body.sprint_id ?? null,
      creatorId: body.creator_id ?? ctx.viewer.id,
      completedAt: isDoneStatus(ctx, project.id, statusId) ? ctx.nowIso : null,
      now: ctx.nowIso,
    });
    setAssignees(ctx.db, id, unique(body.assignee_ids ?? []));
    recordAutomationRuns(ctx.db, project.id, 'task_created', ctx.nowIso);
    const task = getTask(ctx.db, id);
    if (task) ctx.emit({ event: 'task.created', data: task as unknown as Record<string, unknown> });
    return created(task);
  },

  'tasks.get': (ctx) => {
    const task = getTask(ctx.db, ctx.id);
    if (!task) throw notFound('Task', ctx.id);
    projectById(ctx, task.project_id, 'read');
    return ok(task);
  },

  'tasks.update': (ctx) => {
    const task = getTask(ctx.db, ctx.id);
    if (!task) throw notFound('Task', ctx.id);
    const project = projectById(ctx, task.project_id, 'write');
    const body = ctx.body(UpdateTaskBodySchema);
    const refs = checkTaskRefs(ctx, project, body);
    assertActive(project);
    const internals = taskInternals(ctx.db, task.id);
    const statusId = body.status_id ?? task.status.id;
    const wasDone = isDoneStatus(ctx, project.id, task.status.id);
    const nowDone = isDoneStatus(ctx, project.id, statusId);
    // The moment a task became done is kept while it stays done: the sprint burndown reads it.
    let completedAt = internals?.completed_at ?? null;
    if (nowDone && !wasDone) completedAt = ctx.nowIso;
    if (!nowDone) completedAt = null;
    updateTask(ctx.db, task.id, {
      title: body.title ?? task.title,
      description: body.description === undefined ? task.description : body.description,
      statusId,
      dueDate: refs.dueDate === undefined ? task.due_date : refs.dueDate,
      priority: body.priority ?? task.priority,
      sprintId: body.sprint_id === undefined ? task.sprint_id : body.sprint_id,
      completedAt,
      now: ctx.nowIso,
    });
    if (statusId !== task.status.id) recordAutomationRuns(ctx.db, project.id, 'status_changed', ctx.nowIso);
    if (body.assignee_ids !== undefined) {
      const next = unique(body.assignee_ids);
      setAssignees(ctx.db, task.id, next);
      const before = task.assignees.map((a) => a.id);
      if (next.length !== before.length || next.some((id, i) => id !== before[i])) {
        recordAutomationRuns(ctx.db, project.id, 'assignee_changed', ctx.nowIso);
      }
    }
    const after = getTask(ctx.db, task.id);
    const changes = taskChanges(task, after);
    if (after && Object.keys(changes).length > 0) {
      ctx.emit({ event: 'task.updated', data: after as unknown as Record<string, unknown>, changes });
    }
    return ok(after);
  },

  'tasks.delete': (ctx) => {
    const task = getTask(ctx.db, ctx.id);
    if (!task) throw notFound('Task', ctx.id);
    const project = projectById(ctx, task.project_id, 'write');
    const isCreator = task.creator?.id === ctx.viewer.id;
    if (!isCreator && effectiveProjectRole(ctx, project) !== 'admin') {
      throw forbidden(
        `Only the task's creator or an admin of project ${project.id} may delete task ${task.id}.`,
      );
    }
    assertActive(project);
    deleteTask(ctx.db, task.id);
    ctx.emit({ event: 'task.deleted', data: task as unknown as Record<string, unknown> });
    return noContent();
  },
} satisfies Record<string, Handler>;
