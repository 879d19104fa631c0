/**
 * A person typed as `@zoe` rather than picked from Slack's menu: the workspace's people whose
 * handle, display name, real name or first name is that name (case and accents aside), so a typed
 * mention reads the same in `/task invite` as it does in `/task new`.
 */
import type { WebClient } from '@slack/web-api';

/** People read at most (pages of 200): a workspace larger than this is asked to pick from the menu. */
const MAX_PEOPLE = 5_000;

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').trim().toLowerCase();

interface NamedSlackUser {
  id: string;
  name: string;
  email: string | undefined;
}

export async function slackUsersNamed(
  client: Pick<WebClient, 'users'>,
  typed: string,
): Promise<NamedSlackUser[]> {
  const wanted = fold(typed.replace(/^@/, ''));
  if (wanted === '') return [];
  const found: NamedSlackUser[] = [];
  let cursor: string | undefined;
  let read = 0;
  do {
    const page = await client.users.list({ limit: 200, ...(cursor ? { cursor } : {}) });
    for (const user of page.members ?? []) {
      read++;
      if (!user.id || user.deleted || user.is_bot) continue;
      const realName = user.profile?.real_name ?? user.real_name ?? '';
      const names = [user.name, user.profile?.display_name, realName, realName.split(/\s+/)[0]];
      if (!names.some((n) => typeof n === 'string' && n !== '' && fold(n) === wanted)) continue;
      found.push({ id: user.id, name: realName || user.name || user.id, email: user.profile?.email });
    }
    cursor = page.response_metadata?.next_cursor || undefined;
  } while (cursor && read < MAX_PEOPLE);
  return found;
}
