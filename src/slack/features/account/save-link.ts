/**
 * Saving a proven link. A member maps to one Slack person, so a proven link may take the member
 * from whoever held it before; that person is told, in a direct message, instead of finding out
 * later that their tasks went away.
 */
import type { WebClient } from '@slack/web-api';
import type { LinkProof, UserLink } from '../../../store/repositories/user-links.ts';
import type { AppDeps } from '../../deps.ts';

interface LinkableMember {
  id: number;
  name: string;
  email: string;
}

const PROOF_WORDS: Record<LinkProof, string> = {
  email: 'whose Slack email is that account’s',
  approved: 'approved by an admin',
};

export async function saveProvenLink(
  deps: Pick<AppDeps, 'userLinks' | 'logger'>,
  client: Pick<WebClient, 'chat'>,
  q: { teamId: string; slackUserId: string; member: LinkableMember; proof: LinkProof; approvedBy?: string },
): Promise<{ link: UserLink; displaced?: string }> {
  const holder = await deps.userLinks.findByMember(q.teamId, q.member.id);
  const displaced = holder && holder.slackUserId !== q.slackUserId ? holder.slackUserId : undefined;
  if (displaced) await deps.userLinks.unlink(q.teamId, displaced);
  const link = await deps.userLinks.link(q.teamId, q.slackUserId, {
    memberId: q.member.id,
    memberName: q.member.name,
    email: q.member.email,
    proof: q.proof,
    ...(q.approvedBy ? { approvedBy: q.approvedBy } : {}),
  });
  if (displaced) {
    await client.chat
      .postMessage({
        channel: displaced,
        text: `:broken_chain: Your Slack account is no longer linked to *${q.member.name}* in the work-management service: it is now linked to <@${q.slackUserId}>, ${PROOF_WORDS[q.proof]}. If that account is yours, run \`/task link\` to ask an admin to link it back.`,
      })
      .catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'could not tell a person their link moved'),
      );
  }
  return displaced ? { link, displaced } : { link };
}
