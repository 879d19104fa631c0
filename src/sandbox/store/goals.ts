import type { Goal, GoalStatus, Target } from '../../contract/index.ts';
import type { SandboxDb } from '../db/sandbox-db.ts';
import { goalProgress, targetProgress } from '../domain/key-result-progress.ts';

interface GoalRow {
  id: number;
  workspace_id: number;
  project_id: number | null;
  title: string;
  description: string | null;
  owner_id: number | null;
  owner_name: string | null;
  start_date: string | null;
  due_date: string | null;
  status: GoalStatus;
}

type TargetRow = Omit<Target, 'progress'>;

const GOAL_SELECT = `
  SELECT g.id, g.workspace_id, g.project_id, g.title, g.description, g.owner_id, m.name AS owner_name,
         g.start_date, g.due_date, g.status
    FROM goals g LEFT JOIN members m ON m.id = g.owner_id`;

function toTarget(row: TargetRow): Target {
  return { ...row, progress: targetProgress(row) };
}

function toGoal(row: GoalRow, targets: Target[]): Goal {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    project_id: row.project_id,
    title: row.title,
    description: row.description,
    owner: row.owner_id === null ? null : { id: row.owner_id, name: row.owner_name ?? '' },
    start_date: row.start_date,
    due_date: row.due_date,
    status: row.status,
    progress: goalProgress(targets.map((t) => t.progress)),
    targets,
  };
}

function targetsOf(db: SandboxDb, goalIds: readonly number[]): Map<number, Target[]> {
  const rows = db.all<TargetRow>(
    `SELECT id, goal_id, title, type, start_value, current_value, target_value, unit
       FROM targets WHERE goal_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
    [JSON.stringify(goalIds)],
  );
  const byGoal = new Map<number, Target[]>();
  for (const row of rows) {
    const list = byGoal.get(row.goal_id) ?? [];
    list.push(toTarget(row));
    byGoal.set(row.goal_id, list);
  }
  return byGoal;
}

export function getGoal(db: SandboxDb, id: number): Goal | undefined {
  const row = db.get<GoalRow>(`${GOAL_SELECT} WHERE g.id = ?`, [id]);
  return row && toGoal(row, targetsOf(db, [id]).get(id) ?? []);
}

export interface GoalFilter {
  viewer: number;
  workspaceId?: number | undefined;
  projectId?: number | undefined;
  status?: GoalStatus | undefined;
}

/** Goals of the workspaces the viewer belongs to. */
export function listGoals(db: SandboxDb, filter: GoalFilter): Goal[] {
  const where = ['g.workspace_id IN (SELECT workspace_id FROM workspace_members WHERE member_id = $viewer)'];
  const params: Record<string, string | number> = { viewer: filter.viewer };
  if (filter.workspaceId !== undefined) {
    where.push('g.workspace_id = $workspace');
    params.workspace = filter.workspaceId;
  }
  if (filter.projectId !== undefined) {
    where.push('g.project_id = $project');
    params.project = filter.projectId;
  }
  if (filter.status !== undefined) {
    where.push('g.status = $status');
    params.status = filter.status;
  }
  const rows = db.all<GoalRow>(`${GOAL_SELECT} WHERE ${where.join(' AND ')} ORDER BY g.id`, params);
  const targets = targetsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toGoal(row, targets.get(row.id) ?? []));
}

export interface GoalValues {
  projectId: number | null;
  title: string;
  description: string | null;
  ownerId: number | null;
  startDate: string | null;
  dueDate: string | null;
  status: GoalStatus;
}

export function insertGoal(db: SandboxDb, values: GoalValues & { workspaceId: number; now: string }): number {
  return db.run(
    `INSERT INTO goals (workspace_id, project_id, title, description, owner_id, start_date, due_date, status,
                        created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      values.workspaceId,
      values.projectId,
      values.title,
      values.description,
      values.ownerId,
      values.startDate,
      values.dueDate,
      values.status,
      values.now,
      values.now,
    ],
  ).lastInsertRowid;
}

export function updateGoal(db: SandboxDb, id: number, values: GoalValues & { now: string }): void {
  db.run(
    `UPDATE goals SET project_id = ?, title = ?, description = ?, owner_id = ?, start_date = ?, due_date = ?,
                      status = ?, updated_at = ?
      WHERE id = ?`,
    [
      values.projectId,
      values.title,
      values.description,
      values.ownerId,
      values.startDate,
      values.dueDate,
      values.status,
      values.now,
      id,
    ],
  );
}

export function insertTarget(
  db: SandboxDb,
  goalId: number,
  values: Omit<TargetRow, 'id' | 'goal_id'>,
): number {
  return db.run(
    `INSERT INTO targets (goal_id, title, type, start_value, current_value, target_value, unit)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      goalId,
      values.title,
      values.type,
      values.start_value,
      values.current_value,
      values.target_value,
      values.unit,
    ],
  ).lastInsertRowid;
}

export function getTarget(db: SandboxDb, id: number): Target | undefined {
  const row = db.get<TargetRow>(
    'SELECT id, goal_id, title, type, start_value, current_value, target_value, unit FROM targets WHERE id = ?',
    [id],
  );
  return row && toTarget(row);
}
