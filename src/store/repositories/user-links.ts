import { storeKeys } from '../keys.ts';
import type { Store } from '../types.ts';
import { requirePositiveInt, requireText } from './validate.ts';

/**
 * How a link was proven: `email`, the person's Slack profile email (which Slack verifies) equals
 * the member's; `approved`, an admin approved the person's request. Links saved before proofs
 * existed have none and are re-checked on first use.
 */
export type LinkProof = 'email' | 'approved';

export interface UserLinkInput {
  /** The service's member id. */
  memberId: number;
  memberName: string;
  email?: string;
  proof?: LinkProof;
  /** Who approved it (a Slack user id), for `approved` links. */
  approvedBy?: string;
}

export interface UserLink extends UserLinkInput {
  /** ISO 8601. */
  linkedAt: string;
}

export interface UserLinkWithUser extends UserLink {
  slackUserId: string;
}

/** Options for {@link createUserLinks}. */
export interface UserLinksOptions {
  /** Clock for `linkedAt`. Default: `() => new Date()`. */
  now?: () => Date;
}

export interface UserLinks {
  link(teamId: string, slackUserId: string, input: UserLinkInput): Promise<UserLink>;
  get(teamId: string, slackUserId: string): Promise<UserLink | undefined>;
  unlink(teamId: string, slackUserId: string): Promise<boolean>;
  listForTeam(teamId: string): Promise<UserLinkWithUser[]>;
  findByMember(teamId: string, memberId: number): Promise<UserLinkWithUser | undefined>;
}

/** Which service member each Slack user is, per workspace (for mentions and "assign to me"). */
export function createUserLinks(store: Store, options: UserLinksOptions = {}): UserLinks {
  const now = options.now ?? (() => new Date());

  const listForTeam = async (teamId: string): Promise<UserLinkWithUser[]> => {
    const prefix = storeKeys.userLinks(teamId);
    const links: UserLinkWithUser[] = [];
    for await (const [key, link] of store.entries<UserLink>(prefix)) {
      links.push({ slackUserId: key.slice(prefix.length), ...link });
    }
    return links;
  };

  return {
    async link(teamId, slackUserId, input) {
      const key = storeKeys.userLink(teamId, slackUserId);
      const memberId = requirePositiveInt('memberId', input.memberId);
      const link: UserLink = {
        memberId,
        memberName: requireText('memberName', input.memberName, 200),
        linkedAt: now().toISOString(),
      };
      // Empty when the service shows no emails (the spec shows none): then none is kept.
      if (input.email) link.email = requireText('email', input.email, 320).toLowerCase();
      if (input.proof !== undefined) link.proof = input.proof;
      if (input.approvedBy !== undefined) link.approvedBy = requireText('approvedBy', input.approvedBy, 64);
      // One member maps to one Slack user, so mentions of that member stay unambiguous.
      for (const other of await listForTeam(teamId)) {
        if (other.memberId === memberId && other.slackUserId !== slackUserId) {
          await store.delete(storeKeys.userLink(teamId, other.slackUserId));
        }
      }
      await store.set(key, link);
      return link;
    },
    async get(teamId, slackUserId) {
      return store.get<UserLink>(storeKeys.userLink(teamId, slackUserId));
    },
    async unlink(teamId, slackUserId) {
      return store.delete(storeKeys.userLink(teamId, slackUserId));
    },
    listForTeam,
    async findByMember(teamId, memberId) {
      return (await listForTeam(teamId)).find((link) => link.memberId === memberId);
    },
  };
}
