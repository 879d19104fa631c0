import type { ProjectMember, ProjectRole, WorkspaceMember } from '../../contract/index.ts';
import type { SandboxDb } from '../db/sandbox-db.ts';

export type WorkspaceRole = WorkspaceMember['role'];

export function findMemberByEmail(db: SandboxDb, email: string): { id: number; name: string } | undefined {
  return db.get('SELECT id, name FROM members WHERE email = ? COLLATE NOCASE', [email]);
}

export function workspaceRole(db: SandboxDb, workspaceId: number, memberId: number): WorkspaceRole | null {
  const row = db.get<{ role: WorkspaceRole }>(
    'SELECT role FROM workspace_members WHERE workspace_id = ? AND member_id = ?',
    [workspaceId, memberId],
  );
  return row?.role ?? null;
}

export function projectRole(db: SandboxDb, projectId: number, memberId: number): ProjectRole | null {
  const row = db.get<{ role: ProjectRole }>(
    'SELECT role FROM project_members WHERE project_id = ? AND member_id = ?',
    [projectId, memberId],
  );
  return row?.role ?? null;
}

export function listWorkspaceMembers(db: SandboxDb, workspaceId: number): WorkspaceMember[] {
  return db.all<WorkspaceMember>(
    `SELECT m.id, m.name, m.email, wm.role
       FROM workspace_members wm JOIN members m ON m.id = wm.member_id
      WHERE wm.workspace_id = ? ORDER BY m.id`,
    [workspaceId],
  );
}

export function listProjectMembers(db: SandboxDb, projectId: number): ProjectMember[] {
  return db.all<ProjectMember>(
    `SELECT m.id, m.name, m.email, pm.role
       FROM project_members pm JOIN members m ON m.id = pm.member_id
      WHERE pm.project_id = ? ORDER BY m.id`,
    [projectId],
  );
}

export function getProjectMember(
  db: SandboxDb,
  projectId: number,
  memberId: number,
): ProjectMember | undefined {
  return db.get<ProjectMember>(
    `SELECT m.id, m.name, m.email, pm.role
       FROM project_members pm JOIN members m ON m.id = pm.member_id
      WHERE pm.project_id = ? AND pm.member_id = ?`,
    [projectId, memberId],
  );
}

/** Of `ids`, those that are not members of the workspace. */
export function nonWorkspaceMembers(db: SandboxDb, workspaceId: number, ids: readonly number[]): Set<number> {
  if (ids.length === 0) return new Set();
  const found = db.all<{ member_id: number }>(
    `SELECT member_id FROM workspace_members
      WHERE workspace_id = ? AND member_id IN (SELECT value FROM json_each(?))`,
    [workspaceId, JSON.stringify(ids)],
  );
  const present = new Set(found.map((r) => r.member_id));
  return new Set(ids.filter((id) => !present.has(id)));
}
