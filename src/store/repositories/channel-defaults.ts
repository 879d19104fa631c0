import { type Clock, systemClock } from '../../lib/clock.ts';
import { storeKeys } from '../keys.ts';
import type { Store } from '../types.ts';
import { requirePositiveInt, requireText } from './validate.ts';

interface ChannelDefaultInput {
  projectId: number;
  projectName: string;
  /** Slack user id of who set it. */
  setBy: string;
}

interface ChannelDefault extends ChannelDefaultInput {
  /** ISO 8601. */
  setAt: string;
}

interface ChannelDefaultWithChannel extends ChannelDefault {
  channelId: string;
}

/** Options for {@link createChannelDefaults}. */
interface ChannelDefaultsOptions {
  /** Clock for `setAt`. Default: the system clock. */
  clock?: Clock;
}

export interface ChannelDefaults {
  set(teamId: string, channelId: string, input: ChannelDefaultInput): Promise<ChannelDefault>;
  get(teamId: string, channelId: string): Promise<ChannelDefault | undefined>;
  clear(teamId: string, channelId: string): Promise<boolean>;
  listSetBy(teamId: string, slackUserId: string): Promise<ChannelDefaultWithChannel[]>;
}

/** The project a channel's new tasks go to unless told otherwise. */
export function createChannelDefaults(store: Store, options: ChannelDefaultsOptions = {}): ChannelDefaults {
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  return {
    async set(teamId, channelId, input) {
      const value: ChannelDefault = {
        projectId: requirePositiveInt('projectId', input.projectId),
        projectName: requireText('projectName', input.projectName, 200),
        setBy: requireText('setBy', input.setBy, 64),
        setAt: now().toISOString(),
      };
      await store.set(storeKeys.channelDefault(teamId, channelId), value);
      return value;
    },
    async get(teamId, channelId) {
      return store.get<ChannelDefault>(storeKeys.channelDefault(teamId, channelId));
    },
    async clear(teamId, channelId) {
      return store.delete(storeKeys.channelDefault(teamId, channelId));
    },
    async listSetBy(teamId, slackUserId) {
      const prefix = storeKeys.channelDefaults(teamId);
      const found: ChannelDefaultWithChannel[] = [];
      for await (const [key, value] of store.entries<ChannelDefault>(prefix)) {
        if (value.setBy === slackUserId) found.push({ channelId: key.slice(prefix.length), ...value });
      }
      return found;
    },
  };
}
