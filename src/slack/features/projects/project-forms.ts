/**
 * The project form: creating one (in a workspace the person may create in) and editing one (for
 * its admins). Opened with a loading view, filled once the service has answered.
 */
import type { WebClient } from '@slack/web-api';
import type { UpdateProjectBody } from '../../../contract/index.ts';
import type { ProjectRef } from '../../commands/intents.ts';
import type { AppDeps } from '../../deps.ts';
import { type FormOpener, openTeamModal } from '../../kit/open-team-modal.ts';
import { requireApi } from '../../kit/require-api.ts';
import { teamFormHandler } from '../../kit/team-form.ts';
import { sealTeamForm } from '../../kit/team-form-metadata.ts';
import {
  actorFor,
  mayManageProject,
  mayWriteWorkspace,
  type Permission,
  workspacesToCreateIn,
} from '../../services/permissions.ts';
import { resolveProject } from '../../services/resolve-project.ts';
import { allWorkspaces } from '../../services/team-workspaces.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { TEAM_VIEWS } from '../../ui/ids.ts';
import { projectProblemMessage } from '../../ui/messages/project-problem.ts';
import { refusalFor, refusalText, renderRefusal } from '../../ui/team/refusal.ts';
import { readProjectForm, renderProjectForm } from './project-form.ts';
import { renderProjectSaved } from './project-messages.ts';

/** The workspaces the actor may create projects in. */
function refused(what: string, permission: Exclude<Permission, { allowed: true }>): RenderedMessage {
  return renderRefusal({ what, why: permission.why, next: permission.next });
}

export async function openNewProjectForm(
  deps: AppDeps,
  client: WebClient,
  q: FormOpener & { name?: string | null },
): Promise<void> {
  const request = {
    triggerId: q.triggerId,
    title: 'New project',
    callbackId: TEAM_VIEWS.projectForm,
    loading: 'Looking up your workspaces…',
  };
  await openTeamModal(deps, client, request, async () => {
    const api = await requireApi(deps, q.teamId);
    const actor = await actorFor(deps, client, q.teamId, q.userId);
    const allowed = await workspacesToCreateIn(api, actor, {
      what: "You can't create projects.",
      why: 'Members of a workspace (not guests) and Slack workspace admins create projects.',
    });
    if ('problem' in allowed) return allowed;
    const { workspaces, only } = allowed;
    return {
      view: renderProjectForm({
        privateMetadata: sealTeamForm(deps, 'projectForm', { p: null, w: only?.id ?? null, c: q.channelId }),
        project: null,
        workspaces: only ? [] : workspaces.map((w) => ({ id: w.id, name: w.name })),
        name: q.name ?? null,
      }),
    };
  });
}

export async function openEditProjectForm(
  deps: AppDeps,
  client: WebClient,
  q: FormOpener & { project: ProjectRef | { id: number } | null },
): Promise<void> {
  const request = {
    triggerId: q.triggerId,
    title: 'Edit project',
    callbackId: TEAM_VIEWS.projectForm,
    loading: 'Looking up the project…',
  };
  await openTeamModal(deps, client, request, async () => {
    const api = await requireApi(deps, q.teamId);
    let projectId: number;
    if (q.project && 'id' in q.project) {
      projectId = q.project.id;
    } else {
      const where = { teamId: q.teamId, channelId: q.channelId ?? '' };
      const resolution = await resolveProject(deps, api, q.project, where);
      if (resolution.kind !== 'found')
        return { problem: projectProblemMessage(resolution, 'projects edit').text };
      projectId = resolution.project.id;
    }
    const project = await api.projects.get(projectId);
    const actor = await actorFor(deps, client, q.teamId, q.userId);
    const permission = await mayManageProject(api, actor, project);
    if (!permission.allowed) {
      return { problem: refusalText(refusalFor(`You can't edit ${project.name}.`, permission)) };
    }
    return {
      view: renderProjectForm({
        privateMetadata: sealTeamForm(deps, 'projectForm', { p: project.id, w: null, c: q.channelId }),
        project,
        workspaces: [],
      }),
    };
  });
}

export const projectFormSubmittedHandler = teamFormHandler({
  kind: 'projectForm',
  read: (values, meta) => readProjectForm(values, meta.p === null && meta.w === null),
  run: async (ctx, value) => {
    const api = await ctx.api();
    const actor = await actorFor(ctx.deps, ctx.client, ctx.teamId, ctx.userId);
    const fields = { name: value.name, description: value.description, color: value.color };
    if (ctx.meta.p !== null) {
      const project = await api.projects.get(ctx.meta.p);
      const permission = await mayManageProject(api, actor, project);
      if (!permission.allowed) return refused(`You can't edit ${project.name}.`, permission);
      // Only what the person changed: a description or colour the service does not show (read as
      // empty) is not erased by a form that could not show it either.
      const changes: UpdateProjectBody = { name: value.name };
      if (value.description !== (project.description ?? null)) changes.description = value.description;
      if ((value.color ?? '').toLowerCase() !== (project.color ?? '').toLowerCase())
        changes.color = value.color;
      const updated = await api.projects.update(project.id, changes);
      return renderProjectSaved({ project: updated, userId: ctx.userId, change: 'updated' });
    }
    const workspaceId = ctx.meta.w ?? value.workspaceId;
    const workspace = (await allWorkspaces(api)).find((w) => w.id === workspaceId);
    if (!workspace) throw new Error('the chosen workspace is not among the workspaces');
    const permission = await mayWriteWorkspace(api, actor, workspace);
    if (!permission.allowed) return refused(`You can't create projects in ${workspace.name}.`, permission);
    const created = await api.projects.create({ workspace_id: workspace.id, ...fields });
    return renderProjectSaved({ project: created, userId: ctx.userId, change: 'created' });
  },
});
