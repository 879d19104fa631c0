import type { Sprint, SprintStatus } from '../../contract/index.ts';
import type { SandboxDb } from '../db/sandbox-db.ts';

const SPRINT_SELECT = `
  SELECT sp.id, sp.project_id, sp.name, sp.goal, sp.status, sp.start_date, sp.end_date, sp.started_at,
         sp.completed_at, (SELECT count(*) FROM tasks t WHERE t.sprint_id = sp.id) AS tasks_count
    FROM sprints sp`;

export function getSprint(db: SandboxDb, id: number): Sprint | undefined {
  return db.get<Sprint>(`${SPRINT_SELECT} WHERE sp.id = ?`, [id]);
}

export function listSprints(db: SandboxDb, projectId: number, status?: SprintStatus): Sprint[] {
  if (status === undefined) {
    return db.all<Sprint>(`${SPRINT_SELECT} WHERE sp.project_id = ? ORDER BY sp.id`, [projectId]);
  }
  return db.all<Sprint>(`${SPRINT_SELECT} WHERE sp.project_id = ? AND sp.status = ? ORDER BY sp.id`, [
    projectId,
    status,
  ]);
}

export function activeSprintOf(db: SandboxDb, projectId: number): { id: number; name: string } | undefined {
  return db.get("SELECT id, name FROM sprints WHERE project_id = ? AND status = 'active'", [projectId]);
}

export function insertSprint(
  db: SandboxDb,
  values: {
    projectId: number;
    name: string;
    goal: string | null;
    startDate: string | null;
    endDate: string | null;
    now: string;
  },
): number {
  return db.run(
    `INSERT INTO sprints (project_id, name, goal, status, start_date, end_date, created_at)
     VALUES (?, ?, ?, 'planned', ?, ?, ?)`,
    [values.projectId, values.name, values.goal, values.startDate, values.endDate, values.now],
  ).lastInsertRowid;
}

export function markSprintStarted(
  db: SandboxDb,
  id: number,
  values: { startDate: string; endDate: string; now: string },
): void {
  db.run("UPDATE sprints SET status = 'active', start_date = ?, end_date = ?, started_at = ? WHERE id = ?", [
    values.startDate,
    values.endDate,
    values.now,
    id,
  ]);
}

/** Each task of a sprint with the moment it was finished (null while open), for the burndown. */
export function sprintTaskCompletions(
  db: SandboxDb,
  sprintId: number,
): Array<{ completed_at: string | null }> {
  return db.all(
    `SELECT CASE WHEN s.is_done = 1 THEN t.completed_at END AS completed_at
       FROM tasks t JOIN project_statuses s ON s.id = t.status_id
      WHERE t.sprint_id = ?`,
    [sprintId],
  );
}
