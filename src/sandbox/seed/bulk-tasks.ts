import type { DatabaseSync } from 'node:sqlite';
import { PRIORITIES } from '../../contract/index.ts';

export interface BulkTaskOptions {
  projectId: number;
  count: number;
  /** Members to spread as assignees (a task gets none, one or two of them). */
  assigneeIds: readonly number[];
  creatorId: number;
  /** Due dates fall within 30 days either side of this instant. */
  now: Date;
}

/**
 * Fills a project with many varied tasks in one transaction through two prepared statements: the
 * benchmarks' large project, at the speed of SQLite rather than of the API.
 */
export function seedBulkTasks(db: DatabaseSync, opts: BulkTaskOptions): void {
  const statuses = db
    .prepare('SELECT id, is_done FROM project_statuses WHERE project_id = ? ORDER BY position, id')
    .all(opts.projectId) as Array<{ id: number; is_done: number }>;
  if (statuses.length === 0) throw new Error(`seedBulkTasks: project ${opts.projectId} has no statuses`);
  const insertTask = db.prepare(
    `INSERT INTO tasks (project_id, title, description, status_id, due_date, priority, sprint_id, creator_id,
                        created_at, updated_at, completed_at)
     VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
  );
  const insertAssignee = db.prepare(
    'INSERT INTO task_assignees (task_id, member_id, position) VALUES (?, ?, ?)',
  );
  const nowMs = opts.now.getTime();
  const hour = 3_600_000;
  db.exec('BEGIN');
  try {
    for (let i = 0; i < opts.count; i++) {
      const status = statuses[i % statuses.length]!;
      const created = new Date(nowMs - (opts.count - i) * 60_000).toISOString();
      // Every seventh task is undated; the rest are spread over two months around now.
      const due =
        i % 7 === 0 ? null : new Date(nowMs + ((i % 61) - 30) * 24 * hour + (i % 24) * hour).toISOString();
      const { lastInsertRowid } = insertTask.run(
        opts.projectId,
        `Task ${i + 1}: ${['review', 'fix', 'write', 'plan', 'ship'][i % 5]} item ${i % 97}`,
        i % 3 === 0 ? null : `Details of task ${i + 1}.`,
        status.id,
        due,
        PRIORITIES[i % PRIORITIES.length]!,
        opts.creatorId,
        created,
        created,
        status.is_done === 1 ? created : null,
      );
      const taskId = Number(lastInsertRowid);
      const assignees = opts.assigneeIds.length === 0 ? 0 : i % 3;
      for (let a = 0; a < Math.min(assignees, opts.assigneeIds.length); a++) {
        insertAssignee.run(taskId, opts.assigneeIds[(i + a) % opts.assigneeIds.length]!, a);
      }
    }
    db.exec('COMMIT');
  } catch (err) {
    db.exec('ROLLBACK');
    throw err;
  }
}
