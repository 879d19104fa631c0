import { randomUUID } from 'node:crypto';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { storeKeys } from '../keys.ts';
import type { Store } from '../types.ts';
import { requirePositiveInt, requireText } from './validate.ts';

/**
 * How a link was proven: `email`, the person's Slack profile email (which Slack verifies) equals
 * the member's; `approved`, an admin approved the person's request. Links saved before proofs
 * existed have none and are re-checked on first use.
 */
export type LinkProof = 'email' | 'approved';

interface UserLinkInput {
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

interface UserLinkWithUser extends UserLink {
  slackUserId: string;
}

/** Options for {@link createUserLinks}. */
interface UserLinksOptions {
  /** Clock for `linkedAt`. Default: the system clock. */
  clock?: Clock;
}

export interface UserLinks {
  link(teamId: string, slackUserId: string, input: UserLinkInput): Promise<UserLink>;
  get(teamId: string, slackUserId: string): Promise<UserLink | undefined>;
  unlink(teamId: string, slackUserId: string): Promise<boolean>;
  listForTeam(teamId: string): Promise<UserLinkWithUser[]>;
  findByMember(teamId: string, memberId: number): Promise<UserLinkWithUser | undefined>;
  /** memberId → Slack user id for the team (shared and read-only: do not change it). */
  slackUserByMember(teamId: string): Promise<ReadonlyMap<number, string>>;
}

/** One team's links as last read, and the stamp they were read under. */
interface TeamLinks {
  stamp: string | undefined;
  /** When read (ms), for entries read with no stamp yet. */
  readAt: number;
  links: readonly UserLinkWithUser[];
  byMember: ReadonlyMap<number, UserLinkWithUser>;
  slackUserByMember: ReadonlyMap<number, string>;
}

/** Teams whose links are kept in memory; beyond this the oldest read is dropped. */
const CACHED_TEAMS = 1_000;

/**
 * A team with no stamp yet (no link written since stamps exist) is re-read after this long: a
 * removal of the whole team's keys (uninstall) also removes the stamp, which must not leave old links.
 */
const UNSTAMPED_MS = 5_000;

/** Which service member each Slack user is, per workspace (for mentions and "assign to me"). */
export function createUserLinks(store: Store, options: UserLinksOptions = {}): UserLinks {
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();

  // Every command reads the team's links (mentions in cards), and a scan of them costs a prefix
  // listing. They are kept per team and read again only when the team's stamp in the store has
  // changed: every write below sets a new stamp after its change, so every instance sees it on its
  // next read. The stamp is read before the scan, so a write landing mid-scan only causes a re-read.
  // A team without a stamp is kept only briefly (UNSTAMPED_MS).
  const cache = new Map<string, TeamLinks>();

  const read = async (teamId: string): Promise<TeamLinks> => {
    const stamp = await store.get<string>(storeKeys.userLinksStamp(teamId));
    const cached = cache.get(teamId);
    const at = now().getTime();
    if (cached && cached.stamp === stamp && (stamp !== undefined || at - cached.readAt < UNSTAMPED_MS)) {
      return cached;
    }
    const prefix = storeKeys.userLinks(teamId);
    const links: UserLinkWithUser[] = [];
    for await (const [key, link] of store.entries<UserLink>(prefix)) {
      links.push({ slackUserId: key.slice(prefix.length), ...link });
    }
    const byMember = new Map<number, UserLinkWithUser>();
    for (const l of links) if (!byMember.has(l.memberId)) byMember.set(l.memberId, l);
    const fresh: TeamLinks = {
      stamp,
      readAt: at,
      links,
      byMember,
      slackUserByMember: new Map(links.map((l) => [l.memberId, l.slackUserId])),
    };
    cache.delete(teamId);
    cache.set(teamId, fresh);
    if (cache.size > CACHED_TEAMS) cache.delete(cache.keys().next().value as string);
    return fresh;
  };

  const changed = async (teamId: string): Promise<void> => {
    cache.delete(teamId);
    await store.set(storeKeys.userLinksStamp(teamId), randomUUID());
  };

  const listForTeam = async (teamId: string): Promise<UserLinkWithUser[]> =>
    (await read(teamId)).links.map((l) => ({ ...l }));

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
      await changed(teamId);
      return link;
    },
    async get(teamId, slackUserId) {
      return store.get<UserLink>(storeKeys.userLink(teamId, slackUserId));
    },
    async unlink(teamId, slackUserId) {
      const removed = await store.delete(storeKeys.userLink(teamId, slackUserId));
      if (removed) await changed(teamId);
      return removed;
    },
    listForTeam,
    async findByMember(teamId, memberId) {
      const link = (await read(teamId)).byMember.get(memberId);
      return link ? { ...link } : undefined;
    },
    async slackUserByMember(teamId) {
      return (await read(teamId)).slackUserByMember;
    },
  };
}
