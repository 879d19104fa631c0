import {
  CreateAutomationBodySchema,
  ListAutomationsQuerySchema,
  ToggleAutomationBodySchema,
} from '../../contract/index.ts';
import { notFound } from '../http/api-error.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import {
  getAutomation,
  insertAutomation,
  listAutomations,
  setAutomationActive,
} from '../store/automations.ts';
import { listProjects } from '../store/projects.ts';
import { assertActive, projectById, projectInBody } from './access.ts';
import { created, type Handler, list, ok } from './handler-context.ts';

export const automationHandlers = {
  'automations.list': (ctx) => {
    const query = ctx.query(ListAutomationsQuerySchema);
    const visible = listProjects(ctx.db, { viewer: ctx.viewer.id }).map((p) => p.id);
    const projectIds =
      query.project_id === undefined ? visible : visible.filter((id) => id === query.project_id);
    return list(pageOf(listAutomations(ctx.db, projectIds), pageRequest(query)));
  },

  'automations.create': (ctx) => {
    const body = ctx.body(CreateAutomationBodySchema);
    const project = projectInBody(ctx, body.project_id, 'project_id', 'admin');
    assertActive(project);
    const id = insertAutomation(ctx.db, {
      project_id: project.id,
      name: body.name,
      is_active: body.is_active ?? true,
      trigger: { type: body.trigger.type, config: body.trigger.config ?? {} },
      conditions: (body.conditions ?? []).map((c) => ({
        field: c.field,
        operator: c.operator,
        value: c.value ?? null,
      })),
      actions: body.actions.map((a) => ({ type: a.type, config: a.config ?? {} })),
      now: ctx.nowIso,
    });
    return created(getAutomation(ctx.db, id));
  },

  'automations.toggle': (ctx) => {
    const automation = getAutomation(ctx.db, ctx.id);
    if (!automation) throw notFound('Automation', ctx.id);
    const project = projectById(ctx, automation.project_id, 'admin');
    const body = ctx.body(ToggleAutomationBodySchema);
    assertActive(project);
    // No body flips the state; `{is_active}` sets it, so repeating that request changes nothing.
    setAutomationActive(ctx.db, automation.id, body.is_active ?? !automation.is_active);
    return ok(getAutomation(ctx.db, automation.id));
  },
} satisfies Record<string, Handler>;
