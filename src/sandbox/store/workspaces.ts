import type { Workspace } from '../../contract/index.ts';
import type { SandboxDb } from '../db/sandbox-db.ts';

interface WorkspaceRow {
  id: number;
  name: string;
  settings: string;
  created_at: string;
}

/** What a new workspace's settings hold unless the request says otherwise. */
export const DEFAULT_WORKSPACE_SETTINGS = { timezone: 'UTC', locale: 'en', week_start: 1 } as const;

function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    name: row.name,
    settings: JSON.parse(row.settings) as Record<string, unknown>,
    created_at: row.created_at,
  };
}

export function getWorkspace(db: SandboxDb, id: number): Workspace | undefined {
  const row = db.get<WorkspaceRow>('SELECT * FROM workspaces WHERE id = ?', [id]);
  return row && toWorkspace(row);
}

export function listWorkspacesOf(db: SandboxDb, memberId: number): Workspace[] {
  return db
    .all<WorkspaceRow>(
      `SELECT w.* FROM workspaces w JOIN workspace_members wm ON wm.workspace_id = w.id
        WHERE wm.member_id = ? ORDER BY w.id`,
      [memberId],
    )
    .map(toWorkspace);
}

export function insertWorkspace(
  db: SandboxDb,
  values: { name: string; settings: Record<string, unknown>; ownerId: number; now: string },
): number {
  const { lastInsertRowid: id } = db.run(
    'INSERT INTO workspaces (name, settings, created_at) VALUES (?, ?, ?)',
    [values.name, JSON.stringify(values.settings), values.now],
  );
  db.run("INSERT INTO workspace_members (workspace_id, member_id, role) VALUES (?, ?, 'owner')", [
    id,
    values.ownerId,
  ]);
  return id;
}

export function updateWorkspace(
  db: SandboxDb,
  id: number,
  values: { name: string; settings: Record<string, unknown> },
): void {
  db.run('UPDATE workspaces SET name = ?, settings = ? WHERE id = ?', [
    values.name,
    JSON.stringify(values.settings),
    id,
  ]);
}
