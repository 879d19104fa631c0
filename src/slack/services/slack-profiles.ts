/**
 * What the app needs to know about a Slack person: time zone (due dates are read and shown in it),
 * email and names (to suggest and match their service account), and whether they administer the
 * workspace. users.info is Tier 4, but every command needs the zone, so answers are kept for a while.
 */
import type { WebClient } from '@slack/web-api';
import type { Clock } from '../../lib/clock.ts';

export interface SlackProfile {
  userId: string;
  teamId: string;
  /** IANA zone; Slack's default when the profile has none. */
  timeZone: string;
  timeZoneLabel?: string | undefined;
  email?: string | undefined;
  realName?: string | undefined;
  displayName?: string | undefined;
  name?: string | undefined;
  isAdmin: boolean;
  /** An admin or owner of the Enterprise Grid org (`enterprise_user`), not only of the workspace. */
  isOrgAdmin?: boolean | undefined;
}

/** The zone used when Slack does not tell one. */
const FALLBACK_TIME_ZONE = 'UTC';
const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 5_000;

export class SlackProfiles {
  readonly #cache = new Map<string, { at: number; profile: SlackProfile }>();
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  async get(client: WebClient, teamId: string, userId: string): Promise<SlackProfile> {
    const key = `${teamId}:${userId}`;
    const now = this.#clock.now().getTime();
    const hit = this.#cache.get(key);
    if (hit && now - hit.at < TTL_MS) return hit.profile;
    const res = await client.users.info({ user: userId });
    const u = res.user;
    const profile: SlackProfile = {
      userId,
      teamId,
      timeZone: u?.tz || FALLBACK_TIME_ZONE,
      timeZoneLabel: u?.tz_label,
      email: u?.profile?.email,
      realName: u?.real_name || u?.profile?.real_name,
      displayName: u?.profile?.display_name || undefined,
      name: u?.name,
      isAdmin: Boolean(u?.is_admin || u?.is_owner),
      isOrgAdmin: Boolean(u?.enterprise_user?.is_admin || u?.enterprise_user?.is_owner),
    };
    if (this.#cache.size >= MAX_ENTRIES) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    this.#cache.set(key, { at: now, profile });
    return profile;
  }

  /** A zone for a person, falling back rather than failing: a date must still be readable. */
  async timeZone(client: WebClient, teamId: string, userId: string): Promise<string> {
    try {
      return (await this.get(client, teamId, userId)).timeZone;
    } catch {
      return FALLBACK_TIME_ZONE;
    }
  }

  forget(teamId: string): void {
    for (const key of this.#cache.keys()) if (key.startsWith(`${teamId}:`)) this.#cache.delete(key);
  }
}
