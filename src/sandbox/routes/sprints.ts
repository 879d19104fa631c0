import {
  CreateSprintBodySchema,
  ListSprintsQuerySchema,
  StartSprintBodySchema,
} from '../../contract/index.ts';
import { utcDate } from '../domain/dates.ts';
import { sprintBurndown } from '../domain/sprint-burndown.ts';
import { conflict, invalidField, notFound } from '../http/api-error.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import {
  activeSprintOf,
  getSprint,
  insertSprint,
  listSprints,
  markSprintStarted,
  sprintTaskCompletions,
} from '../store/sprints.ts';
import { assertActive, projectById, projectInBody } from './access.ts';
import { created, type Handler, list, ok } from './handler-context.ts';

export const sprintHandlers = {
  'sprints.listByProject': (ctx) => {
    projectById(ctx, ctx.id, 'read');
    const query = ctx.query(ListSprintsQuerySchema);
    return list(pageOf(listSprints(ctx.db, ctx.id, query.status), pageRequest(query)));
  },

  'sprints.create': (ctx) => {
    const body = ctx.body(CreateSprintBodySchema);
    const project = projectInBody(ctx, body.project_id, 'project_id', 'write');
    if (body.start_date && body.end_date && body.end_date < body.start_date) {
      throw invalidField('end_date', `Must not be before start_date (${body.start_date}).`);
    }
    assertActive(project);
    const id = insertSprint(ctx.db, {
      projectId: project.id,
      name: body.name,
      goal: body.goal ?? null,
      startDate: body.start_date ?? null,
      endDate: body.end_date ?? null,
      now: ctx.nowIso,
    });
    return created(getSprint(ctx.db, id));
  },

  'sprints.start': (ctx) => {
    const sprint = getSprint(ctx.db, ctx.id);
    if (!sprint) throw notFound('Sprint', ctx.id);
    const project = projectById(ctx, sprint.project_id, 'write');
    const body = ctx.body(StartSprintBodySchema);
    if (sprint.status !== 'planned') {
      throw conflict(`Sprint ${sprint.id} is ${sprint.status}; only a planned sprint can start.`);
    }
    // The body's dates win over the planned ones; a sprint without a start date starts today.
    const startDate = body.start_date ?? sprint.start_date ?? utcDate(ctx.now);
    const endDate = body.end_date ?? sprint.end_date;
    if (endDate === null) throw invalidField('end_date', 'A sprint needs an end date to start.');
    if (endDate < startDate)
      throw invalidField('end_date', `Must not be before the start date (${startDate}).`);
    assertActive(project);
    const active = activeSprintOf(ctx.db, project.id);
    if (active) {
      throw conflict(
        `Project ${project.id} already has an active sprint: ${active.id} "${active.name}". Complete it first.`,
      );
    }
    markSprintStarted(ctx.db, sprint.id, { startDate, endDate, now: ctx.nowIso });
    const started = getSprint(ctx.db, sprint.id);
    if (started) {
      ctx.emit({
        event: 'sprint.started',
        data: { id: started.id, name: started.name, project_id: started.project_id },
      });
    }
    return ok(started);
  },

  'sprints.report': (ctx) => {
    const sprint = getSprint(ctx.db, ctx.id);
    if (!sprint) throw notFound('Sprint', ctx.id);
    projectById(ctx, sprint.project_id, 'read');
    const burndown = sprintBurndown({
      startDate: sprint.start_date,
      endDate: sprint.end_date,
      today: utcDate(ctx.now),
      completions: sprintTaskCompletions(ctx.db, sprint.id).map((t) => t.completed_at),
    });
    return ok({ sprint_id: sprint.id, ...burndown });
  },
} satisfies Record<string, Handler>;
