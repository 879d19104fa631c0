/**
 * Request bodies and list queries. The sandbox validates with these (strict: an unknown field is a
 * 422 naming it); the client types its calls from them.
 */
import { z } from 'zod';
import {
  ActionTypeSchema,
  GoalStatusSchema,
  PrioritySchema,
  ProjectRoleSchema,
  TargetTypeSchema,
  TriggerTypeSchema,
} from './enums.ts';
import { CalendarDateSchema, DateInputSchema, HexColorSchema, IdSchema } from './primitives.ts';
import { MindMapNodeSchema } from './records.ts';

const Title = z.string().trim().min(1).max(500);
const Name = z.string().trim().min(1).max(255);
const LongText = z.string().max(20_000);
const Settings = z.record(z.string(), z.unknown());

export const CreateWorkspaceBodySchema = z.strictObject({ name: Name, settings: Settings.optional() });
export type CreateWorkspaceBody = z.infer<typeof CreateWorkspaceBodySchema>;
export const UpdateWorkspaceBodySchema = z.strictObject({
  name: Name.optional(),
  settings: Settings.optional(),
});
export type UpdateWorkspaceBody = z.infer<typeof UpdateWorkspaceBodySchema>;

export const CreateProjectBodySchema = z.strictObject({
  workspace_id: IdSchema,
  name: Name,
  description: LongText.nullable().optional(),
  color: HexColorSchema.nullable().optional(),
});
export type CreateProjectBody = z.infer<typeof CreateProjectBodySchema>;
export const UpdateProjectBodySchema = z.strictObject({
  name: Name.optional(),
  description: LongText.nullable().optional(),
  color: HexColorSchema.nullable().optional(),
  /** `archived` archives (idempotent); `active` restores. */
  status: z.enum(['active', 'archived']).optional(),
});
export type UpdateProjectBody = z.infer<typeof UpdateProjectBodySchema>;

export const CreateTaskBodySchema = z.strictObject({
  project_id: IdSchema,
  title: Title,
  description: LongText.nullable().optional(),
  /** A status of the task's project; defaults to its first status. */
  status_id: IdSchema.optional(),
  assignee_ids: z.array(IdSchema).max(50).optional(),
  due_date: DateInputSchema.nullable().optional(),
  priority: PrioritySchema.optional(),
  sprint_id: IdSchema.nullable().optional(),
  /** The member the task is created for (an integration acting for a person); defaults to the token's owner. */
  creator_id: IdSchema.optional(),
});
export type CreateTaskBody = z.infer<typeof CreateTaskBodySchema>;

export const UpdateTaskBodySchema = z.strictObject({
  title: Title.optional(),
  description: LongText.nullable().optional(),
  status_id: IdSchema.optional(),
  assignee_ids: z.array(IdSchema).max(50).optional(),
  due_date: DateInputSchema.nullable().optional(),
  priority: PrioritySchema.optional(),
  sprint_id: IdSchema.nullable().optional(),
});
export type UpdateTaskBody = z.infer<typeof UpdateTaskBodySchema>;

export const CreateSprintBodySchema = z.strictObject({
  project_id: IdSchema,
  name: Name,
  goal: LongText.nullable().optional(),
  start_date: CalendarDateSchema.nullable().optional(),
  end_date: CalendarDateSchema.nullable().optional(),
});
export type CreateSprintBody = z.infer<typeof CreateSprintBodySchema>;
export const StartSprintBodySchema = z.strictObject({
  start_date: CalendarDateSchema.optional(),
  end_date: CalendarDateSchema.optional(),
});
export type StartSprintBody = z.infer<typeof StartSprintBodySchema>;

export const CreateMindMapBodySchema = z.strictObject({
  project_id: IdSchema,
  title: Title,
  root: MindMapNodeSchema.optional(),
});
export type CreateMindMapBody = z.infer<typeof CreateMindMapBodySchema>;
export const ReplaceMindMapDataBodySchema = z.strictObject({ root: MindMapNodeSchema });
export type ReplaceMindMapDataBody = z.infer<typeof ReplaceMindMapDataBodySchema>;

export const CreateGoalBodySchema = z.strictObject({
  workspace_id: IdSchema,
  project_id: IdSchema.nullable().optional(),
  title: Title,
  description: LongText.nullable().optional(),
  owner_id: IdSchema.nullable().optional(),
  start_date: CalendarDateSchema.nullable().optional(),
  due_date: CalendarDateSchema.nullable().optional(),
  status: GoalStatusSchema.optional(),
});
export type CreateGoalBody = z.infer<typeof CreateGoalBodySchema>;
export const UpdateGoalBodySchema = CreateGoalBodySchema.omit({ workspace_id: true }).partial();
export type UpdateGoalBody = z.infer<typeof UpdateGoalBodySchema>;

export const CreateTargetBodySchema = z.strictObject({
  title: Title,
  target_value: z.number().finite(),
  type: TargetTypeSchema.optional(),
  start_value: z.number().finite().optional(),
  current_value: z.number().finite().optional(),
  unit: z.string().max(32).nullable().optional(),
});
export type CreateTargetBody = z.infer<typeof CreateTargetBodySchema>;

const Config = z.record(z.string(), z.unknown());
export const CreateAutomationBodySchema = z.strictObject({
  project_id: IdSchema,
  name: Name,
  is_active: z.boolean().optional(),
  trigger: z.strictObject({ type: TriggerTypeSchema, config: Config.optional() }),
  conditions: z
    .array(z.strictObject({ field: z.string().min(1), operator: z.string().min(1), value: z.unknown() }))
    .max(20)
    .optional(),
  actions: z
    .array(z.strictObject({ type: ActionTypeSchema, config: Config.optional() }))
    .min(1)
    .max(20),
});
export type CreateAutomationBody = z.infer<typeof CreateAutomationBodySchema>;
/** No body flips the state; `{is_active}` sets it. Either way the answer is the resulting automation. */
export const ToggleAutomationBodySchema = z.strictObject({ is_active: z.boolean().optional() });
export type ToggleAutomationBody = z.infer<typeof ToggleAutomationBodySchema>;

export const InviteMemberBodySchema = z.strictObject({
  email: z.email().max(254),
  role: ProjectRoleSchema.optional(),
});
export type InviteMemberBody = z.infer<typeof InviteMemberBodySchema>;
export const UpdateMemberBodySchema = z.strictObject({ role: ProjectRoleSchema });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBodySchema>;

// ---- list queries (query strings arrive as text; coerce) ----

const QueryInt = z.coerce.number().int().positive();
const QueryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** `page` is 1-based; `per_page` defaults to 15 and is clamped to 100 (`meta.per_page` says what was used). */
export const PageQuerySchema = z.object({ page: QueryInt.optional(), per_page: QueryInt.optional() });
export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;

export const ListTasksQuerySchema = PageQuerySchema.extend({
  project_id: QueryInt.optional(),
  assignee_id: QueryInt.optional(),
  sprint_id: QueryInt.optional(),
  /** Status name (case-insensitive) or id. */
  status: z.string().min(1).max(255).optional(),
  /** true: only tasks in a done status; false: only open ones. */
  done: QueryBool.optional(),
  due_before: DateInputSchema.optional(),
  due_after: DateInputSchema.optional(),
  /** Free text over title and description: makes the request a "search" for rate limiting. */
  q: z.string().min(1).max(255).optional(),
});
export type ListTasksQuery = z.input<typeof ListTasksQuerySchema>;
export const ListProjectTasksQuerySchema = ListTasksQuerySchema.omit({ project_id: true });
export type ListProjectTasksQuery = z.input<typeof ListProjectTasksQuerySchema>;
export const ListProjectsQuerySchema = PageQuerySchema.extend({
  workspace_id: QueryInt.optional(),
  status: z.enum(['active', 'archived']).optional(),
  q: z.string().min(1).max(255).optional(),
});
export type ListProjectsQuery = z.input<typeof ListProjectsQuerySchema>;
export const ListGoalsQuerySchema = PageQuerySchema.extend({
  workspace_id: QueryInt.optional(),
  project_id: QueryInt.optional(),
  status: GoalStatusSchema.optional(),
});
export type ListGoalsQuery = z.input<typeof ListGoalsQuerySchema>;
export const ListAutomationsQuerySchema = PageQuerySchema.extend({ project_id: QueryInt.optional() });
export type ListAutomationsQuery = z.input<typeof ListAutomationsQuerySchema>;
export const ListSprintsQuerySchema = PageQuerySchema.extend({
  status: z.enum(['planned', 'active', 'completed']).optional(),
});
export type ListSprintsQuery = z.input<typeof ListSprintsQuerySchema>;
export type PageQuery = z.input<typeof PageQuerySchema>;
