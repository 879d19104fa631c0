/**
 * Who may approve a link: the rule, pure. A link makes the requester act as the member, with every
 * right the member holds, so only someone who holds at least those rights may hand them over:
 * - a Slack workspace admin or owner, any link;
 * - nobody else a link to an owner or admin of a service workspace (those are proven by a Slack
 *   admin's approval or by the person's verified Slack email);
 * - a linked member, a link to someone whose role is nowhere above theirs (in every project and
 *   workspace the target is in), who is in at least one project the approver administers.
 * A role the service does not show (or one the app does not know) proves nothing: then only Slack
 * admins may. Declining is held to the same rule, so nobody can clear a request they could not grant.
 */
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';

/** A member's role in one project or workspace, as the service shows it (`unknown` when not). */
export interface RoleIn {
  id: number;
  name: string;
  role: string;
}

export interface MemberRights {
  id: number;
  name: string;
  workspaces: readonly RoleIn[];
  projects: readonly RoleIn[];
}

export interface ApprovalCase {
  approverIsSlackAdmin: boolean;
  /** The member the approver's proven link names, with their roles; null when not linked. */
  approver: MemberRights | null;
  target: MemberRights;
}

type RefusalReason =
  | 'owner'
  | 'workspace admin'
  | 'roles unknown'
  | 'not linked'
  | 'administers more'
  | 'higher role'
  | 'no project administered';

export type ApprovalRuling =
  | { allowed: true }
  | { allowed: false; reason: RefusalReason; why: string; next: string };

const PROJECT_RANK: Readonly<Record<string, number>> = { viewer: 1, member: 2, admin: 3 };
const WORKSPACE_RANK: Readonly<Record<string, number>> = { guest: 1, member: 2, admin: 3, owner: 4 };

/** A role's rank; 0 for no role; undefined for a role that proves nothing (not shown, not known). */
function rank(table: Readonly<Record<string, number>>, role: string | undefined): number | undefined {
  if (role === undefined) return 0;
  return Object.hasOwn(table, role) ? table[role] : undefined;
}

const roleIn = (list: readonly RoleIn[], id: number) => list.find((r) => r.id === id)?.role;

function isWorkspaceOwner(member: MemberRights): boolean {
  return member.workspaces.some((w) => w.role === 'owner');
}

const words = (text: string) => escapeMrkdwn(truncate(text, 200));

/** "Website", "Website and Mobile App", "Website, Mobile App and Operations". */
function listOf(names: readonly string[]): string {
  const shown = names.map((n) => `*${words(n)}*`);
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

function roleWords(role: string | undefined): string {
  if (!role) return 'not in it';
  return `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;
}

const ASK_SLACK_ADMIN = 'Ask a Slack workspace admin to decide.';

export function ruleOnLinkApproval(c: ApprovalCase, verb: 'approve' | 'decline' = 'approve'): ApprovalRuling {
  if (c.approverIsSlackAdmin) return { allowed: true };
  const { approver, target } = c;
  const who = words(target.name);
  const refuse = (reason: RefusalReason, why: string, next = ASK_SLACK_ADMIN): ApprovalRuling => ({
    allowed: false,
    reason,
    why,
    next,
  });

  if (isWorkspaceOwner(target)) {
    return refuse(
      'owner',
      `Only a Slack workspace admin can ${verb} a link to ${who} (the service's workspace owner).`,
      `${ASK_SLACK_ADMIN} If the account is the requester's own, \`/task link\` links them at once when their Slack email is the account's.`,
    );
  }
  const adminOf = target.workspaces.filter((w) => w.role === 'admin');
  if (adminOf.length > 0) {
    return refuse(
      'workspace admin',
      `Only a Slack workspace admin can ${verb} a link to ${who}, an admin of the ${listOf(adminOf.map((w) => w.name))} workspace in the service.`,
    );
  }
  const shown = (table: Readonly<Record<string, number>>, list: readonly RoleIn[], id: number) =>
    rank(table, roleIn(list, id)) !== undefined;
  const rolesUnknown = (m: MemberRights, of: MemberRights) =>
    of.workspaces.some((w) => !shown(WORKSPACE_RANK, m.workspaces, w.id)) ||
    of.projects.some((p) => !shown(PROJECT_RANK, m.projects, p.id));
  const unknown = refuse(
    'roles unknown',
    `The service does not show members' roles, so only Slack workspace admins can ${verb} links.`,
  );
  if (rolesUnknown(target, target)) return unknown;
  if (!approver) {
    return refuse(
      'not linked',
      `Only a Slack workspace admin, or an admin of ${who}'s projects, can ${verb} this, and your Slack account isn't linked to an account in the service.`,
      `Link yours with \`/task link\`, or ${ASK_SLACK_ADMIN.toLowerCase()}`,
    );
  }
  if (rolesUnknown(approver, target)) return unknown;

  const administers = target.projects.filter(
    (p) => p.role === 'admin' && roleIn(approver.projects, p.id) !== 'admin',
  );
  if (administers.length > 0) {
    return refuse(
      'administers more',
      `${who} administers ${listOf(administers.map((p) => p.name))}, and you don't: only a Slack workspace admin, or an admin of every project ${who} administers, can ${verb} this link.`,
      'Ask a Slack workspace admin to decide, or an admin of those projects.',
    );
  }
  const higher = [
    ...target.projects.map((p) => ({ p, table: PROJECT_RANK, mine: roleIn(approver.projects, p.id) })),
    ...target.workspaces.map((p) => ({ p, table: WORKSPACE_RANK, mine: roleIn(approver.workspaces, p.id) })),
  ].find(({ p, table, mine }) => (rank(table, p.role) ?? 0) > (rank(table, mine) ?? 0));
  if (higher) {
    return refuse(
      'higher role',
      `${who} is ${roleWords(higher.p.role)} in *${words(higher.p.name)}*, where you are ${roleWords(higher.mine)}: only someone with at least ${who}'s rights can ${verb} this link.`,
    );
  }
  if (!target.projects.some((p) => roleIn(approver.projects, p.id) === 'admin')) {
    return refuse(
      'no project administered',
      `Only a Slack workspace admin, or an admin of a project ${who} is in, can ${verb} this link. You administer none of ${who}'s projects.`,
    );
  }
  return { allowed: true };
}
