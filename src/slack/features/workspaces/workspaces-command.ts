/**
 * `/task workspaces`: list them, list one's members, and (workspace admins) create or rename one
 * by form.
 */
import type { WebClient } from '@slack/web-api';
import type { WorkspacesIntent } from '../../commands/intents.ts';
import type { AppDeps } from '../../deps.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { openTeamModal } from '../../kit/open-team-modal.ts';
import { requireApi } from '../../kit/require-api.ts';
import { teamFormHandler } from '../../kit/team-form.ts';
import { sealTeamForm } from '../../kit/team-form-metadata.ts';
import { actorFor, mayCreateWorkspace, mayManageWorkspace } from '../../services/permissions.ts';
import { slackUsersByMember } from '../../services/resolve-people.ts';
import { allWorkspaces, pickWorkspace } from '../../services/team-workspaces.ts';
import { TEAM_VIEWS } from '../../ui/ids.ts';
import { errorMessage } from '../../ui/messages/errors.ts';
import { renderMemberList } from '../../ui/team/member-messages.ts';
import { refusalFor, refusalText, renderRefusal } from '../../ui/team/refusal.ts';
import {
  readWorkspaceForm,
  renderWorkspaceForm,
  renderWorkspaceList,
  renderWorkspaceSaved,
} from './workspace-messages.ts';

async function openWorkspaceForm(
  deps: AppDeps,
  client: WebClient,
  ctx: CommandContext,
  intent: WorkspacesIntent,
): Promise<void> {
  const renaming = intent.action === 'rename';
  const request = {
    triggerId: ctx.triggerId,
    title: renaming ? 'Rename workspace' : 'New workspace',
    callbackId: TEAM_VIEWS.workspaceForm,
    loading: 'Checking what you may do…',
  };
  await openTeamModal(deps, client, request, async () => {
    const api = await requireApi(deps, ctx.teamId);
    const actor = await actorFor(deps, client, ctx.teamId, ctx.userId);
    if (!renaming) {
      const permission = await mayCreateWorkspace(api, actor);
      if (!permission.allowed)
        return { problem: refusalText(refusalFor("You can't create workspaces.", permission)) };
      return {
        view: renderWorkspaceForm({
          privateMetadata: sealTeamForm(deps, 'workspaceForm', { w: null, c: ctx.channelId }),
          name: null,
        }),
      };
    }
    const pick = pickWorkspace(await allWorkspaces(api), intent.workspace);
    if (pick.kind === 'problem') return { problem: `:warning: Which workspace? ${pick.why}` };
    const permission = await mayManageWorkspace(api, actor, pick.workspace);
    if (!permission.allowed) {
      return { problem: refusalText(refusalFor(`You can't rename ${pick.workspace.name}.`, permission)) };
    }
    return {
      view: renderWorkspaceForm({
        privateMetadata: sealTeamForm(deps, 'workspaceForm', { w: pick.workspace.id, c: ctx.channelId }),
        name: pick.workspace.name,
      }),
    };
  });
}

export async function workspacesHandler(ctx: CommandContext, intent: WorkspacesIntent): Promise<void> {
  if (intent.action === 'new' || intent.action === 'rename') {
    await openWorkspaceForm(ctx.deps, ctx.client, ctx, intent);
    return;
  }
  const api = await ctx.api();
  const workspaces = await allWorkspaces(api);
  if (intent.action === 'list') {
    await ctx.respond({ response_type: 'ephemeral', ...renderWorkspaceList({ workspaces }) });
    return;
  }
  const pick = pickWorkspace(workspaces, intent.workspace);
  if (pick.kind === 'problem') {
    await ctx.respond({
      response_type: 'ephemeral',
      ...errorMessage({ what: 'Which workspace?', why: pick.why, next: 'Try `/task workspaces members 1`.' }),
    });
    return;
  }
  const members = [];
  for await (const m of api.workspaces.members.all(pick.workspace.id, { per_page: 100 })) members.push(m);
  await ctx.respond({
    response_type: 'ephemeral',
    ...renderMemberList({
      title: pick.workspace.name,
      members,
      slackUserIds: await slackUsersByMember(ctx.deps, ctx.teamId),
    }),
  });
}

export const workspaceFormSubmittedHandler = teamFormHandler({
  kind: 'workspaceForm',
  read: (values) => readWorkspaceForm(values),
  run: async (ctx, value) => {
    const api = await ctx.api();
    const actor = await actorFor(ctx.deps, ctx.client, ctx.teamId, ctx.userId);
    if (ctx.meta.w === null) {
      const permission = await mayCreateWorkspace(api, actor);
      if (!permission.allowed) return renderRefusal(refusalFor("You can't create workspaces.", permission));
      const created = await api.workspaces.create({ name: value.name });
      return renderWorkspaceSaved({ workspace: created, userId: ctx.userId, change: 'created' });
    }
    const pick = pickWorkspace(await allWorkspaces(api), { kind: 'id', id: ctx.meta.w });
    if (pick.kind === 'problem') throw new Error(`the workspace to rename is gone: ${pick.why}`);
    const permission = await mayManageWorkspace(api, actor, pick.workspace);
    if (!permission.allowed)
      return renderRefusal(refusalFor(`You can't rename ${pick.workspace.name}.`, permission));
    const renamed = await api.workspaces.update(pick.workspace.id, { name: value.name });
    return renderWorkspaceSaved({ workspace: renamed, userId: ctx.userId, change: 'renamed' });
  },
});
