/**
 * GitHub's guards against unfurl noise: a message with 3 or more links gets no unfurls, and a task
 * already unfurled in a channel in the last 30 minutes is not unfurled there again. When it was
 * unfurled is kept by the app's clock; a short atomic claim in the store makes two deliveries (or
 * two processes) looking at the same task at once unfurl it only once.
 */
import type { Clock } from '../../../lib/clock.ts';
import type { Store } from '../../../store/types.ts';

/** A message with this many links or more is left as it is. */
const MAX_LINKS_FOR_UNFURL = 3;
/** How long a channel remembers a task it unfurled. */
export const UNFURL_QUIET_MS = 30 * 60_000;
/** How long one unfurl may hold its claim while it reads the task and posts. */
const CLAIM_MS = 15_000;

export function tooManyLinks(linkCount: number): boolean {
  return linkCount >= MAX_LINKS_FOR_UNFURL;
}

interface UnfurlGuard {
  /** True when this task may be unfurled in this channel now; the caller then calls `done`. */
  begin(channelId: string, taskId: number): Promise<boolean>;
  /** Records the unfurl (when it happened) and lets go of the claim. */
  done(channelId: string, taskId: number, unfurled: boolean): Promise<void>;
}

export function unfurlGuard(store: Store, clock: Clock, teamId: string): UnfurlGuard {
  const key = (channelId: string, taskId: number) => `unfurl:${teamId}:${channelId}:${taskId}`;
  return {
    async begin(channelId, taskId) {
      const k = key(channelId, taskId);
      if (!(await store.claim(`${k}:claim`, CLAIM_MS))) return false;
      const last = await store.get<{ at: number }>(k);
      if (last && clock.now().getTime() - last.at < UNFURL_QUIET_MS) {
        await store.release(`${k}:claim`);
        return false;
      }
      return true;
    },
    async done(channelId, taskId, unfurled) {
      const k = key(channelId, taskId);
      // The store's own expiry only clears old records; the quiet period is judged on the clock above.
      if (unfurled) await store.set(k, { at: clock.now().getTime() }, UNFURL_QUIET_MS * 2);
      await store.release(`${k}:claim`);
    },
  };
}
