/**
 * What the app needs to know about a Slack person: time zone (due dates are read and shown in it),
 * email and names (to suggest and match their service account), and whether they administer the
 * workspace. Every command needs the zone, so profiles are kept for a day, per workspace:
 *
 * - a person not yet known is read with users.info (Tier 4) and answered at once; the first such
 *   miss in a workspace also loads its whole directory with users.list (Tier 2, 200 a page) in the
 *   background, once a day per workspace, so the next people cost no call;
 * - Slack's `user_change` and `team_join` events replace an entry as it changes (`changed`), so
 *   the day's TTL only backs up an event that never came (the app down past Slack's retries).
 *
 * Entries are keyed by workspace and person: an event from one workspace never touches another's.
 * With several instances, the one that takes an event shares it through the store
 * (`slack-profile-changes.ts`) and the others apply it within 30 s.
 */
import type { WebClient } from '@slack/web-api';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../lib/logger.ts';
import { slackErrorCode } from '../../slack-platform/slack-error-code.ts';
import type { Store } from '../../store/types.ts';
import { type ProfileChange, SHARED_CHECK_MS, SharedProfileChanges } from './slack-profile-changes.ts';
import { FALLBACK_TIME_ZONE, isPerson, profileOf, type SlackUserObject } from './slack-profile-of.ts';

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

const DAY_MS = 24 * 60 * 60_000;
/** Events keep entries fresh; the TTL catches an event that never arrived, within the day. */
export const PROFILE_TTL_MS = DAY_MS;
/** A workspace's directory is read again a day after its last full read. */
export const DIRECTORY_TTL_MS = DAY_MS;
/** After a failed read (rate limited, network), people are read one by one until this has passed. */
export const DIRECTORY_RETRY_MS = 15 * 60_000;
export const DIRECTORY_PAGE_SIZE = 200;
/** 40,000 people: a cursor that never ends stops here. */
const DIRECTORY_MAX_PAGES = 200;
/** About 0.5 KB each (bench/profile-memory.ts): 25,000 is some 13 MB, room for a 20,000-person org. */
export const MAX_ENTRIES = 25_000;

interface Entry {
  at: number;
  /** Slack's `updated` (seconds) of the user object, so an older event redelivered loses. */
  updated: number | undefined;
  profile: SlackProfile;
}

interface DirectoryRun {
  cancelled: boolean;
  done: Promise<void>;
}

export class SlackProfiles {
  readonly #cache = new Map<string, Entry>();
  /** The last start of a directory read per workspace, and whether it read every page. */
  readonly #directories = new Map<string, { at: number; complete: boolean }>();
  readonly #loading = new Map<string, DirectoryRun>();
  /** Per workspace: when this instance last looked at the shared changes, and the stamp it saw. */
  readonly #looked = new Map<string, { at: number; stamp: number | undefined }>();
  readonly #clock: Clock;
  readonly #logger: Logger | undefined;
  readonly #shared: SharedProfileChanges | undefined;

  constructor(clock: Clock, options: { logger?: Logger | undefined; store?: Store | undefined } = {}) {
    this.#clock = clock;
    this.#logger = options.logger;
    this.#shared = options.store ? new SharedProfileChanges(options.store) : undefined;
  }

  async get(client: WebClient, teamId: string, userId: string): Promise<SlackProfile> {
    const key = `${teamId}:${userId}`;
    const now = this.#clock.now().getTime();
    if (this.#shared && now - (this.#looked.get(teamId)?.at ?? Number.NEGATIVE_INFINITY) >= SHARED_CHECK_MS) {
      await this.#catchUp(this.#shared, teamId, now);
    }
    const hit = this.#cache.get(key);
    if (hit && now - hit.at < PROFILE_TTL_MS) return hit.profile;
    const res = await client.users.info({ user: userId });
    const user = res.user as SlackUserObject | undefined;
    const profile = profileOf(teamId, userId, user);
    this.#put(key, { at: now, updated: user?.updated, profile }, true);
    this.#loadDirectoryIfDue(client, teamId);
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

  /**
   * Slack says a person of `teamId` changed (`user_change`) or joined (`team_join`): the entry is
   * replaced from the event's user object; a deleted person or a bot is dropped. In an Enterprise
   * Grid org the same person's entries in the org's other workspaces are dropped, to be read again.
   */
  async changed(teamId: string, user: SlackUserObject): Promise<void> {
    if (typeof user.id !== 'string') return;
    for (const other of user.enterprise_user?.teams ?? []) {
      if (other !== teamId) this.#cache.delete(`${other}:${user.id}`);
    }
    const change: ProfileChange = {
      userId: user.id,
      at: this.#clock.now().getTime(),
      ...(user.updated !== undefined ? { updated: user.updated } : {}),
      profile: isPerson(user) ? profileOf(teamId, user.id, user) : null,
    };
    if (!this.#apply(teamId, change, true)) return;
    try {
      await this.#shared?.publish(teamId, change);
    } catch (error) {
      this.#logger?.warn({ teamId, reason: (error as Error).message }, 'Slack profile change not shared');
    }
  }

  /** A change into this instance's cache, unless what it holds is newer; false when it was older. */
  #apply(teamId: string, change: ProfileChange, evict: boolean): boolean {
    const key = `${teamId}:${change.userId}`;
    const existing = this.#cache.get(key);
    const older =
      existing?.updated !== undefined && change.updated !== undefined && change.updated < existing.updated;
    if (older) return false;
    if (change.profile === null) this.#cache.delete(key);
    else
      this.#put(
        key,
        { at: change.at, updated: change.updated ?? existing?.updated, profile: change.profile },
        evict,
      );
    return true;
  }

  /** Applies what other instances took from Slack since this one last looked (a store that fails is skipped). */
  async #catchUp(shared: SharedProfileChanges, teamId: string, now: number): Promise<void> {
    const looked = this.#looked.get(teamId);
    // Marked first, so the commands meanwhile do not look too.
    this.#looked.set(teamId, { at: now, stamp: looked?.stamp });
    try {
      const stamp = await shared.stamp(teamId);
      // The first look only notes the stamp: this instance read nothing of the workspace before it.
      if (looked && stamp !== undefined && stamp !== looked.stamp) {
        for (const change of await shared.since(teamId, looked.stamp ?? 0))
          this.#apply(teamId, change, false);
      }
      this.#looked.set(teamId, { at: now, stamp: stamp ?? looked?.stamp });
    } catch (error) {
      this.#logger?.warn(
        { teamId, reason: (error as Error).message },
        'shared Slack profile changes not read',
      );
    }
  }

  /** The workspace's directory read under way, if any (tests and shutdown wait for it). */
  async directoryRead(teamId: string): Promise<void> {
    await this.#loading.get(teamId)?.done;
  }

  async forget(teamId: string): Promise<void> {
    for (const key of this.#cache.keys()) if (key.startsWith(`${teamId}:`)) this.#cache.delete(key);
    this.#directories.delete(teamId);
    this.#looked.delete(teamId);
    const run = this.#loading.get(teamId);
    if (run) run.cancelled = true;
    this.#loading.delete(teamId);
    await this.#shared?.forget(teamId);
  }

  /** How many profiles are kept (for the memory figure and tests). */
  get size(): number {
    return this.#cache.size;
  }

  /** Keeps an entry; when full, a person read one by one evicts the oldest, a directory page stops. */
  #put(key: string, entry: Entry, evict: boolean): boolean {
    if (this.#cache.has(key)) this.#cache.delete(key);
    else if (this.#cache.size >= MAX_ENTRIES) {
      if (!evict) return false;
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    this.#cache.set(key, entry);
    return true;
  }

  #loadDirectoryIfDue(client: WebClient, teamId: string): void {
    if (this.#loading.has(teamId)) return;
    const now = this.#clock.now().getTime();
    const last = this.#directories.get(teamId);
    if (last && now - last.at < (last.complete ? DIRECTORY_TTL_MS : DIRECTORY_RETRY_MS)) return;
    this.#directories.set(teamId, { at: now, complete: false });
    const run: DirectoryRun = { cancelled: false, done: Promise.resolve() };
    run.done = this.#readDirectory(client, teamId, run).then((complete) => {
      if (this.#loading.get(teamId) !== run) return;
      this.#loading.delete(teamId);
      this.#directories.set(teamId, { at: now, complete });
    });
    this.#loading.set(teamId, run);
  }

  /** Every page of users.list into the cache; false when a page failed (logged once, no token). */
  async #readDirectory(client: WebClient, teamId: string, run: DirectoryRun): Promise<boolean> {
    let cursor: string | undefined;
    let pages = 0;
    let people = 0;
    let full = false;
    try {
      do {
        const page = await client.users.list({
          limit: DIRECTORY_PAGE_SIZE,
          // An org-wide token lists the workspace it names; a workspace token its own.
          team_id: teamId,
          ...(cursor ? { cursor } : {}),
        });
        if (run.cancelled) return false;
        pages += 1;
        const at = this.#clock.now().getTime();
        for (const member of (page.members ?? []) as SlackUserObject[]) {
          if (!isPerson(member)) continue;
          const key = `${teamId}:${member.id}`;
          const known = this.#cache.get(key);
          // Read one by one or told by an event meanwhile: at least as new as this page.
          if (known && at - known.at < PROFILE_TTL_MS) continue;
          const entry = { at, updated: member.updated, profile: profileOf(teamId, member.id, member) };
          if (!this.#put(key, entry, false)) {
            full = true;
            break;
          }
          people += 1;
        }
        cursor = page.response_metadata?.next_cursor || undefined;
      } while (cursor && !full && pages < DIRECTORY_MAX_PAGES);
      this.#logger?.info({ teamId, pages, people, full }, 'Slack directory read');
      return true;
    } catch (error) {
      this.#logger?.warn(
        { teamId, pages, reason: slackFailure(error) },
        'Slack directory not read; people are read one by one',
      );
      return false;
    }
  }
}

/** Slack's error code or the transport's, never the error itself (its request carries the token). */
function slackFailure(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  const parts = [code, slackErrorCode(error)].filter((part): part is string => typeof part === 'string');
  return parts.length > 0 ? parts.join(': ') : 'unknown';
}
