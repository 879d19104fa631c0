/**
 * The records the service returns, in exactly the shapes the sandbox emits: the spec's Part 2 for
 * tasks and the list envelope, ../shared/docs/api-assumptions.md for the rest. Strict objects, so a
 * sandbox that drifts from the contract fails its conformance test. The client reads the same
 * shapes tolerantly (see src/api), keeping unknown fields.
 */
import { z } from 'zod';
import {
  ActionTypeSchema,
  GoalStatusSchema,
  InvitationStatusSchema,
  PrioritySchema,
  ProjectRoleSchema,
  ProjectStatusSchema,
  SprintStatusSchema,
  TargetTypeSchema,
  TriggerTypeSchema,
  WorkspaceRoleSchema,
} from './enums.ts';
import {
  CalendarDateSchema,
  HexColorSchema,
  IdSchema,
  MemberRefSchema,
  UtcDateTimeSchema,
} from './primitives.ts';

export const TaskStatusSchema = z.strictObject({ id: IdSchema, name: z.string(), color: HexColorSchema });
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** A project's workflow status (sandbox extra `GET /projects/{id}/statuses`). */
export const ProjectStatusDefSchema = z.strictObject({
  id: IdSchema,
  name: z.string(),
  color: HexColorSchema,
  is_done: z.boolean(),
  position: z.number().int(),
});
export type ProjectStatusDef = z.infer<typeof ProjectStatusDefSchema>;

export const TaskSchema = z.strictObject({
  id: IdSchema,
  title: z.string(),
  status: TaskStatusSchema,
  assignees: z.array(MemberRefSchema),
  due_date: UtcDateTimeSchema.nullable(),
  priority: PrioritySchema,
  created_at: UtcDateTimeSchema,
  project_id: IdSchema,
  sprint_id: IdSchema.nullable(),
  description: z.string().nullable(),
  /** Who created it: the member given as `creator_id`, else the token's owner. Used for delete rights. */
  creator: MemberRefSchema.nullable(),
  updated_at: UtcDateTimeSchema,
});
export type Task = z.infer<typeof TaskSchema>;

export const WorkspaceSchema = z.strictObject({
  id: IdSchema,
  name: z.string(),
  settings: z.record(z.string(), z.unknown()),
  created_at: UtcDateTimeSchema,
});
export type Workspace = z.infer<typeof WorkspaceSchema>;

export const WorkspaceMemberSchema = z.strictObject({
  id: IdSchema,
  name: z.string(),
  email: z.string(),
  role: WorkspaceRoleSchema,
});
export type WorkspaceMember = z.infer<typeof WorkspaceMemberSchema>;

export const ProjectSchema = z.strictObject({
  id: IdSchema,
  workspace_id: IdSchema,
  name: z.string(),
  description: z.string().nullable(),
  color: HexColorSchema.nullable(),
  status: ProjectStatusSchema,
  archived_at: UtcDateTimeSchema.nullable(),
  created_at: UtcDateTimeSchema,
  updated_at: UtcDateTimeSchema,
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectMemberSchema = z.strictObject({
  id: IdSchema,
  name: z.string(),
  email: z.string(),
  role: ProjectRoleSchema,
});
export type ProjectMember = z.infer<typeof ProjectMemberSchema>;

export const InvitationSchema = z.strictObject({
  id: IdSchema,
  project_id: IdSchema,
  email: z.string(),
  role: ProjectRoleSchema,
  status: InvitationStatusSchema,
  invited_by: MemberRefSchema.nullable(),
  created_at: UtcDateTimeSchema,
  expires_at: UtcDateTimeSchema,
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const SprintSchema = z.strictObject({
  id: IdSchema,
  project_id: IdSchema,
  name: z.string(),
  goal: z.string().nullable(),
  status: SprintStatusSchema,
  start_date: CalendarDateSchema.nullable(),
  end_date: CalendarDateSchema.nullable(),
  started_at: UtcDateTimeSchema.nullable(),
  completed_at: UtcDateTimeSchema.nullable(),
  tasks_count: z.number().int().nonnegative(),
});
export type Sprint = z.infer<typeof SprintSchema>;

/** Agile report (sandbox extra `GET /sprints/{id}/report`). */
export const SprintReportSchema = z.strictObject({
  sprint_id: IdSchema,
  total_tasks: z.number().int().nonnegative(),
  completed_tasks: z.number().int().nonnegative(),
  days: z.array(z.strictObject({ date: CalendarDateSchema, remaining: z.number().int(), ideal: z.number() })),
});
export type SprintReport = z.infer<typeof SprintReportSchema>;

export const TargetSchema = z.strictObject({
  id: IdSchema,
  goal_id: IdSchema,
  title: z.string(),
  type: TargetTypeSchema,
  start_value: z.number(),
  current_value: z.number(),
  target_value: z.number(),
  unit: z.string().nullable(),
  progress: z.number().min(0).max(100),
});
export type Target = z.infer<typeof TargetSchema>;

export const GoalSchema = z.strictObject({
  id: IdSchema,
  workspace_id: IdSchema,
  project_id: IdSchema.nullable(),
  title: z.string(),
  description: z.string().nullable(),
  owner: MemberRefSchema.nullable(),
  start_date: CalendarDateSchema.nullable(),
  due_date: CalendarDateSchema.nullable(),
  status: GoalStatusSchema,
  progress: z.number().min(0).max(100),
  targets: z.array(TargetSchema),
});
export type Goal = z.infer<typeof GoalSchema>;

export const AutomationConditionSchema = z.strictObject({
  field: z.string(),
  operator: z.string(),
  value: z.unknown(),
});
export const AutomationSchema = z.strictObject({
  id: IdSchema,
  project_id: IdSchema,
  name: z.string(),
  is_active: z.boolean(),
  trigger: z.strictObject({ type: TriggerTypeSchema, config: z.record(z.string(), z.unknown()) }),
  conditions: z.array(AutomationConditionSchema),
  actions: z.array(z.strictObject({ type: ActionTypeSchema, config: z.record(z.string(), z.unknown()) })),
  runs_count: z.number().int().nonnegative(),
  last_run_at: UtcDateTimeSchema.nullable(),
});
export type Automation = z.infer<typeof AutomationSchema>;

export interface MindMapNode {
  id: string;
  text: string;
  children: MindMapNode[];
  task_id?: number | null | undefined;
  color?: string | undefined;
}
export const MindMapNodeSchema: z.ZodType<MindMapNode> = z.lazy(() =>
  z.strictObject({
    id: z.string().min(1).max(100),
    text: z.string().min(1).max(1000),
    children: z.array(MindMapNodeSchema),
    task_id: IdSchema.nullable().optional(),
    color: HexColorSchema.optional(),
  }),
);

export const MindMapSummarySchema = z.strictObject({
  id: IdSchema,
  project_id: IdSchema,
  title: z.string(),
  created_at: UtcDateTimeSchema,
  updated_at: UtcDateTimeSchema,
});
export type MindMapSummary = z.infer<typeof MindMapSummarySchema>;

/** A mind map with its tree: the answer of POST /mind-maps, PUT /mind-maps/{id}/data and GET /mind-maps/{id}. */
export const MindMapSchema = MindMapSummarySchema.extend({ root: MindMapNodeSchema });
export type MindMap = z.infer<typeof MindMapSchema>;

// ---- envelopes ----

export const MetaSchema = z.strictObject({
  total: z.number().int().nonnegative(),
  per_page: z.number().int().positive(),
  current_page: z.number().int().positive(),
  last_page: z.number().int().positive(),
});
export type Meta = z.infer<typeof MetaSchema>;

export function singleEnvelope<T extends z.ZodType>(record: T) {
  return z.strictObject({ data: record });
}

export function listEnvelope<T extends z.ZodType>(record: T) {
  return z.strictObject({ data: z.array(record), meta: MetaSchema });
}

/** Every failure: `{message, errors?}` (Laravel style), errors keyed by field. */
export const ErrorBodySchema = z.strictObject({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
