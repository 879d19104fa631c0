/**
 * Members' roles in every workspace and project, read fresh (past the client's read cache) for a
 * link's approval: a role given or taken a moment ago counts.
 */
import type { WorkApiClient } from '../../../api/index.ts';
import type { MemberRights, RoleIn } from './approval-rules.ts';

export interface RightsHolder {
  member: { id: number; name: string; email: string };
  rights: MemberRights;
}

const FRESH = { fresh: true } as const;

/**
 * The members among `ids` who are in a workspace of the service, with their roles. Projects are
 * read only when `projects` is true (a Slack admin's approval needs only the member).
 */
export async function freshMemberRights(
  api: WorkApiClient,
  ids: readonly number[],
  options: { projects: boolean },
): Promise<Map<number, RightsHolder>> {
  const found = new Map<
    number,
    { member: RightsHolder['member']; workspaces: RoleIn[]; projects: RoleIn[] }
  >();
  for await (const ws of api.workspaces.list.all({ per_page: 100 }, FRESH)) {
    for await (const m of api.workspaces.members.all(ws.id, { per_page: 100 }, FRESH)) {
      if (!ids.includes(m.id)) continue;
      let holder = found.get(m.id);
      if (!holder) {
        holder = { member: { id: m.id, name: m.name, email: m.email }, workspaces: [], projects: [] };
        found.set(m.id, holder);
      }
      holder.workspaces.push({ id: ws.id, name: ws.name, role: m.role });
    }
  }
  if (options.projects && found.size > 0) {
    for await (const project of api.projects.list.all({ per_page: 100 }, FRESH)) {
      for await (const m of api.members.listByProject.all(project.id, { per_page: 100 }, FRESH)) {
        found.get(m.id)?.projects.push({ id: project.id, name: project.name, role: m.role });
      }
    }
  }
  return new Map(
    [...found].map(([id, h]) => [
      id,
      {
        member: h.member,
        rights: { id, name: h.member.name, workspaces: h.workspaces, projects: h.projects },
      },
    ]),
  );
}
