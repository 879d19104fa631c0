/**
 * How the client reads records. Only what the spec shows is required: a task's seven fields
 * (spec Part 2) and, for every other resource, an `id` (its fields are "not shown"). Everything
 * else our sandbox emits (../shared/docs/api-assumptions.md) is read when present and well formed,
 * and otherwise takes a default the app can live with (a task's project from the list it came
 * from, a record's name from the usual name fields). A malformed extra field never makes a record
 * unreadable; a malformed spec field does, with the field named. Unknown fields are kept
 * (`.loose()`: the service "is live and its coverage is growing"). The contract the sandbox emits
 * (src/contract) stays strict and separate. Goals, targets and mind maps are in their own files.
 */
import { z } from 'zod';
import {
  IdSchema,
  MemberRefSchema,
  PRIORITIES,
  PROJECT_ROLES,
  SprintReportSchema,
  TaskStatusSchema,
} from '../../contract/index.ts';
import { isLenientDateTime, LenientDateSchema, LenientDateTimeSchema, openEnum } from './lenient.ts';
import { displayNameOf, fallbackName, isRecord } from './names.ts';
import { readAsIsWhen } from './read-as-is.ts';
import { isCanonicalTask } from './task-fast-read.ts';

type Raw = Record<string, unknown>;

const Member = MemberRefSchema.loose();
/** A member reference from a service that may name people under other fields. */
const LenientMember = z.preprocess(
  (raw) => (isRecord(raw) ? { ...raw, name: displayNameOf(raw) ?? fallbackName('Member', raw) } : raw),
  Member,
);

/** Read when well formed, else null: for fields the spec does not promise. */
const optionalId = IdSchema.nullable().catch(null);
const optionalText = z.string().nullable().catch(null);
const optionalDateTime = LenientDateTimeSchema.nullable().catch(null);
const optionalDate = LenientDateSchema.nullable().catch(null);

/** An id given directly or as a nested `{id}` (`project: {id, name}`). */
function idOf(...values: unknown[]): unknown {
  for (const v of values) {
    if (typeof v === 'number') return v;
    if (isRecord(v) && typeof v.id === 'number') return v.id;
  }
  return undefined;
}

export interface TaskReadContext {
  /** The project the task was listed under or created in: its `project_id` when it has none. */
  projectId?: number | undefined;
}

function normaliseTask(raw: unknown, context: TaskReadContext): unknown {
  if (!isRecord(raw)) return raw;
  // Our sandbox's full answer (and a service as complete) already has every field in its place:
  // read it as it is, without a copy.
  if (
    typeof raw.project_id === 'number' &&
    (typeof raw.sprint_id === 'number' || (raw.sprint_id === null && raw.sprint === undefined)) &&
    raw.due_date !== undefined &&
    isLenientDateTime(raw.updated_at)
  )
    return raw;
  return {
    ...raw,
    due_date: raw.due_date ?? null,
    project_id: idOf(raw.project_id, raw.project) ?? context.projectId ?? null,
    sprint_id: idOf(raw.sprint_id, raw.sprint) ?? null,
    // Marked only where the service shows no sprint at all (the spec does not): then no sprint's
    // tasks can be told apart (src/slack/features/sprints/team-sprints.ts).
    ...('sprint_id' in raw || 'sprint' in raw ? {} : { sprint_shown: false }),
    // Without a version of its own, a task's version is its creation (edits cannot be told apart).
    updated_at: isLenientDateTime(raw.updated_at) ? raw.updated_at : raw.created_at,
  };
}

const taskShape = z.looseObject({
  // The spec's seven fields: required, as the spec shows them.
  id: IdSchema,
  title: z.string(),
  status: TaskStatusSchema.loose(),
  assignees: z.array(Member),
  due_date: LenientDateTimeSchema.nullable(),
  priority: openEnum(PRIORITIES),
  created_at: LenientDateTimeSchema,
  // Beyond the spec: read when present, else a default.
  /** Null when neither the record nor the list or request it came from tells it. */
  project_id: optionalId,
  sprint_id: optionalId,
  sprint_shown: z.boolean().optional().catch(undefined),
  description: optionalText,
  creator: Member.nullable().catch(null),
  updated_at: LenientDateTimeSchema,
});

function buildTaskSchema(projectId: number | undefined) {
  // A task already in its read form (every field, spec dates) is taken as it is by page and
  // record readers; the check does not depend on the project, which such a task names itself.
  return readAsIsWhen(
    z.preprocess((raw) => normaliseTask(raw, { projectId }), taskShape),
    isCanonicalTask,
  );
}

/**
 * Built once per project rather than per request: building a zod schema (and its lazily prepared
 * parser) cost more than the parse itself. Bounded: past this many projects, built afresh.
 */
const taskSchemas = new Map<number | undefined, ReturnType<typeof buildTaskSchema>>();
const TASK_SCHEMAS_MAX = 1_000;

/** A task read in a context (a project's list, a create in a project) that supplies its project. */
export function taskRecordSchema(context: TaskReadContext = {}) {
  const { projectId } = context;
  let schema = taskSchemas.get(projectId);
  if (!schema) {
    if (taskSchemas.size >= TASK_SCHEMAS_MAX) taskSchemas.clear();
    schema = buildTaskSchema(projectId);
    taskSchemas.set(projectId, schema);
  }
  return schema;
}
export const TaskRecordSchema = taskRecordSchema();
export type TaskRecord = z.output<typeof taskShape>;

/** Fills `name` from the usual name fields (or `Kind id`), so every record has a label. */
function named(kind: string, extra?: (raw: Raw) => Raw) {
  return (raw: unknown): unknown => {
    if (!isRecord(raw)) return raw;
    const out = { ...raw, name: displayNameOf(raw) ?? fallbackName(kind, raw) };
    return extra ? { ...out, ...extra(raw) } : out;
  };
}

const workspaceShape = z.looseObject({
  id: IdSchema,
  name: z.string(),
  settings: z.record(z.string(), z.unknown()).catch({}),
  created_at: optionalDateTime,
});
export const WorkspaceRecordSchema = z.preprocess(named('Workspace'), workspaceShape);
export type WorkspaceRecord = z.output<typeof workspaceShape>;

/** A member's role when the service does not show one: never an admin's. */
export const UNKNOWN_ROLE = 'unknown';

const memberShape = z.looseObject({
  id: IdSchema,
  name: z.string(),
  /** Empty when the service does not show it: people are then matched by link, not by email. */
  email: z.string().catch(''),
  /** `unknown` when the service does not show it: nobody's rights are assumed from it. */
  role: z.string().catch(UNKNOWN_ROLE),
});
export const WorkspaceMemberRecordSchema = z.preprocess(named('Member'), memberShape);
export type WorkspaceMemberRecord = z.output<typeof memberShape>;

const projectShape = z.looseObject({
  id: IdSchema,
  name: z.string(),
  workspace_id: optionalId,
  description: optionalText,
  color: optionalText,
  status: openEnum(['active', 'archived']),
  archived_at: optionalDateTime,
  created_at: optionalDateTime,
  updated_at: optionalDateTime,
  /** False when the service does not show whether the project is archived (then `status` is a guess: active). */
  status_shown: z.boolean().catch(true),
});
export const ProjectRecordSchema = z.preprocess(
  named('Project', (raw) => ({
    workspace_id: idOf(raw.workspace_id, raw.workspace) ?? null,
    status_shown: typeof raw.status === 'string' || typeof raw.archived === 'boolean' || 'archived_at' in raw,
    // Unknown means usable: a project is archived only when the service says so.
    status:
      typeof raw.status === 'string'
        ? raw.status
        : raw.archived === true || (typeof raw.archived_at === 'string' && raw.archived_at)
          ? 'archived'
          : 'active',
  })),
  projectShape,
);
export type ProjectRecord = z.output<typeof projectShape>;

/** A project's workflow status (sandbox extra; see `resources/project-statuses.ts` for the fallback). */
export const ProjectStatusRecordSchema = z.preprocess(
  named('Status'),
  z.looseObject({
    id: IdSchema,
    name: z.string(),
    color: z.string().catch('#808080'),
    /** Null when the service does not say: decided by name (`done-status.ts`). */
    is_done: z.boolean().nullable().catch(null),
    position: z.number().int().nullable().catch(null),
  }),
);
export type ProjectStatusRecord = z.output<typeof ProjectStatusRecordSchema>;

export const ProjectMemberRecordSchema = z.preprocess(
  named('Member'),
  memberShape.extend({ role: openEnum(PROJECT_ROLES).catch(UNKNOWN_ROLE) }),
);
export type ProjectMemberRecord = z.output<typeof ProjectMemberRecordSchema>;

export const InvitationRecordSchema = z.preprocess(
  (raw) => (isRecord(raw) ? { ...raw, project_id: idOf(raw.project_id, raw.project) ?? null } : raw),
  z.looseObject({
    id: IdSchema,
    project_id: optionalId,
    email: z.string().catch(''),
    role: z.string().catch(UNKNOWN_ROLE),
    status: openEnum(['pending', 'accepted', 'declined', 'expired']).catch('pending'),
    invited_by: LenientMember.nullable().catch(null),
    created_at: optionalDateTime,
    expires_at: optionalDateTime,
  }),
);
export type InvitationRecord = z.output<typeof InvitationRecordSchema>;

const sprintShape = z.looseObject({
  id: IdSchema,
  /** From the record, else from the list or request it came from; neither: unreadable. */
  project_id: IdSchema,
  name: z.string(),
  goal: optionalText,
  status: openEnum(['planned', 'active', 'completed']),
  start_date: optionalDate,
  end_date: optionalDate,
  started_at: optionalDateTime,
  completed_at: optionalDateTime,
  /** Null when the service does not count them. */
  tasks_count: z.number().int().nonnegative().nullable().catch(null),
  /** False when the service shows neither status nor dates (then `status` is a guess: planned). */
  details_shown: z.boolean().optional().catch(undefined),
});

/** A sprint; `projectId` (from the list's path) fills `project_id` when the record has none. */
export function sprintRecordSchema(projectId?: number, known?: Raw) {
  return z.preprocess(
    // `known`: what the call itself tells (a sprint just started is active), under what the answer shows.
    (raw) => named('Sprint', sprintDefaults(projectId))(isRecord(raw) && known ? { ...known, ...raw } : raw),
    sprintShape,
  );
}

function sprintDefaults(projectId?: number) {
  return (raw: Raw): Raw => ({
    project_id: idOf(raw.project_id, raw.project) ?? projectId,
    details_shown: ['status', 'start_date', 'end_date', 'started_at', 'completed_at'].some((f) => f in raw),
    // Without a status, the sprint's own timestamps tell it.
    status:
      typeof raw.status === 'string'
        ? raw.status
        : raw.completed_at
          ? 'completed'
          : raw.started_at
            ? 'active'
            : 'planned',
  });
}
export const SprintRecordSchema = sprintRecordSchema();
export type SprintRecord = z.output<typeof sprintShape>;

export const SprintReportRecordSchema = SprintReportSchema.extend({
  days: z.array(z.looseObject({ date: LenientDateSchema, remaining: z.number(), ideal: z.number() })),
}).loose();
export type SprintReportRecord = z.output<typeof SprintReportRecordSchema>;

const Config = z.record(z.string(), z.unknown()).catch({});
const automationShape = z.looseObject({
  id: IdSchema,
  project_id: optionalId,
  name: z.string(),
  /** Null when the service does not say whether the rule is on. */
  is_active: z.boolean().nullable().catch(null),
  trigger: z
    .looseObject({ type: z.string(), config: Config.default({}) })
    .nullable()
    .catch(null),
  conditions: z
    .array(z.looseObject({ field: z.string(), operator: z.string(), value: z.unknown() }))
    .catch([]),
  actions: z.array(z.looseObject({ type: z.string(), config: Config.default({}) })).catch([]),
  runs_count: z.number().int().nonnegative().nullable().catch(null),
  last_run_at: optionalDateTime,
});
export const AutomationRecordSchema = z.preprocess(
  named('Automation', (raw) => ({
    is_active: raw.is_active ?? raw.active ?? raw.enabled ?? null,
  })),
  automationShape,
);
export type AutomationRecord = z.output<typeof automationShape>;
