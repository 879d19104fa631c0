/**
 * What `/task link` (and the Link buttons) do for a person: link them at once when their Slack
 * email is a member's; otherwise show the members so they can say which one is theirs, and turn
 * that into a request an admin approves. The listeners only show and acknowledge the outcome.
 */
import type { WebClient } from '@slack/web-api';
import type { WorkspaceMember } from '../../../contract/index.ts';
import type { LinkRequest } from '../../../store/repositories/link-requests.ts';
import type { AppDeps } from '../../deps.ts';
import { NotConnectedError } from '../../kit/failure-message.ts';
import { sameEmail } from '../../services/account-linking/service-members.ts';
import { workspaceMembers } from '../../services/workspace-members.ts';
import { askAdmins, requestLink } from './link-approval.ts';
import { linkByVerifiedEmail } from './link-by-email.ts';
import { suggestMember } from './link-suggest.ts';

type LinkFormPlan =
  /** Linked now (or already) by their verified Slack email. */
  | { kind: 'linked'; memberName: string }
  /** Their request waits for an admin. */
  | { kind: 'pending'; request: LinkRequest }
  /** They say which member is theirs; an admin decides. */
  | {
      kind: 'choose';
      members: WorkspaceMember[];
      suggested: WorkspaceMember | undefined;
      current: { id: number; name: string } | null;
    };

async function membersOf(deps: AppDeps, teamId: string): Promise<WorkspaceMember[]> {
  const api = await deps.workApi.clientFor(teamId);
  if (!api) throw new NotConnectedError();
  return workspaceMembers(api);
}

export async function planLinkForm(
  deps: AppDeps,
  client: WebClient,
  q: { teamId: string; userId: string },
): Promise<LinkFormPlan> {
  const members = await membersOf(deps, q.teamId);
  const byEmail = await linkByVerifiedEmail(deps, client, {
    teamId: q.teamId,
    slackUserId: q.userId,
    members,
  });
  if (byEmail.linked) return { kind: 'linked', memberName: byEmail.member.name };
  const pending = await deps.linkRequests.get(q.teamId, q.userId);
  if (pending) return { kind: 'pending', request: pending };
  const current = await deps.userLinks.get(q.teamId, q.userId);
  const profile = byEmail.profile;
  return {
    kind: 'choose',
    members,
    // A name match only preselects the menu: choosing still only asks.
    suggested: suggestMember(
      { email: profile.email, real_name: profile.realName, display_name: profile.displayName },
      members,
    ),
    current: current ? { id: current.memberId, name: current.memberName } : null,
  };
}

type LinkFormOutcome =
  | { kind: 'linked'; memberName: string }
  /** Saved; `askAdmins` runs after the form is answered. */
  | { kind: 'requested'; memberName: string; askAdmins: () => Promise<number> }
  | { kind: 'refused'; message: string };

export async function submitLinkForm(
  deps: AppDeps,
  client: WebClient,
  q: { teamId: string; userId: string; memberId: number },
): Promise<LinkFormOutcome> {
  // The members were read moments ago to fill the form: the client's cache answers.
  const members = await membersOf(deps, q.teamId);
  const member = members.find((m) => m.id === q.memberId);
  if (!member) return { kind: 'refused', message: 'That member is no longer in the workspace.' };
  const current = await deps.userLinks.get(q.teamId, q.userId);
  if (current?.memberId === member.id) return { kind: 'linked', memberName: member.name };
  const profile = await deps.profiles.get(client, q.teamId, q.userId);
  if (sameEmail(profile.email, member.email)) {
    const linked = await linkByVerifiedEmail(deps, client, {
      teamId: q.teamId,
      slackUserId: q.userId,
      members,
    });
    if (linked.linked) return { kind: 'linked', memberName: linked.member.name };
  }
  const request = { teamId: q.teamId, slackUserId: q.userId, member };
  await requestLink(deps, request);
  return { kind: 'requested', memberName: member.name, askAdmins: () => askAdmins(deps, client, request) };
}
