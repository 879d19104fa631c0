/**
 * The app's assistant threads (Slack's side panel): whose each is, the channel the person was
 * looking at, and whether it has its title yet. Kept under the workspace's prefix, forgotten after
 * a month without use.
 */
import { storeKeys } from '../keys.ts';
import type { Store } from '../types.ts';

const ASSISTANT_THREAD_TTL_MS = 30 * 24 * 3_600_000;

interface AssistantThreadRecord {
  userId: string;
  /** The channel in view when the panel opened or last changed, if any. */
  contextChannelId: string | null;
  /** Set once, from the person's first words. */
  titled: boolean;
}

interface AssistantThreads {
  get(teamId: string, channelId: string, threadTs: string): Promise<AssistantThreadRecord | undefined>;
  save(teamId: string, channelId: string, threadTs: string, record: AssistantThreadRecord): Promise<void>;
}

export function createAssistantThreads(store: Store): AssistantThreads {
  return {
    get: (teamId, channelId, threadTs) =>
      store.get<AssistantThreadRecord>(storeKeys.assistantThread(teamId, channelId, threadTs)),
    async save(teamId, channelId, threadTs, record) {
      await store.set(
        storeKeys.assistantThread(teamId, channelId, threadTs),
        record,
        ASSISTANT_THREAD_TTL_MS,
      );
    },
  };
}
