import type { MindMap, MindMapNode, MindMapSummary } from '../../contract/index.ts';
import type { SandboxDb } from '../db/sandbox-db.ts';

interface MindMapRow extends MindMapSummary {
  root: string;
}

export function getMindMap(db: SandboxDb, id: number): MindMap | undefined {
  const row = db.get<MindMapRow>(
    'SELECT id, project_id, title, created_at, updated_at, root FROM mind_maps WHERE id = ?',
    [id],
  );
  return row && { ...row, root: JSON.parse(row.root) as MindMapNode };
}

export function listMindMaps(db: SandboxDb, projectId: number): MindMapSummary[] {
  return db.all<MindMapSummary>(
    'SELECT id, project_id, title, created_at, updated_at FROM mind_maps WHERE project_id = ? ORDER BY id',
    [projectId],
  );
}

export function insertMindMap(
  db: SandboxDb,
  values: { projectId: number; title: string; root: MindMapNode; now: string },
): number {
  return db.run(
    'INSERT INTO mind_maps (project_id, title, root, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    [values.projectId, values.title, JSON.stringify(values.root), values.now, values.now],
  ).lastInsertRowid;
}

export function replaceMindMapRoot(db: SandboxDb, id: number, root: MindMapNode, now: string): void {
  db.run('UPDATE mind_maps SET root = ?, updated_at = ? WHERE id = ?', [JSON.stringify(root), now, id]);
}
