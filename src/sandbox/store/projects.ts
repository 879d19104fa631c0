import type { Project, ProjectRole, ProjectStatusDef } from '../../contract/index.ts';
import type { SandboxDb } from '../db/sandbox-db.ts';

/** Every new project's workflow (api-assumptions.md: To do, In progress, Done). */
export const DEFAULT_STATUSES = [
  { name: 'To do', color: '#94A3B8', is_done: false },
  { name: 'In progress', color: '#3B82F6', is_done: false },
  { name: 'Done', color: '#22C55E', is_done: true },
] as const;

const PROJECT_COLUMNS =
  'p.id, p.workspace_id, p.name, p.description, p.color, p.status, p.archived_at, p.created_at, p.updated_at';

/**
 * Projects a member may see: all of a workspace's when they own or administer it, otherwise the
 * ones they belong to. A SQL fragment over alias `p`, bound to `$viewer`.
 */
export const VISIBLE_PROJECT_SQL = `(
  EXISTS (SELECT 1 FROM workspace_members wm
           WHERE wm.workspace_id = p.workspace_id AND wm.member_id = $viewer AND wm.role IN ('owner', 'admin'))
  OR EXISTS (SELECT 1 FROM project_members pm
              JOIN workspace_members wm ON wm.workspace_id = p.workspace_id AND wm.member_id = pm.member_id
              WHERE pm.project_id = p.id AND pm.member_id = $viewer)
)`;

export function getProject(db: SandboxDb, id: number): Project | undefined {
  return db.get<Project>(`SELECT ${PROJECT_COLUMNS} FROM projects p WHERE p.id = ?`, [id]);
}

export interface ProjectFilter {
  viewer: number;
  workspaceId?: number | undefined;
  status?: 'active' | 'archived' | undefined;
  q?: string | undefined;
}

export function listProjects(db: SandboxDb, filter: ProjectFilter): Project[] {
  const where = [VISIBLE_PROJECT_SQL];
  const params: Record<string, string | number> = { viewer: filter.viewer };
  if (filter.workspaceId !== undefined) {
    where.push('p.workspace_id = $workspace');
    params.workspace = filter.workspaceId;
  }
  if (filter.status !== undefined) {
    where.push('p.status = $status');
    params.status = filter.status;
  }
  if (filter.q !== undefined) {
    where.push("(p.name LIKE $q ESCAPE '\\' OR p.description LIKE $q ESCAPE '\\')");
    params.q = likePattern(filter.q);
  }
  return db.all<Project>(
    `SELECT ${PROJECT_COLUMNS} FROM projects p WHERE ${where.join(' AND ')} ORDER BY p.id`,
    params,
  );
}

/** `%text%` with LIKE's own wildcards escaped, so the search is for the literal text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function insertProject(
  db: SandboxDb,
  values: {
    workspaceId: number;
    name: string;
    description: string | null;
    color: string | null;
    creatorId: number;
    now: string;
  },
): number {
  const { lastInsertRowid: id } = db.run(
    `INSERT INTO projects (workspace_id, name, description, color, status, archived_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'active', NULL, ?, ?)`,
    [values.workspaceId, values.name, values.description, values.color, values.now, values.now],
  );
  DEFAULT_STATUSES.forEach((status, position) => {
    db.run(
      'INSERT INTO project_statuses (project_id, name, color, is_done, position) VALUES (?, ?, ?, ?, ?)',
      [id, status.name, status.color, status.is_done ? 1 : 0, position],
    );
  });
  addProjectMember(db, id, values.creatorId, 'admin');
  return id;
}

export function addProjectMember(
  db: SandboxDb,
  projectId: number,
  memberId: number,
  role: ProjectRole,
): void {
  db.run(
    `INSERT INTO project_members (project_id, member_id, role) VALUES (?, ?, ?)
     ON CONFLICT (project_id, member_id) DO UPDATE SET role = excluded.role`,
    [projectId, memberId, role],
  );
}

export function updateProject(
  db: SandboxDb,
  project: Pick<Project, 'id' | 'name' | 'description' | 'color' | 'status' | 'archived_at' | 'updated_at'>,
): void {
  db.run(
    'UPDATE projects SET name = ?, description = ?, color = ?, status = ?, archived_at = ?, updated_at = ? WHERE id = ?',
    [
      project.name,
      project.description,
      project.color,
      project.status,
      project.archived_at,
      project.updated_at,
      project.id,
    ],
  );
}

interface StatusRow {
  id: number;
  name: string;
  color: string;
  is_done: number;
  position: number;
}

export function listStatuses(db: SandboxDb, projectId: number): ProjectStatusDef[] {
  return db
    .all<StatusRow>(
      'SELECT id, name, color, is_done, position FROM project_statuses WHERE project_id = ? ORDER BY position, id',
      [projectId],
    )
    .map((row) => ({ ...row, is_done: row.is_done === 1 }));
}
