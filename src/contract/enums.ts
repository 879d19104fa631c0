import { z } from 'zod';

/** Allowed values where the spec says "not shown"; chosen in ../shared/docs/api-assumptions.md. */
export const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'] as const;
export const PrioritySchema = z.enum(PRIORITIES);
export type Priority = z.infer<typeof PrioritySchema>;

export const ProjectStatusSchema = z.enum(['active', 'archived']);
export const WorkspaceRoleSchema = z.enum(['owner', 'admin', 'member', 'guest']);
export const PROJECT_ROLES = ['admin', 'member', 'viewer'] as const;
export const ProjectRoleSchema = z.enum(PROJECT_ROLES);
export type ProjectRole = z.infer<typeof ProjectRoleSchema>;
export const InvitationStatusSchema = z.enum(['pending', 'accepted', 'declined', 'expired']);
export const SprintStatusSchema = z.enum(['planned', 'active', 'completed']);
export type SprintStatus = z.infer<typeof SprintStatusSchema>;
export const GOAL_STATUSES = ['on_track', 'at_risk', 'off_track', 'done'] as const;
export const GoalStatusSchema = z.enum(GOAL_STATUSES);
export type GoalStatus = z.infer<typeof GoalStatusSchema>;
export const TARGET_TYPES = ['number', 'percentage', 'currency', 'boolean'] as const;
export const TargetTypeSchema = z.enum(TARGET_TYPES);
export type TargetType = z.infer<typeof TargetTypeSchema>;
export const TRIGGER_TYPES = [
  'task_created',
  'status_changed',
  'due_date_reached',
  'assignee_changed',
] as const;
export const TriggerTypeSchema = z.enum(TRIGGER_TYPES);
export const ACTION_TYPES = ['set_status', 'assign', 'set_priority', 'move_to_sprint', 'notify'] as const;
export const ActionTypeSchema = z.enum(ACTION_TYPES);
