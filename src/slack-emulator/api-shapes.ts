import type { EmulatorChannel, EmulatorTeam, EmulatorUser } from './model.ts';
import type { EmulatorState } from './state.ts';

/**
 * The user object as users.info, users.list and the user_change / team_join events carry it: in an
 * Enterprise Grid org it adds `enterprise_user` (docs.slack.dev/reference/methods/users.info); the
 * emulator makes a workspace admin of the org an org admin too.
 */
export function userJsonIn(state: EmulatorState, user: EmulatorUser, at: Date): Record<string, unknown> {
  const org = state.orgOf(user.teamId);
  const enterpriseUser = org && {
    id: user.id,
    enterprise_id: org.id,
    enterprise_name: org.name,
    is_admin: user.isAdmin,
    is_owner: false,
    teams: [user.teamId],
  };
  return { ...userJson(user, at), ...(enterpriseUser ? { enterprise_user: enterpriseUser } : {}) };
}

/** The user object of users.info / users.list, with time-zone facts as of `at`. */
export function userJson(user: EmulatorUser, at: Date): Record<string, unknown> {
  const zone = timeZoneFacts(user.tz, at);
  return {
    id: user.id,
    team_id: user.teamId,
    name: user.name,
    deleted: user.deleted,
    real_name: user.realName,
    tz: user.tz,
    tz_label: zone.label,
    tz_offset: zone.offsetSeconds,
    is_admin: user.isAdmin,
    is_owner: false,
    is_bot: user.isBot,
    is_app_user: false,
    updated: Math.floor(at.getTime() / 1000),
    profile: {
      real_name: user.realName,
      display_name: user.name,
      ...(user.email ? { email: user.email } : {}),
      team: user.teamId,
    },
  };
}

/** The conversation object of conversations.info. */
export function channelJson(channel: EmulatorChannel): Record<string, unknown> {
  const isIm = channel.imUserId !== undefined;
  return {
    id: channel.id,
    name: isIm ? undefined : channel.name,
    is_channel: !isIm && !channel.isPrivate,
    is_group: !isIm && channel.isPrivate,
    is_im: isIm,
    is_private: channel.isPrivate,
    is_archived: channel.isArchived,
    is_member: channel.botIsMember,
    is_general: channel.name === 'general',
    created: channel.created,
    context_team_id: channel.teamId,
    num_members: channel.members.length + (channel.botIsMember ? 1 : 0),
    ...(isIm ? { user: channel.imUserId } : {}),
    topic: { value: '', creator: '', last_set: 0 },
    purpose: { value: '', creator: '', last_set: 0 },
  };
}

export function teamJson(team: EmulatorTeam): Record<string, unknown> {
  return {
    id: team.id,
    name: team.name,
    domain: team.domain,
    email_domain: '',
    icon: { image_default: true },
  };
}

/** Slack's `tz_label` ("British Summer Time") and `tz_offset` (seconds east of UTC) for a zone at an instant. */
export function timeZoneFacts(zone: string, at: Date): { label: string; offsetSeconds: number } {
  try {
    const label =
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'long' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? zone;
    const offset =
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offset);
    const offsetSeconds = match
      ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 3600 + Number(match[3]) * 60)
      : 0;
    return { label, offsetSeconds };
  } catch {
    return { label: zone, offsetSeconds: 0 };
  }
}
