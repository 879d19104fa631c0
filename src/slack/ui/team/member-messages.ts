/**
 * A project's people: the member list with roles, what an invitation did (invited, joined at
 * once, already invited, already a member), and a changed role.
 */

import { UNKNOWN_ROLE } from '../../../api/schemas/records.ts';
import { formatDueFallback } from '../../../lib/dates.ts';
import { slackDate } from '../../../slack-platform/date-tokens.ts';
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock, RenderedMessage } from '../block-types.ts';
import { contextLine, LIMITS, mrkdwn, plainText } from '../limits.ts';
import { fallbackName, projectArgument } from './format.ts';
import { linesToSections } from './sections.ts';

interface MemberModel {
  id: number;
  name: string;
  email: string;
  role: string;
}

interface MemberListModel {
  /** Whose members: a project, or a workspace. */
  title: string;
  members: readonly MemberModel[];
  /** Member id → Slack user id, for real mentions of linked people. */
  slackUserIds: ReadonlyMap<number, string>;
  /** A closing hint, mrkdwn. */
  footer?: string | null | undefined;
}

const ROLE_ORDER: Readonly<Record<string, number>> = { owner: 0, admin: 1, member: 2, viewer: 3, guest: 4 };

/** The role as a person reads it; null when the service does not show it (the spec shows none). */
function shownRole(role: string): string | null {
  return role && role !== UNKNOWN_ROLE ? escapeWithin(role, 20) : null;
}

/** Said under a list or a change when the service shows no roles. */
const ROLES_NOT_SHOWN_NOTE = 'The service does not show members’ roles.';

function memberLine(m: MemberModel, slackUserIds: ReadonlyMap<number, string>): string {
  const slack = slackUserIds.get(m.id);
  const role = shownRole(m.role);
  return [
    `• *${escapeWithin(m.name, 100)}*${slack ? ` <@${slack}>` : ''}`,
    ...(role ? [`_${role}_`] : []),
    ...(m.email ? [escapeWithin(m.email, 120)] : []),
  ].join(' · ');
}

export function renderMemberList(model: MemberListModel): RenderedMessage {
  const members = [...model.members].sort(
    (a, b) => (ROLE_ORDER[a.role] ?? 9) - (ROLE_ORDER[b.role] ?? 9) || a.name.localeCompare(b.name),
  );
  const blocks: KnownBlock[] = [
    {
      type: 'header',
      text: plainText(`Members · ${model.title} (${members.length})`, LIMITS.headerText),
    },
  ];
  const lines = members.map((m) => memberLine(m, model.slackUserIds));
  if (lines.length === 0) blocks.push({ type: 'section', text: mrkdwn('Nobody yet.') });
  blocks.push(...linesToSections(lines, { maxBlocks: LIMITS.messageBlocks - 2 }));
  const rolesShown = members.some((m) => shownRole(m.role));
  if (members.length > 0 && !rolesShown) blocks.push(contextLine(ROLES_NOT_SHOWN_NOTE));
  if (model.footer) blocks.push(contextLine(model.footer));
  const roles = new Map<string, number>();
  for (const m of rolesShown ? members : []) roles.set(m.role, (roles.get(m.role) ?? 0) + 1);
  const summary = [...roles].map(([role, n]) => `${n} ${role}`).join(', ');
  return {
    text: `Members of ${fallbackName(model.title)}: ${members.length}${summary ? ` (${summary})` : ''}`,
    blocks,
  };
}

export function projectMembersFooter(projectName: string): string {
  const project = escapeWithin(projectArgument(projectName), 120);
  return `\`/task invite @person ${project}\` invites someone; \`/task role @person admin ${project}\` changes a role (project admins).`;
}

/** What an invitation did, as the service answered it. */
type InviteOutcome =
  | { kind: 'already_member'; member: MemberModel }
  | {
      kind: 'invited';
      /** `accepted` when they already had an account and joined at once. */
      status: string;
      role: string;
      email: string;
      expiresAt: string;
      /** An open invitation was renewed rather than a new one made. */
      alreadyInvited: boolean;
    };

interface InviteResultModel {
  projectName: string;
  /** The Slack person invited, when it was one. */
  slackUserId: string | null;
  outcome: InviteOutcome;
}

export function renderInviteResult(model: InviteResultModel, _now: Date): RenderedMessage {
  const project = `*${escapeWithin(model.projectName, 200)}*`;
  const o = model.outcome;
  const who = model.slackUserId
    ? `<@${model.slackUserId}>`
    : `*${escapeWithin(o.kind === 'invited' ? o.email : o.member.email, 254)}*`;
  const role = shownRole(o.kind === 'invited' ? o.role : o.member.role);
  const as = role ? ` as ${role}` : '';
  let text: string;
  if (o.kind === 'already_member') {
    text = `:information_source: ${who} is already a member of ${project}${role ? ` (${role})` : ''}. Nothing to do.`;
  } else if (o.status === 'accepted') {
    text = `:white_check_mark: ${who} joined ${project}${as}: they already had an account.`;
  } else {
    const expiry = new Date(o.expiresAt);
    const until = Number.isNaN(expiry.getTime())
      ? ''
      : ` It is open until ${slackDate(expiry, '{date_short_pretty}', formatDueFallback(expiry, 'UTC', false))}.`;
    text = o.alreadyInvited
      ? `:envelope: ${who} was already invited to ${project}; the invitation is renewed${as}.${until}`
      : `:envelope: Invited ${who} to ${project}${as}.${until}`;
  }
  return { text, blocks: [{ type: 'section', text: mrkdwn(text) }] };
}

export function renderRoleChanged(model: {
  projectName: string;
  memberName: string;
  slackUserId: string | null;
  before: string;
  after: string;
}): RenderedMessage {
  const who = model.slackUserId ? `<@${model.slackUserId}>` : `*${escapeWithin(model.memberName, 100)}*`;
  const project = `*${escapeWithin(model.projectName, 200)}*`;
  const after = shownRole(model.after);
  const before = shownRole(model.before);
  const text = !after
    ? `:white_check_mark: The service took the change of ${who}'s role in ${project}. ${ROLES_NOT_SHOWN_NOTE}`
    : model.before === model.after
      ? `:information_source: ${who} is already ${after} of ${project}. Nothing changed.`
      : `:white_check_mark: ${who} is now *${after}* of ${project}${before ? ` (was ${before})` : ''}.`;
  return { text, blocks: [{ type: 'section', text: mrkdwn(text) }] };
}
