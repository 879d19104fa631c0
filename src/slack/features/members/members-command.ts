/**
 * `/task members`, `/task invite` and `/task role`: a project's people. Inviting and changing
 * roles are for the project's admins (by the linked member's role) and Slack workspace admins.
 */
import { ConflictError, type ProjectMemberRecord, type WorkApiClient } from '../../../api/index.ts';
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { InviteIntent, MembersIntent, RoleIntent } from '../../commands/intents.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { projectForCommand } from '../../services/command-project.ts';
import { actorFor, mayManageProject } from '../../services/permissions.ts';
import { resolvePeople, slackUsersByMember } from '../../services/resolve-people.ts';
import type { ProjectChoice } from '../../services/resolve-project.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { errorMessage } from '../../ui/messages/errors.ts';
import { namesThatExist } from '../../ui/messages/names-that-exist.ts';
import { projectArgument } from '../../ui/team/format.ts';
import {
  projectMembersFooter,
  renderInviteResult,
  renderMemberList,
  renderRoleChanged,
} from '../../ui/team/member-messages.ts';
import { renderRefusal } from '../../ui/team/refusal.ts';
import { slackUsersNamed } from './slack-user-by-name.ts';

async function allMembers(api: WorkApiClient, projectId: number): Promise<ProjectMemberRecord[]> {
  const members: ProjectMemberRecord[] = [];
  for await (const m of api.members.listByProject.all(projectId, { per_page: 100 })) members.push(m);
  return members;
}

function reply(ctx: CommandContext, message: RenderedMessage): Promise<unknown> {
  return ctx.respond({ response_type: 'ephemeral', ...message });
}

/** The refusal for someone who does not administer the project, or null when they may. */
async function adminRefusal(
  ctx: CommandContext,
  api: WorkApiClient,
  project: ProjectChoice,
  what: string,
): Promise<RenderedMessage | null> {
  const actor = await actorFor(ctx.deps, ctx.client, ctx.teamId, ctx.userId);
  const permission = await mayManageProject(api, actor, project);
  return permission.allowed ? null : renderRefusal({ what, why: permission.why, next: permission.next });
}

export async function membersHandler(ctx: CommandContext, intent: MembersIntent): Promise<void> {
  const api = await ctx.api();
  const project = await projectForCommand(ctx, api, intent.project, 'members');
  if (!project) return;
  const [members, slackUserIds] = await Promise.all([
    allMembers(api, project.id),
    slackUsersByMember(ctx.deps, ctx.teamId),
  ]);
  await reply(
    ctx,
    renderMemberList({
      title: project.name,
      members,
      slackUserIds,
      footer: projectMembersFooter(project.name),
    }),
  );
}

export async function inviteHandler(ctx: CommandContext, intent: InviteIntent): Promise<void> {
  const api = await ctx.api();
  const project = await projectForCommand(ctx, api, intent.project, 'invite');
  if (!project) return;
  const refusal = await adminRefusal(ctx, api, project, `You can't invite people to ${project.name}.`);
  if (refusal) {
    await reply(ctx, refusal);
    return;
  }
  let invitee = intent.invitee;
  if (invitee.kind === 'name') {
    const named = await slackUsersNamed(ctx.client, invitee.name);
    const only = named.length === 1 ? named[0]! : undefined;
    if (!only) {
      const name = invitee.name.slice(0, 80);
      await reply(
        ctx,
        errorMessage({
          what: 'Nobody was invited.',
          why:
            named.length === 0
              ? `Nobody in this Slack workspace is called “@${name}”.`
              : `${named.length} people here are called “@${name}”: ${named
                  .slice(0, 10)
                  .map((p) => p.name)
                  .join(', ')}.`,
          next: 'Mention the person (type @ and pick them) or type their email.',
        }),
      );
      return;
    }
    invitee = { kind: 'slack', userId: only.id, name: only.name };
  }
  const slackUserId = invitee.kind === 'slack' ? invitee.userId : null;
  const email =
    invitee.kind === 'email'
      ? invitee.email
      : (await ctx.deps.profiles.get(ctx.client, ctx.teamId, invitee.userId).catch(() => undefined))?.email;
  if (!email) {
    await reply(
      ctx,
      errorMessage({
        what: 'Nobody was invited: Slack does not show that person’s email.',
        why: 'The invitation goes to an email address.',
        next: `Type it instead, like \`/task invite name@example.com #${escapeWithin(project.name, 100)}\`.`,
      }),
    );
    return;
  }
  const result = await api.members.invite(project.id, {
    email,
    ...(intent.role ? { role: intent.role } : {}),
  });
  const outcome =
    result.kind === 'already_member'
      ? ({ kind: 'already_member', member: result.member } as const)
      : ({
          kind: 'invited',
          status: result.invitation.status,
          role: result.invitation.role,
          email: result.invitation.email,
          expiresAt: result.invitation.expires_at ?? '',
          alreadyInvited: result.alreadyInvited,
        } as const);
  await reply(
    ctx,
    renderInviteResult({ projectName: project.name, slackUserId, outcome }, ctx.deps.clock.now()),
  );
}

export async function roleHandler(ctx: CommandContext, intent: RoleIntent): Promise<void> {
  const api = await ctx.api();
  const project = await projectForCommand(ctx, api, intent.project, 'role');
  if (!project) return;
  const refusal = await adminRefusal(ctx, api, project, `You can't change roles in ${project.name}.`);
  if (refusal) {
    await reply(ctx, refusal);
    return;
  }
  const people = await resolvePeople([intent.person], {
    deps: ctx.deps,
    api,
    client: ctx.client,
    teamId: ctx.teamId,
    userId: ctx.userId,
    projectId: project.id,
  });
  const found = people.members[0];
  const current = found ? (await allMembers(api, project.id)).find((m) => m.id === found.id) : undefined;
  if (!found || !current) {
    const invite = `\`/task invite @person ${escapeWithin(projectArgument(project.name), 100)}\``;
    const typed = intent.person.kind === 'name' ? intent.person.name : '';
    const members = namesThatExist(
      'Its members',
      (await allMembers(api, project.id).catch(() => [])).map((m) => m.name),
      typed,
      '',
    );
    await reply(
      ctx,
      errorMessage({
        what: `No role was changed: that person isn't a member of ${project.name}.`,
        why: [whyNotFound(people.unresolved[0]), members].filter(Boolean).join(' ') || null,
        next: `Invite them first with ${invite}.`,
      }),
    );
    return;
  }
  const slackUserId =
    intent.person.kind === 'slack' ? intent.person.userId : intent.person.kind === 'me' ? ctx.userId : null;
  const changed = { projectName: project.name, memberName: current.name, slackUserId, before: current.role };
  if (current.role === intent.role) {
    await reply(ctx, renderRoleChanged({ ...changed, after: current.role }));
    return;
  }
  try {
    const updated = await api.members.updateRole(project.id, current.id, { role: intent.role });
    await reply(ctx, renderRoleChanged({ ...changed, after: updated.role }));
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    await reply(
      ctx,
      errorMessage({
        what: `${current.name}'s role in ${project.name} did not change.`,
        why: `The service refused: ${error.detail ?? 'the change conflicts with the project as it is'}.`,
        next: 'A project keeps at least one admin: make someone else admin first.',
      }),
    );
  }
}

/** Why a person named in a command is not a member, in plain words (a mention would be escaped here). */
function whyNotFound(unresolved: { label: string; reason: string } | undefined): string | null {
  if (!unresolved) return null;
  return unresolved.label.startsWith('<@')
    ? `That person ${unresolved.reason}.`
    : `${unresolved.label} ${unresolved.reason}.`;
}
