import type { WorkApiClient } from '../../api/index.ts';
import type { WorkspaceMember } from '../../contract/index.ts';

/**
 * Every member of every workspace the token sees (one workspace for most organisations),
 * deduplicated, read across every page of workspaces and of members.
 */
export async function workspaceMembers(api: WorkApiClient): Promise<WorkspaceMember[]> {
  const seen = new Map<number, WorkspaceMember>();
  for await (const ws of api.workspaces.list.all({ per_page: 100 })) {
    for await (const m of api.workspaces.members.all(ws.id, { per_page: 100 })) {
      if (!seen.has(m.id)) seen.set(m.id, m as WorkspaceMember);
    }
  }
  return [...seen.values()];
}
