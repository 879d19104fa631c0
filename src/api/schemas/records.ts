/**
 * How the client reads records: the contract's strict schemas, made tolerant. Unknown fields are
 * kept (`.loose()`: the service "is live and its coverage is growing"), date-times may carry any
 * offset, and values the spec does not enumerate may be new. What the spec does show stays strict:
 * integer ids, a task's status `{id, name, color: #RRGGBB}`, its assignees `{id, name}`.
 * Goals, targets and mind maps, which also accept other services' names, are in their own files.
 */
import { z } from 'zod';
import {
  ACTION_TYPES,
  AutomationConditionSchema,
  AutomationSchema,
  InvitationSchema,
  MemberRefSchema,
  PRIORITIES,
  PROJECT_ROLES,
  ProjectMemberSchema,
  ProjectSchema,
  ProjectStatusDefSchema,
  SprintReportSchema,
  SprintSchema,
  TaskSchema,
  TaskStatusSchema,
  TRIGGER_TYPES,
  WorkspaceMemberSchema,
  WorkspaceSchema,
} from '../../contract/index.ts';
import { LenientDateSchema, LenientDateTimeSchema, openEnum } from './lenient.ts';

const Member = MemberRefSchema.loose();

export const TaskRecordSchema = TaskSchema.extend({
  status: TaskStatusSchema.loose(),
  assignees: z.array(Member),
  due_date: LenientDateTimeSchema.nullable(),
  priority: openEnum(PRIORITIES),
  created_at: LenientDateTimeSchema,
  updated_at: LenientDateTimeSchema,
  creator: Member.nullable(),
}).loose();
export type TaskRecord = z.output<typeof TaskRecordSchema>;

export const WorkspaceRecordSchema = WorkspaceSchema.extend({ created_at: LenientDateTimeSchema }).loose();
export type WorkspaceRecord = z.output<typeof WorkspaceRecordSchema>;

export const WorkspaceMemberRecordSchema = WorkspaceMemberSchema.extend({
  role: openEnum(['owner', 'admin', 'member', 'guest']),
}).loose();
export type WorkspaceMemberRecord = z.output<typeof WorkspaceMemberRecordSchema>;

export const ProjectRecordSchema = ProjectSchema.extend({
  color: z.string().nullable(),
  status: openEnum(['active', 'archived']),
  archived_at: LenientDateTimeSchema.nullable(),
  created_at: LenientDateTimeSchema,
  updated_at: LenientDateTimeSchema,
}).loose();
export type ProjectRecord = z.output<typeof ProjectRecordSchema>;

export const ProjectStatusRecordSchema = ProjectStatusDefSchema.extend({ color: z.string() }).loose();
export type ProjectStatusRecord = z.output<typeof ProjectStatusRecordSchema>;

export const ProjectMemberRecordSchema = ProjectMemberSchema.extend({
  role: openEnum(PROJECT_ROLES),
}).loose();
export type ProjectMemberRecord = z.output<typeof ProjectMemberRecordSchema>;

export const InvitationRecordSchema = InvitationSchema.extend({
  role: openEnum(PROJECT_ROLES),
  status: openEnum(['pending', 'accepted', 'declined', 'expired']),
  invited_by: Member.nullable(),
  created_at: LenientDateTimeSchema,
  expires_at: LenientDateTimeSchema,
}).loose();
export type InvitationRecord = z.output<typeof InvitationRecordSchema>;

export const SprintRecordSchema = SprintSchema.extend({
  status: openEnum(['planned', 'active', 'completed']),
  start_date: LenientDateSchema.nullable(),
  end_date: LenientDateSchema.nullable(),
  started_at: LenientDateTimeSchema.nullable(),
  completed_at: LenientDateTimeSchema.nullable(),
}).loose();
export type SprintRecord = z.output<typeof SprintRecordSchema>;

export const SprintReportRecordSchema = SprintReportSchema.extend({
  days: z.array(z.looseObject({ date: LenientDateSchema, remaining: z.number(), ideal: z.number() })),
}).loose();
export type SprintReportRecord = z.output<typeof SprintReportRecordSchema>;

const Config = z.record(z.string(), z.unknown());
export const AutomationRecordSchema = AutomationSchema.extend({
  trigger: z.looseObject({ type: openEnum(TRIGGER_TYPES), config: Config.default({}) }),
  conditions: z.array(AutomationConditionSchema.loose()),
  actions: z.array(z.looseObject({ type: openEnum(ACTION_TYPES), config: Config.default({}) })),
  last_run_at: LenientDateTimeSchema.nullable(),
}).loose();
export type AutomationRecord = z.output<typeof AutomationRecordSchema>;
