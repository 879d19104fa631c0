/**
 * A Slack user object (users.info, users.list, the user_change and team_join events all carry the
 * same shape) read into what the app keeps of a person. Zones and their labels repeat across a
 * directory, so each is kept once: a 20,000-person org holds a few dozen distinct strings.
 */
import type { SlackProfile } from './slack-profiles.ts';

/** The zone used when Slack does not tell one. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** The fields of Slack's user object the app reads. */
export interface SlackUserObject {
  id?: string | undefined;
  team_id?: string | undefined;
  name?: string | undefined;
  real_name?: string | undefined;
  deleted?: boolean | undefined;
  is_bot?: boolean | undefined;
  is_admin?: boolean | undefined;
  is_owner?: boolean | undefined;
  tz?: string | undefined;
  tz_label?: string | undefined;
  updated?: number | undefined;
  profile?:
    | { email?: string | undefined; real_name?: string | undefined; display_name?: string | undefined }
    | undefined;
  enterprise_user?:
    | { is_admin?: boolean | undefined; is_owner?: boolean | undefined; teams?: string[] | undefined }
    | undefined;
}

const shared = new Map<string, string>();
const ZONES_KEPT = 2_000;

/** One copy of a zone or label string, however many people share it. */
function once(value: string): string {
  const kept = shared.get(value);
  if (kept !== undefined) return kept;
  if (shared.size < ZONES_KEPT) shared.set(value, value);
  return value;
}

export function profileOf(teamId: string, userId: string, u: SlackUserObject | undefined): SlackProfile {
  const profile: SlackProfile = {
    userId,
    teamId,
    timeZone: once(u?.tz || FALLBACK_TIME_ZONE),
    isAdmin: Boolean(u?.is_admin || u?.is_owner),
    isOrgAdmin: Boolean(u?.enterprise_user?.is_admin || u?.enterprise_user?.is_owner),
  };
  // Only fields Slack gave: an absent key costs nothing, an undefined one a slot.
  if (u?.tz_label) profile.timeZoneLabel = once(u.tz_label);
  if (u?.profile?.email) profile.email = u.profile.email;
  const realName = u?.real_name || u?.profile?.real_name;
  if (realName) profile.realName = realName;
  if (u?.profile?.display_name) profile.displayName = u.profile.display_name;
  if (u?.name) profile.name = u.name;
  return profile;
}

/** Whether a directory entry is a person who can use the app (deleted people, bots and Slackbot are not). */
export function isPerson(u: SlackUserObject): u is SlackUserObject & { id: string } {
  return typeof u.id === 'string' && u.id !== 'USLACKBOT' && !u.deleted && !u.is_bot;
}
