/**
 * A verified webhook body → project events, and the change it makes to the task view. Read
 * tolerantly (`{event, data, changes?, occurred_at}` as docs/api-assumptions.md has it): a field the
 * service leaves out is taken from the view's last state of the task, an event we do not know is
 * skipped, never an error.
 */
import { z } from 'zod';
import { statusIsDone } from '../../api/done-status.ts';
import { type TaskRecord, taskRecordSchema } from '../../api/schemas/records.ts';
import type { TaskViewChange } from '../../api/task-view.ts';
import { editedFields, type FieldChange, type ProjectEvent, type ProjectEventKind } from './project-event.ts';
import { diffTask } from './task-diff.ts';

const BodySchema = z.looseObject({
  event: z.string().max(100),
  data: z.record(z.string(), z.unknown()).catch({}),
  changes: z
    .record(z.string(), z.looseObject({ before: z.unknown(), after: z.unknown() }))
    .optional()
    .catch(undefined),
  occurred_at: z.string().max(64).optional().catch(undefined),
});

const StatusSchema = z.looseObject({ id: z.number(), name: z.string(), is_done: z.boolean().nullish() });
const Named = z.looseObject({ id: z.number(), name: z.string().catch('') });

interface ReadDelivery {
  events: ProjectEvent[];
  /** What the task view learns from it, if anything. */
  viewChange?: TaskViewChange;
  /** Why nothing came of it (an unknown event, an unreadable record). */
  skipped?: string;
}

interface DeliveryContext {
  webhookId: string;
  teamId: string;
  /** When the delivery arrived: `occurredAt` when the body has none. */
  receivedAt: Date;
  /** The view's last state of a task, for what the body leaves out. */
  previous(taskId: number): TaskRecord | undefined;
}

/** The kinds a `changes` object tells, field by field. */
function kindsFromChanges(
  changes: Record<string, FieldChange>,
): Array<{ kind: ProjectEventKind; changes: Record<string, FieldChange> }> {
  const out: Array<{ kind: ProjectEventKind; changes: Record<string, FieldChange> }> = [];
  if (changes.status) {
    const before = StatusSchema.safeParse(changes.status.before);
    const after = StatusSchema.safeParse(changes.status.after);
    const becameDone =
      after.success && statusIsDone(after.data) && !(before.success && statusIsDone(before.data));
    out.push({ kind: becameDone ? 'task.done' : 'task.status_changed', changes: { status: changes.status } });
  }
  if (changes.assignees) out.push({ kind: 'task.assigned', changes: { assignees: changes.assignees } });
  if (changes.due_date) out.push({ kind: 'task.due_changed', changes: { due_date: changes.due_date } });
  const edited = editedFields(changes);
  if (edited) out.push({ kind: 'task.edited', changes: edited });
  return out;
}

/**
 * Why a verified body is not a delivery at all (not a JSON object with an `event` name), or
 * undefined when it is one. Such a body is refused with a 400: a retry would bring the same bytes.
 */
export function eventBodyProblem(raw: unknown): string | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return raw === null ? 'null' : Array.isArray(raw) ? 'an array' : `a ${typeof raw}`;
  }
  return BodySchema.safeParse(raw).success ? undefined : 'an object without an event name';
}

export function readDelivery(raw: unknown, ctx: DeliveryContext): ReadDelivery {
  const body = BodySchema.safeParse(raw);
  if (!body.success) return { events: [], skipped: 'not an event body' };
  const { event, data, changes } = body.data;
  const occurredAt =
    body.data.occurred_at && !Number.isNaN(Date.parse(body.data.occurred_at))
      ? new Date(body.data.occurred_at).toISOString()
      : ctx.receivedAt.toISOString();
  const base = { teamId: ctx.teamId, occurredAt, source: 'webhook' as const };
  // One delivery may tell several things (a status and an assignee changed at once): each gets an
  // id of its own, the delivery's id with the kind after it; a delivery telling one thing keeps its id.
  const withIds = (events: Array<Omit<ProjectEvent, 'id'>>): ProjectEvent[] =>
    events.map(
      (e) =>
        ({ ...e, id: events.length === 1 ? ctx.webhookId : `${ctx.webhookId}:${e.kind}` }) as ProjectEvent,
    );

  if (event === 'sprint.started') {
    const sprint = Named.safeParse(data);
    if (!sprint.success) return { events: [], skipped: 'unreadable sprint' };
    const projectId = typeof data.project_id === 'number' ? data.project_id : null;
    return {
      events: withIds([
        {
          ...base,
          kind: 'sprint.started',
          projectId,
          sprint: { id: sprint.data.id, name: sprint.data.name },
        },
      ]),
    };
  }
  if (event === 'automation.failed') {
    const automation = Named.safeParse(data);
    if (!automation.success) return { events: [], skipped: 'unreadable automation' };
    const projectId = typeof data.project_id === 'number' ? data.project_id : null;
    const error = typeof data.error === 'string' ? data.error.slice(0, 500) : undefined;
    return {
      events: withIds([
        {
          ...base,
          kind: 'automation.failed',
          projectId,
          automation: { id: automation.data.id, name: automation.data.name, ...(error ? { error } : {}) },
        },
      ]),
    };
  }
  if (!event.startsWith('task.')) return { events: [], skipped: `unknown event ${event.slice(0, 40)}` };

  const taskId = typeof data.id === 'number' && Number.isSafeInteger(data.id) ? data.id : undefined;
  if (taskId === undefined) return { events: [], skipped: 'a task event without a task id' };
  const previous = ctx.previous(taskId);
  const parsed = taskRecordSchema({ projectId: previous?.project_id ?? undefined }).safeParse(data);
  const task = parsed.success ? parsed.data : undefined;
  const projectId = task?.project_id ?? previous?.project_id ?? null;

  if (event === 'task.deleted') {
    const last = task ?? previous;
    return {
      events: withIds([
        { ...base, kind: 'task.deleted', projectId, taskId, ...(last ? { task: last } : {}) },
      ]),
      viewChange: { kind: 'delete', taskId },
    };
  }
  if (!task) return { events: [], skipped: 'unreadable task' };
  const viewChange: TaskViewChange = { kind: 'upsert', task };
  if (event === 'task.created') {
    return { events: withIds([{ ...base, kind: 'task.created', projectId, taskId, task }]), viewChange };
  }
  if (event === 'task.updated') {
    // Without `changes`, the view's last state tells what changed; without that either, nothing can.
    const told = changes
      ? kindsFromChanges(changes)
      : previous
        ? diffTask(previous, task).map((d) => ({ kind: d.kind, changes: d.changes ?? {} }))
        : [];
    return {
      events: withIds(
        told.map((t) => ({ ...base, kind: t.kind, projectId, taskId, task, changes: t.changes })),
      ),
      viewChange,
    };
  }
  return { events: [], viewChange, skipped: `unknown event ${event.slice(0, 40)}` };
}
