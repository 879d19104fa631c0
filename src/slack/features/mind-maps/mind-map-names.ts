/** Names for the people a thread mentions, from the (cached) Slack profiles, within a bound. */
import type { WebClient } from '@slack/web-api';
import type { AppDeps } from '../../deps.ts';
import { mentionedUsers, type ThreadMessage } from './team-thread-tree.ts';

/** Profiles looked up at most; others keep their user id in the text. */
const MAX_LOOKUPS = 25;

export async function mentionNames(
  deps: AppDeps,
  client: WebClient,
  teamId: string,
  messages: readonly ThreadMessage[],
): Promise<Map<string, string>> {
  const ids = mentionedUsers(messages).slice(0, MAX_LOOKUPS);
  const names = await Promise.all(
    ids.map(async (id) => {
      const profile = await deps.profiles.get(client, teamId, id).catch(() => undefined);
      return [id, profile?.displayName || profile?.realName || profile?.name || id] as const;
    }),
  );
  return new Map(names);
}
