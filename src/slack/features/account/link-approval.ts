/**
 * Linking by request: a person whose Slack email names no member asks to be linked to one, and a
 * Slack workspace admin (or a member holding at least that member's rights: `approval-rules.ts`)
 * approves or declines it with a button in a direct message. Nothing is linked until then; no one
 * links by choosing alone.
 */
import type { WebClient } from '@slack/web-api';
import type { WorkApiClient } from '../../../api/index.ts';
import { escapeMrkdwn } from '../../../slack-platform/mrkdwn.ts';
import type { LinkRequest } from '../../../store/repositories/link-requests.ts';
import type { AppDeps } from '../../deps.ts';
import { type ApprovalRuling, ruleOnLinkApproval } from './approval-rules.ts';
import { linkRequestDecidedMessage, linkRequestMessage } from './link-request.ts';
import { freshMemberRights, type RightsHolder } from './member-rights.ts';
import { saveProvenLink } from './save-link.ts';

/** The Slack workspace's admins and owners, who are asked to approve. */
async function slackAdmins(client: WebClient): Promise<string[]> {
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
        text: `:warning: Your request to be linked to *${q.member.name}* is saved, but no Slack workspace admin could be messaged. Ask one to look at it.`,
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not tell a requester'));
  }
  return asked;
}

/** Whether the person administers the Slack workspace now (users.info, not the cached profile). */
async function slackAdminNow(client: WebClient, userId: string): Promise<boolean> {
  const { user } = await client.users.info({ user: userId });
  return Boolean(user && !user.deleted && (user.is_admin || user.is_owner || user.is_primary_owner));
}

/**
 * The rule of `approval-rules.ts` on the click, over fresh data: the approver's Slack admin flag,
 * their proven link, and both members' roles as the service shows them now.
 */
async function ruleNow(
  deps: AppDeps,
  client: WebClient,
  api: WorkApiClient,
  q: { teamId: string; approverId: string; memberId: number; approve: boolean },
): Promise<{ ruling: ApprovalRuling; target: RightsHolder['member'] } | undefined> {
  const isSlackAdmin = await slackAdminNow(client, q.approverId);
  const link = isSlackAdmin ? undefined : await deps.userLinks.get(q.teamId, q.approverId);
  const approverId = link?.proof ? link.memberId : undefined;
  const holders = await freshMemberRights(
    api,
    approverId === undefined ? [q.memberId] : [q.memberId, approverId],
    { projects: !isSlackAdmin },
  );
  const target = holders.get(q.memberId);
  if (!target) return undefined;
  // A linked member the service no longer shows holds no rights.
  const approver =
    link?.proof && approverId !== undefined
      ? (holders.get(approverId)?.rights ?? {
          id: approverId,
          name: link.memberName,
          workspaces: [],
          projects: [],
        })
      : null;
  const ruling = ruleOnLinkApproval(
    { approverIsSlackAdmin: isSlackAdmin, approver, target: target.rights },
    q.approve ? 'approve' : 'decline',
  );
  return { ruling, target: target.member };
}

type LinkDecision = { ok: true; text: string } | { ok: false; text: string };

/**
 * Approves or declines a pending request; the requester hears the outcome. A refusal changes
 * nothing: the request waits for someone who may decide, and the requester is not told.
 */
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
  const now = await ruleNow(deps, client, api, { ...q, memberId: request.memberId });
  // The member must still exist: approving a request for someone since removed links no one.
  if (!now) {
    return { ok: false, text: `${escapeMrkdwn(request.memberName)} is no longer a member of the service.` };
  }
  if (!now.ruling.allowed) return { ok: false, text: `${now.ruling.why} ${now.ruling.next}` };
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
  const member = now.target;
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
