/**
 * Linking by request: a person whose Slack email names no member asks to be linked to one, and a
 * Slack workspace admin (or an admin of a project that member is in) approves or declines it with
 * a button in a direct message. Nothing is linked until then; no one links by choosing alone.
 */
import type { WebClient } from '@slack/web-api';
import type { WorkApiClient } from '../../../api/index.ts';
import { UNKNOWN_ROLE } from '../../../api/schemas/records.ts';
import type { LinkRequest } from '../../../store/repositories/link-requests.ts';
import type { AppDeps } from '../../deps.ts';
import { linkRequestDecidedMessage, linkRequestMessage } from '../../ui/messages/link-request.ts';
import { workspaceMembers } from '../workspace-members.ts';
import { saveProvenLink } from './save-link.ts';

/** The Slack workspace's admins and owners, who are asked to approve. */
export async function slackAdmins(client: WebClient): Promise<string[]> {
  const admins: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.users.list({ limit: 200, ...(cursor ? { cursor } : {}) });
    for (const user of page.members ?? []) {
      if (user.id && !user.deleted && !user.is_bot && (user.is_admin || user.is_owner)) admins.push(user.id);
    }
    cursor = page.response_metadata?.next_cursor || undefined;
  } while (cursor);
  return admins;
}

/** Saves the request; the admins are asked by {@link askAdmins}, after the form is answered (3 s). */
export async function requestLink(
  deps: AppDeps,
  q: { teamId: string; slackUserId: string; member: { id: number; name: string; email: string } },
): Promise<LinkRequest> {
  return deps.linkRequests.save(q.teamId, q.slackUserId, {
    memberId: q.member.id,
    memberName: q.member.name,
    memberEmail: q.member.email,
  });
}

/** Asks the Slack workspace's admins by direct message; the requester hears if none could be asked. */
export async function askAdmins(
  deps: AppDeps,
  client: WebClient,
  q: { teamId: string; slackUserId: string; member: { id: number; name: string; email: string } },
): Promise<number> {
  const profile = await deps.profiles.get(client, q.teamId, q.slackUserId).catch(() => undefined);
  const admins = (await slackAdmins(client)).filter((id) => id !== q.slackUserId);
  const message = linkRequestMessage({
    requester: q.slackUserId,
    requesterEmail: profile?.email,
    member: q.member,
  });
  let asked = 0;
  for (const admin of admins) {
    try {
      await client.chat.postMessage({ channel: admin, ...message });
      asked += 1;
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not ask an admin to approve a link');
    }
  }
  if (asked === 0) {
    await client.chat
      .postMessage({
        channel: q.slackUserId,
        text: `:warning: Your request to be linked to *${q.member.name}* is saved, but no Slack workspace admin could be messaged. Ask one to look at it, or an admin of one of that account's projects.`,
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not tell a requester'));
  }
  return asked;
}

/**
 * Whether someone may approve a link to a member: a Slack admin, or an admin of a project the
 * member is in. 'roles unknown' when the service showed no roles (then only Slack admins may).
 */
export async function mayApproveLink(
  deps: AppDeps,
  client: WebClient,
  api: WorkApiClient,
  q: { teamId: string; approverId: string; memberId: number },
): Promise<boolean | 'roles unknown'> {
  const profile = await deps.profiles.get(client, q.teamId, q.approverId).catch(() => undefined);
  if (profile?.isAdmin) return true;
  // A service that shows no roles anywhere (read from the cached member list) leaves Slack admins.
  if (!(await workspaceMembers(api)).some((m) => (m.role as string) !== UNKNOWN_ROLE)) return 'roles unknown';
  const approver = await deps.userLinks.get(q.teamId, q.approverId);
  if (!approver?.proof) return false;
  let rolesShown = false;
  for await (const project of api.projects.list.all({ per_page: 100 })) {
    let approverIsAdmin = false;
    let memberIsIn = false;
    for await (const m of api.members.listByProject.all(project.id, { per_page: 100 })) {
      if (m.id === approver.memberId && m.role === 'admin') approverIsAdmin = true;
      if (m.id === q.memberId) memberIsIn = true;
      rolesShown ||= m.role !== UNKNOWN_ROLE;
    }
    if (approverIsAdmin && memberIsIn) return true;
  }
  return rolesShown ? false : 'roles unknown';
}

export type LinkDecision = { ok: true; text: string } | { ok: false; text: string };

/** Approves or declines a pending request; the requester hears the outcome. */
export async function decideLinkRequest(
  deps: AppDeps,
  client: WebClient,
  api: WorkApiClient,
  q: { teamId: string; approverId: string; requesterId: string; memberId: number; approve: boolean },
): Promise<LinkDecision> {
  if (q.approverId === q.requesterId) {
    return { ok: false, text: 'You cannot approve your own request: another admin has to.' };
  }
  const request = await deps.linkRequests.get(q.teamId, q.requesterId);
  if (!request || request.memberId !== q.memberId) {
    return { ok: false, text: 'This request was already decided, withdrawn, or has expired.' };
  }
  const may = await mayApproveLink(deps, client, api, { ...q, memberId: request.memberId });
  if (may !== true) {
    return {
      ok: false,
      text:
        may === 'roles unknown'
          ? 'The service does not show who administers its projects, so only Slack workspace admins can decide this.'
          : `Only Slack workspace admins, or admins of a project ${request.memberName} is in, can decide this.`,
    };
  }
  await deps.linkRequests.delete(q.teamId, q.requesterId);
  if (!q.approve) {
    await client.chat
      .postMessage({
        channel: q.requesterId,
        text: `:no_entry: <@${q.approverId}> declined your request to be linked to *${request.memberName}*. Ask them if you think that is a mistake.`,
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not tell a requester'));
    return { ok: true, text: linkRequestDecidedMessage({ ...q, request, approved: false }) };
  }
  // The member must still exist: approving a request for someone since removed links no one.
  const member = (await workspaceMembers(api)).find((m) => m.id === request.memberId);
  if (!member) return { ok: false, text: `${request.memberName} is no longer a member of the service.` };
  await saveProvenLink(deps, client, {
    teamId: q.teamId,
    slackUserId: q.requesterId,
    member,
    proof: 'approved',
    approvedBy: q.approverId,
  });
  await client.chat
    .postMessage({
      channel: q.requesterId,
      text: `:link: <@${q.approverId}> approved your request: you are linked to *${member.name}* in the work-management service. \`/task mine\` shows your tasks.`,
    })
    .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not tell a requester'));
  return { ok: true, text: linkRequestDecidedMessage({ ...q, request, approved: true }) };
}
