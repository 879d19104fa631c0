/** The service's members a Slack person may be linked to, and which one their verified email names. */
import type { WorkApiClient } from '../../../api/index.ts';
import type { WorkspaceMember } from '../../../contract/index.ts';

/** Every member of every workspace the token sees (one workspace for most organisations), deduplicated. */
export async function serviceMembers(api: WorkApiClient): Promise<WorkspaceMember[]> {
  const workspaces = await api.workspaces.list({ per_page: 100 });
  const seen = new Map<number, WorkspaceMember>();
  for (const ws of workspaces.data) {
    const page = await api.workspaces.members(ws.id, { per_page: 100 });
    for (const m of page.data) if (!seen.has(m.id)) seen.set(m.id, m as WorkspaceMember);
  }
  return [...seen.values()];
}

const normalEmail = (email: string | null | undefined): string => (email ?? '').trim().toLowerCase();

/** Whether two emails are the same address (case aside); an empty email matches nothing. */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = normalEmail(a);
  return left !== '' && left === normalEmail(b);
}

/**
 * The one member whose email is the person's Slack profile email (users.info `profile.email`,
 * which Slack verifies). None when no member, or more than one, has it: a shared address proves
 * no one in particular.
 */
export function memberWithEmail<M extends { email: string }>(
  email: string | null | undefined,
  members: readonly M[],
): M | undefined {
  const matches = members.filter((m) => sameEmail(m.email, email));
  return matches.length === 1 ? matches[0] : undefined;
}
