/**
 * Who may do what: the one permission model of the app. Every check reads every page of members. The app calls the service with the workspace's one
 * token, so the service cannot tell people apart: the app checks each person itself, by the
 * role of the member their Slack account is linked to, and lets Slack workspace admins through.
 * - manage a project (invite, change roles, edit, archive, automations): its admins;
 * - write in a project (sprints, mind maps): its admins and members, not viewers;
 * - manage a workspace (create, rename): its owners and admins;
 * - write in a workspace (goals, new projects): anyone in it but guests;
 * - delete a task: its creator, or an admin of its project.
 * A service that shows no roles (the spec shows none: they read as `unknown`) gives no one a role's
 * rights: then only Slack workspace admins may, and the refusal says why. Deleting a task whose
 * creator and project admins the service does not show is likewise left to Slack admins.
 */
import type { WebClient } from '@slack/web-api';
import type { TaskRecord, WorkApiClient, WorkspaceRecord } from '../../api/index.ts';
import { UNKNOWN_ROLE } from '../../api/schemas/records.ts';
import type { AppDeps } from '../deps.ts';
import { refusalText } from '../ui/team/refusal.ts';
import type { TaskActor } from './task-actor.ts';
import { TaskRefusal } from './task-refusal.ts';
import { allWorkspaces } from './team-workspaces.ts';

/** The person acting, as the checks need them. */
export interface Actor {
  slackUserId: string;
  /** A Slack workspace admin or owner. */
  isSlackAdmin: boolean;
  /** The linked service member, or null when not linked. */
  member: { id: number; name: string } | null;
}

export type Permission = { allowed: true } | { allowed: false; why: string; next: string };

export async function actorFor(
  deps: AppDeps,
  client: WebClient,
  teamId: string,
  slackUserId: string,
): Promise<Actor> {
  const [link, profile] = await Promise.all([
    deps.userLinks.get(teamId, slackUserId),
    // Without a profile the person is simply not treated as an admin.
    deps.profiles.get(client, teamId, slackUserId).catch(() => undefined),
  ]);
  return {
    slackUserId,
    isSlackAdmin: profile?.isAdmin ?? false,
    member: link ? { id: link.memberId, name: link.memberName } : null,
  };
}

/** A member's role in a project, read across every page of its members (null: not a member). */
async function projectRole(api: WorkApiClient, memberId: number, projectId: number): Promise<string | null> {
  for await (const m of api.members.listByProject.all(projectId, { per_page: 100 })) {
    if (m.id === memberId) return m.role;
  }
  return null;
}

/** The actor's role in a project (null: not linked, or not a member). */
export async function projectRoleOf(
  api: WorkApiClient,
  actor: Actor,
  projectId: number,
): Promise<string | null> {
  return actor.member ? projectRole(api, actor.member.id, projectId) : null;
}

/** The actor's role in a workspace (null: not linked, or not a member). */
async function workspaceRoleOf(
  api: WorkApiClient,
  actor: Actor,
  workspaceId: number,
): Promise<string | null> {
  if (!actor.member) return null;
  for await (const m of api.workspaces.members.all(workspaceId, { per_page: 100 })) {
    if (m.id === actor.member.id) return m.role;
  }
  return null;
}

const LINK_NEXT = 'If you have an account there, link it with `/task link` and try again.';

/** Your role, in words: "You are a member there." */
function roleSentence(role: string | null, where: string): string {
  if (!role) return `You are not a member of ${where}.`;
  return `You are ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role} there.`;
}

/** Said when the service shows no member roles, so no role can be checked. */
export const ROLES_NOT_SHOWN =
  'The service does not show members’ roles, so only Slack workspace admins can do that from Slack.';

function refusal(actor: Actor, who: string, yours: string, role?: string | null): Permission {
  if (role === UNKNOWN_ROLE) {
    return { allowed: false, why: ROLES_NOT_SHOWN, next: 'Ask a Slack workspace admin to do it.' };
  }
  if (!actor.member) {
    return {
      allowed: false,
      why: `Only ${who} (or Slack workspace admins) can do that, and your Slack account isn't linked to an account in the service.`,
      next: LINK_NEXT,
    };
  }
  return {
    allowed: false,
    why: `Only ${who} (or Slack workspace admins) can do that. ${yours}`,
    next: 'Ask one of them to do it, or to change your role.',
  };
}

async function projectCheck(
  api: WorkApiClient,
  actor: Actor,
  project: { id: number; name: string },
  roles: readonly string[],
  who: string,
): Promise<Permission> {
  if (actor.isSlackAdmin) return { allowed: true };
  const role = await projectRoleOf(api, actor, project.id);
  return role && roles.includes(role)
    ? { allowed: true }
    : refusal(actor, who, roleSentence(role, project.name), role);
}

async function workspaceCheck(
  api: WorkApiClient,
  actor: Actor,
  workspace: { id: number; name: string },
  roles: readonly string[],
  who: string,
): Promise<Permission> {
  if (actor.isSlackAdmin) return { allowed: true };
  const role = await workspaceRoleOf(api, actor, workspace.id);
  return role && roles.includes(role)
    ? { allowed: true }
    : refusal(actor, who, roleSentence(role, workspace.name), role);
}

export function mayManageProject(api: WorkApiClient, actor: Actor, project: { id: number; name: string }) {
  return projectCheck(api, actor, project, ['admin'], `admins of ${project.name}`);
}

export function mayWriteProject(api: WorkApiClient, actor: Actor, project: { id: number; name: string }) {
  return projectCheck(api, actor, project, ['admin', 'member'], `members of ${project.name}`);
}

export function mayManageWorkspace(
  api: WorkApiClient,
  actor: Actor,
  workspace: { id: number; name: string },
) {
  return workspaceCheck(api, actor, workspace, ['owner', 'admin'], `owners and admins of ${workspace.name}`);
}

export function mayWriteWorkspace(api: WorkApiClient, actor: Actor, workspace: { id: number; name: string }) {
  return workspaceCheck(api, actor, workspace, ['owner', 'admin', 'member'], `members of ${workspace.name}`);
}

/** The workspaces (of every page) the person may create projects and goals in. */
async function writableWorkspaces(api: WorkApiClient, actor: Actor): Promise<WorkspaceRecord[]> {
  const allowed: WorkspaceRecord[] = [];
  for (const ws of await allWorkspaces(api))
    if ((await mayWriteWorkspace(api, actor, ws)).allowed) allowed.push(ws);
  return allowed;
}

/**
 * Where a new project or goal may go: the workspaces the person may write to (`only` when there is
 * one, so the form need not ask), or, when there are none, why not and what to do, as mrkdwn.
 */
export async function workspacesToCreateIn(
  api: WorkApiClient,
  actor: Actor,
  refusal: { what: string; why: string },
): Promise<{ workspaces: WorkspaceRecord[]; only: WorkspaceRecord | null } | { problem: string }> {
  const workspaces = await writableWorkspaces(api, actor);
  if (workspaces.length === 0) {
    const next = actor.member
      ? 'Ask a workspace admin to add you.'
      : 'Link your account with `/task link` first.';
    return { problem: refusalText({ ...refusal, next }) };
  }
  return { workspaces, only: workspaces.length === 1 ? workspaces[0]! : null };
}

/** Creating a workspace: Slack admins, or owners and admins of any workspace the service shows. */
export async function mayCreateWorkspace(api: WorkApiClient, actor: Actor): Promise<Permission> {
  if (actor.isSlackAdmin) return { allowed: true };
  let unknown = false;
  if (actor.member) {
    for await (const ws of api.workspaces.list.all({ per_page: 100 })) {
      const role = await workspaceRoleOf(api, actor, ws.id);
      if (role === 'owner' || role === 'admin') return { allowed: true };
      unknown ||= role === UNKNOWN_ROLE;
    }
  }
  return refusal(
    actor,
    'workspace owners and admins',
    'You are not an owner or admin of any workspace.',
    unknown ? UNKNOWN_ROLE : null,
  );
}

/** Whether the project's member list shows roles (a service may show only ids and names). */
async function projectShowsRoles(api: WorkApiClient, projectId: number): Promise<boolean> {
  for await (const m of api.members.listByProject.all(projectId, { per_page: 100 })) {
    if (m.role !== UNKNOWN_ROLE) return true;
  }
  return false;
}

/**
 * Deleting a task: its creator, or an admin of its project. 'unknown' when the service shows
 * neither the task's creator nor its project's roles: nobody's right can be checked.
 */
async function mayDeleteTask(
  api: WorkApiClient,
  task: TaskRecord,
  actor: TaskActor,
): Promise<boolean | 'unknown'> {
  if (task.creator?.id === actor.memberId) return true;
  const role = task.project_id === null ? null : await projectRole(api, actor.memberId, task.project_id);
  if (role === 'admin') return true;
  if (task.creator) return false;
  if (task.project_id === null) return 'unknown';
  return role === UNKNOWN_ROLE || !(await projectShowsRoles(api, task.project_id)) ? 'unknown' : false;
}

/**
 * Throws a TaskRefusal naming who may delete, when the actor may not. Where the service does not
 * show who may (no creator, no roles), a Slack workspace admin may: otherwise no one could.
 */
export async function assertMayDeleteTask(
  api: WorkApiClient,
  task: TaskRecord,
  actor: TaskActor,
  isSlackAdmin: () => Promise<boolean>,
): Promise<void> {
  const may = await mayDeleteTask(api, task, actor);
  if (may === true) return;
  if (may === 'unknown') {
    if (await isSlackAdmin().catch(() => false)) return;
    throw new TaskRefusal(
      `The service does not show who created task #${task.id} or who administers its project, so only Slack workspace admins can delete it from Slack. Nothing was deleted.`,
    );
  }
  const creator = task.creator ? ` (${task.creator.name})` : '';
  throw new TaskRefusal(
    `Only the task’s creator${creator} or an admin of its project can delete task #${task.id}. Nothing was deleted.`,
  );
}
