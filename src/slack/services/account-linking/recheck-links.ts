/**
 * Links saved before links needed proof are re-checked the first time they are read: kept (and
 * marked proven) when the person's Slack profile email is the member's, removed otherwise, and the
 * person told why and how to link again. Until a link can be checked it is not used.
 */
import type { Logger } from '../../../lib/logger.ts';
import type { UserLink, UserLinks } from '../../../store/repositories/user-links.ts';
import type { SlackProfiles } from '../slack-profiles.ts';
import type { TeamSlackClients } from '../team-slack-clients.ts';
import type { WorkApiRegistry } from '../work-api-registry.ts';
import { workspaceMembers } from '../workspace-members.ts';
import { sameEmail } from './service-members.ts';

interface RecheckOptions {
  profiles: SlackProfiles;
  slackClients: TeamSlackClients;
  workApi: WorkApiRegistry;
  logger: Logger;
}

export function recheckUnprovenLinks(inner: UserLinks, opts: RecheckOptions): UserLinks {
  const memberEmail = async (teamId: string, link: UserLink): Promise<string | undefined> => {
    if (link.email) return link.email;
    const api = await opts.workApi.clientFor(teamId);
    if (!api) return undefined;
    return (await workspaceMembers(api)).find((m) => m.id === link.memberId)?.email;
  };

  const recheck = async (
    teamId: string,
    slackUserId: string,
    link: UserLink,
  ): Promise<UserLink | undefined> => {
    const client = await opts.slackClients(teamId);
    if (!client) return undefined;
    let verified: boolean;
    try {
      const profile = await opts.profiles.get(client, teamId, slackUserId);
      verified = sameEmail(profile.email, await memberEmail(teamId, link));
    } catch (error) {
      // Not checkable now (Slack or the service unreachable): not used, not removed.
      opts.logger.warn({ err: error }, 'could not re-check an unproven link');
      return undefined;
    }
    if (verified) {
      return inner.link(teamId, slackUserId, {
        memberId: link.memberId,
        memberName: link.memberName,
        ...(link.email ? { email: link.email } : {}),
        proof: 'email',
      });
    }
    await inner.unlink(teamId, slackUserId);
    opts.logger.info({ teamId }, 'removed an unproven link');
    await client.chat
      .postMessage({
        channel: slackUserId,
        text: `:broken_chain: Your Slack account was linked to *${link.memberName}* in the work-management service without proof that it is yours (your Slack email is not that account's), so the link was removed. Run \`/task link\`: it links you at once when your Slack email matches your account, or asks an admin to approve.`,
      })
      .catch((error: unknown) =>
        opts.logger.warn({ err: error }, 'could not tell a person their link was removed'),
      );
    return undefined;
  };

  const listForTeam: UserLinks['listForTeam'] = async (teamId) => {
    const links = await inner.listForTeam(teamId);
    const proven: Awaited<ReturnType<UserLinks['listForTeam']>> = [];
    for (const link of links) {
      if (link.proof) {
        proven.push(link);
        continue;
      }
      // Someone else's unproven link must not map mentions or assignees either: checked now, once.
      const checked = await recheck(teamId, link.slackUserId, link);
      if (checked) proven.push({ ...checked, slackUserId: link.slackUserId });
    }
    return proven;
  };

  // Whether every link behind one of inner's cached member maps is proven; a new map (read anew after
  // any link change) is checked once, so the per-command path stays one cached read.
  const allProven = new WeakMap<ReadonlyMap<number, string>, boolean>();

  return {
    ...inner,
    async slackUserByMember(teamId) {
      const map = await inner.slackUserByMember(teamId);
      let proven = allProven.get(map);
      if (proven === undefined) {
        proven = (await inner.listForTeam(teamId)).every((link) => link.proof);
        allProven.set(map, proven);
      }
      if (proven) return map;
      // A link from before proofs maps no mention until it is checked, here as in listForTeam.
      return new Map((await listForTeam(teamId)).map((link) => [link.memberId, link.slackUserId]));
    },
    async get(teamId, slackUserId) {
      const link = await inner.get(teamId, slackUserId);
      if (!link || link.proof) return link;
      return recheck(teamId, slackUserId, link);
    },
    listForTeam,
    async findByMember(teamId, memberId) {
      return (await listForTeam(teamId)).find((link) => link.memberId === memberId);
    },
  };
}
