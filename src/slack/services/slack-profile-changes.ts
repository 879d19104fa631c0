/**
 * Slack sends each `user_change` and `team_join` to one instance. The instance that takes it keeps
 * the change in the store; every instance looks at the workspace's stamp at most every 30 s when it
 * reads a profile, and applies what changed since it last looked. So a person's new zone reaches
 * every instance within 30 s rather than at the end of their profile's day.
 */
import { storeKeys } from '../../store/keys.ts';
import type { Store } from '../../store/types.ts';
import type { SlackProfile } from './slack-profiles.ts';

/** How often an instance looks for changes another instance took, per workspace. */
export const SHARED_CHECK_MS = 30_000;
/** Changes are kept as long as a profile is: an instance that has not looked for a day reads everyone again anyway. */
const KEPT_MS = 24 * 60 * 60_000;
/** Clocks of instances differ a little: changes stamped this much before the last look are read again. */
const SKEW_MS = 60_000;

export interface ProfileChange {
  userId: string;
  at: number;
  /** Slack's `updated` of the user object, when the event gave it. */
  updated?: number | undefined;
  /** Null: the person left (deactivated) or is a bot; the entry is dropped. */
  profile: SlackProfile | null;
}

export class SharedProfileChanges {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async publish(teamId: string, change: ProfileChange): Promise<void> {
    await this.#store.set(storeKeys.slackProfileChange(teamId, change.userId), change, KEPT_MS);
    await this.#store.set(storeKeys.slackProfilesStamp(teamId), change.at, KEPT_MS);
  }

  async stamp(teamId: string): Promise<number | undefined> {
    return this.#store.get<number>(storeKeys.slackProfilesStamp(teamId));
  }

  /** Changes stamped after `after` (less the clocks' skew), oldest first. */
  async since(teamId: string, after: number): Promise<ProfileChange[]> {
    const changes: ProfileChange[] = [];
    for await (const [, change] of this.#store.entries<ProfileChange>(
      storeKeys.slackProfileChanges(teamId),
    )) {
      if (change.at >= after - SKEW_MS) changes.push(change);
    }
    return changes.sort((a, b) => a.at - b.at);
  }

  async forget(teamId: string): Promise<void> {
    for await (const [key] of this.#store.entries(storeKeys.slackProfileChanges(teamId)))
      await this.#store.delete(key);
    await this.#store.delete(storeKeys.slackProfilesStamp(teamId));
  }
}
