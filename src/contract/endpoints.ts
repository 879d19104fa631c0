/**
 * The service's endpoints (spec Part 4: 30 method + path pairs) plus the sandbox's few extras, as
 * one table. The sandbox registers its routes from it, the OpenAPI document is generated from it,
 * and the client's resources name their calls after it.
 */
import { z } from 'zod';
import {
  AutomationSchema,
  GoalSchema,
  InvitationSchema,
  listEnvelope,
  MindMapSchema,
  MindMapSummarySchema,
  ProjectMemberSchema,
  ProjectSchema,
  ProjectStatusDefSchema,
  SprintReportSchema,
  SprintSchema,
  singleEnvelope,
  TargetSchema,
  TaskSchema,
  WorkspaceMemberSchema,
  WorkspaceSchema,
} from './records.ts';
import {
  CreateAutomationBodySchema,
  CreateGoalBodySchema,
  CreateMindMapBodySchema,
  CreateProjectBodySchema,
  CreateSprintBodySchema,
  CreateTargetBodySchema,
  CreateTaskBodySchema,
  CreateWorkspaceBodySchema,
  InviteMemberBodySchema,
  ListAutomationsQuerySchema,
  ListGoalsQuerySchema,
  ListProjectsQuerySchema,
  ListProjectTasksQuerySchema,
  ListSprintsQuerySchema,
  ListTasksQuerySchema,
  PageQuerySchema,
  ReplaceMindMapDataBodySchema,
  StartSprintBodySchema,
  ToggleAutomationBodySchema,
  UpdateGoalBodySchema,
  UpdateMemberBodySchema,
  UpdateProjectBodySchema,
  UpdateTaskBodySchema,
  UpdateWorkspaceBodySchema,
} from './requests.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointDef {
  /** Stable name, `group.action`. */
  name: string;
  method: HttpMethod;
  /** Relative to the base URL (which already ends in /api); `{id}` and `{uid}` are integers. */
  path: string;
  group: 'workspaces' | 'projects' | 'tasks' | 'sprints' | 'mind-maps' | 'goals' | 'automations' | 'members';
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Whether the body may be left out entirely (action endpoints). */
  bodyOptional?: boolean;
  /** Success status and its body schema (`null` for an empty 204). */
  status: 200 | 201 | 204;
  response: z.ZodType | null;
  /** Other successful answers than `status`, e.g. the 200 of an invite that changes nothing. */
  alsoResponds?: ReadonlyArray<{ status: 200 | 201; response: z.ZodType; description: string }>;
  /** Not among the spec's 30 paths: a sandbox extra that a client uses only optionally. */
  extra?: boolean;
}

function ep(def: EndpointDef): EndpointDef {
  return def;
}

export const ENDPOINTS = [
  // Workspaces
  ep({
    name: 'workspaces.list',
    method: 'GET',
    path: '/workspaces',
    group: 'workspaces',
    summary: 'List workspaces',
    query: PageQuerySchema,
    status: 200,
    response: listEnvelope(WorkspaceSchema),
  }),
  ep({
    name: 'workspaces.create',
    method: 'POST',
    path: '/workspaces',
    group: 'workspaces',
    summary: 'Create a workspace',
    body: CreateWorkspaceBodySchema,
    status: 201,
    response: singleEnvelope(WorkspaceSchema),
  }),
  ep({
    name: 'workspaces.update',
    method: 'PUT',
    path: '/workspaces/{id}',
    group: 'workspaces',
    summary: 'Update a workspace (name, settings)',
    body: UpdateWorkspaceBodySchema,
    status: 200,
    response: singleEnvelope(WorkspaceSchema),
  }),
  ep({
    name: 'workspaces.members',
    method: 'GET',
    path: '/workspaces/{id}/members',
    group: 'workspaces',
    summary: "List a workspace's members",
    query: PageQuerySchema,
    status: 200,
    response: listEnvelope(WorkspaceMemberSchema),
  }),
  // Projects
  ep({
    name: 'projects.list',
    method: 'GET',
    path: '/projects',
    group: 'projects',
    summary: 'List projects',
    query: ListProjectsQuerySchema,
    status: 200,
    response: listEnvelope(ProjectSchema),
  }),
  ep({
    name: 'projects.create',
    method: 'POST',
    path: '/projects',
    group: 'projects',
    summary: 'Create a project',
    body: CreateProjectBodySchema,
    status: 201,
    response: singleEnvelope(ProjectSchema),
  }),
  ep({
    name: 'projects.get',
    method: 'GET',
    path: '/projects/{id}',
    group: 'projects',
    summary: 'Get a project',
    status: 200,
    response: singleEnvelope(ProjectSchema),
  }),
  ep({
    name: 'projects.update',
    method: 'PUT',
    path: '/projects/{id}',
    group: 'projects',
    summary: 'Update or archive a project',
    body: UpdateProjectBodySchema,
    status: 200,
    response: singleEnvelope(ProjectSchema),
  }),
  ep({
    name: 'projects.statuses',
    method: 'GET',
    path: '/projects/{id}/statuses',
    group: 'projects',
    summary: "A project's workflow statuses (sandbox extra)",
    status: 200,
    response: listEnvelope(ProjectStatusDefSchema),
    extra: true,
  }),
  // Tasks
  ep({
    name: 'tasks.list',
    method: 'GET',
    path: '/tasks',
    group: 'tasks',
    summary: 'List tasks across projects',
    query: ListTasksQuerySchema,
    status: 200,
    response: listEnvelope(TaskSchema),
  }),
  ep({
    name: 'tasks.create',
    method: 'POST',
    path: '/tasks',
    group: 'tasks',
    summary: 'Create a task',
    body: CreateTaskBodySchema,
    status: 201,
    response: singleEnvelope(TaskSchema),
  }),
  ep({
    name: 'tasks.get',
    method: 'GET',
    path: '/tasks/{id}',
    group: 'tasks',
    summary: 'Get a task',
    status: 200,
    response: singleEnvelope(TaskSchema),
  }),
  ep({
    name: 'tasks.update',
    method: 'PUT',
    path: '/tasks/{id}',
    group: 'tasks',
    summary: 'Update a task',
    body: UpdateTaskBodySchema,
    status: 200,
    response: singleEnvelope(TaskSchema),
  }),
  ep({
    name: 'tasks.delete',
    method: 'DELETE',
    path: '/tasks/{id}',
    group: 'tasks',
    summary: 'Delete a task',
    status: 204,
    response: null,
  }),
  ep({
    name: 'tasks.listByProject',
    method: 'GET',
    path: '/projects/{id}/tasks',
    group: 'tasks',
    summary: "List a project's tasks",
    query: ListProjectTasksQuerySchema,
    status: 200,
    response: listEnvelope(TaskSchema),
  }),
  // Sprints
  ep({
    name: 'sprints.listByProject',
    method: 'GET',
    path: '/projects/{id}/sprints',
    group: 'sprints',
    summary: "List a project's sprints",
    query: ListSprintsQuerySchema,
    status: 200,
    response: listEnvelope(SprintSchema),
  }),
  ep({
    name: 'sprints.create',
    method: 'POST',
    path: '/sprints',
    group: 'sprints',
    summary: 'Create a sprint (planned)',
    body: CreateSprintBodySchema,
    status: 201,
    response: singleEnvelope(SprintSchema),
  }),
  ep({
    name: 'sprints.start',
    method: 'POST',
    path: '/sprints/{id}/start',
    group: 'sprints',
    summary: 'Start a planned sprint',
    body: StartSprintBodySchema,
    bodyOptional: true,
    status: 200,
    response: singleEnvelope(SprintSchema),
  }),
  ep({
    name: 'sprints.report',
    method: 'GET',
    path: '/sprints/{id}/report',
    group: 'sprints',
    summary: 'Agile report of a sprint (sandbox extra)',
    status: 200,
    response: singleEnvelope(SprintReportSchema),
    extra: true,
  }),
  // Mind maps
  ep({
    name: 'mindMaps.listByProject',
    method: 'GET',
    path: '/projects/{id}/mind-maps',
    group: 'mind-maps',
    summary: "List a project's mind maps",
    query: PageQuerySchema,
    status: 200,
    response: listEnvelope(MindMapSummarySchema),
  }),
  ep({
    name: 'mindMaps.create',
    method: 'POST',
    path: '/mind-maps',
    group: 'mind-maps',
    summary: 'Create a mind map',
    body: CreateMindMapBodySchema,
    status: 201,
    response: singleEnvelope(MindMapSchema),
  }),
  ep({
    name: 'mindMaps.replaceData',
    method: 'PUT',
    path: '/mind-maps/{id}/data',
    group: 'mind-maps',
    summary: "Replace a mind map's whole tree",
    body: ReplaceMindMapDataBodySchema,
    status: 200,
    response: singleEnvelope(MindMapSchema),
  }),
  ep({
    name: 'mindMaps.get',
    method: 'GET',
    path: '/mind-maps/{id}',
    group: 'mind-maps',
    summary: 'Get a mind map with its tree (sandbox extra)',
    status: 200,
    response: singleEnvelope(MindMapSchema),
    extra: true,
  }),
  // Goals
  ep({
    name: 'goals.list',
    method: 'GET',
    path: '/goals',
    group: 'goals',
    summary: 'List goals',
    query: ListGoalsQuerySchema,
    status: 200,
    response: listEnvelope(GoalSchema),
  }),
  ep({
    name: 'goals.create',
    method: 'POST',
    path: '/goals',
    group: 'goals',
    summary: 'Create a goal',
    body: CreateGoalBodySchema,
    status: 201,
    response: singleEnvelope(GoalSchema),
  }),
  ep({
    name: 'goals.update',
    method: 'PUT',
    path: '/goals/{id}',
    group: 'goals',
    summary: 'Update a goal',
    body: UpdateGoalBodySchema,
    status: 200,
    response: singleEnvelope(GoalSchema),
  }),
  ep({
    name: 'goals.addTarget',
    method: 'POST',
    path: '/goals/{id}/targets',
    group: 'goals',
    summary: 'Add a key result to a goal',
    body: CreateTargetBodySchema,
    status: 201,
    response: singleEnvelope(TargetSchema),
  }),
  // Automations
  ep({
    name: 'automations.list',
    method: 'GET',
    path: '/automations',
    group: 'automations',
    summary: 'List automations',
    query: ListAutomationsQuerySchema,
    status: 200,
    response: listEnvelope(AutomationSchema),
  }),
  ep({
    name: 'automations.create',
    method: 'POST',
    path: '/automations',
    group: 'automations',
    summary: 'Create an automation',
    body: CreateAutomationBodySchema,
    status: 201,
    response: singleEnvelope(AutomationSchema),
  }),
  ep({
    name: 'automations.toggle',
    method: 'POST',
    path: '/automations/{id}/toggle',
    group: 'automations',
    summary: 'Toggle an automation; answers the resulting state',
    body: ToggleAutomationBodySchema,
    bodyOptional: true,
    status: 200,
    response: singleEnvelope(AutomationSchema),
  }),
  // Members and invitations
  ep({
    name: 'members.listByProject',
    method: 'GET',
    path: '/projects/{id}/members',
    group: 'members',
    summary: "List a project's members",
    query: PageQuerySchema,
    status: 200,
    response: listEnvelope(ProjectMemberSchema),
  }),
  ep({
    name: 'members.invite',
    method: 'POST',
    path: '/projects/{id}/members/invite',
    group: 'members',
    summary: 'Invite by email (an existing member answers 200 with the member)',
    body: InviteMemberBodySchema,
    status: 201,
    response: singleEnvelope(InvitationSchema),
    alsoResponds: [
      {
        status: 200,
        response: singleEnvelope(z.union([ProjectMemberSchema, InvitationSchema])),
        description: 'Already a member (answers the member) or already invited (answers the open invitation)',
      },
    ],
  }),
  ep({
    name: 'members.updateRole',
    method: 'PUT',
    path: '/projects/{id}/members/{uid}',
    group: 'members',
    summary: "Change a project member's role",
    body: UpdateMemberBodySchema,
    status: 200,
    response: singleEnvelope(ProjectMemberSchema),
  }),
] as const satisfies readonly EndpointDef[];

export type EndpointName = (typeof ENDPOINTS)[number]['name'];

export const SPEC_ENDPOINTS = ENDPOINTS.filter((e) => !('extra' in e && e.extra));

export function endpoint(name: EndpointName): EndpointDef {
  const found = ENDPOINTS.find((e) => e.name === name);
  if (!found) throw new Error(`unknown endpoint ${name}`);
  return found;
}
