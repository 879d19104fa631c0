/** Linking without asking anyone: the person's Slack profile email is a member's email. */
import type { WebClient } from '@slack/web-api';
import type { WorkspaceMember } from '../../../contract/index.ts';
import type { UserLink } from '../../../store/repositories/user-links.ts';
import type { AppDeps } from '../../deps.ts';
import { memberWithEmail } from '../../services/account-linking/service-members.ts';
import type { SlackProfile } from '../../services/slack-profiles.ts';
import { saveProvenLink } from './save-link.ts';

type EmailLinkResult =
  | { linked: true; link: UserLink; member: WorkspaceMember }
  | { linked: false; profile: SlackProfile };

export async function linkByVerifiedEmail(
  deps: AppDeps,
  client: WebClient,
  q: { teamId: string; slackUserId: string; members: WorkspaceMember[] },
): Promise<EmailLinkResult> {
  const profile = await deps.profiles.get(client, q.teamId, q.slackUserId);
  const member = memberWithEmail(profile.email, q.members);
  if (!member) return { linked: false, profile };
  const current = await deps.userLinks.get(q.teamId, q.slackUserId);
  if (current && current.memberId === member.id && current.proof === 'email') {
    return { linked: true, link: current, member };
  }
  const { link } = await saveProvenLink(deps, client, {
    teamId: q.teamId,
    slackUserId: q.slackUserId,
    member,
    proof: 'email',
  });
  await deps.linkRequests.delete(q.teamId, q.slackUserId);
  return { linked: true, link, member };
}
