import type { MemberRef, Priority, Task } from '../../contract/index.ts';
import { RawJson } from '../db/raw-json.ts';
import type { SandboxDb } from '../db/sandbox-db.ts';
import type { PageRequest } from '../http/paging.ts';
import { likePattern, VISIBLE_PROJECT_SQL } from './projects.ts';

/** The columns of TASK_SELECT, in order. */
type TaskRow = [
  id: number,
  title: string,
  statusId: number,
  statusName: string,
  statusColor: string,
  dueDate: string | null,
  priority: Priority,
  createdAt: string,
  projectId: number,
  sprintId: number | null,
  description: string | null,
  creatorId: number | null,
  creatorName: string | null,
  updatedAt: string,
];

const TASK_SELECT = `
  SELECT t.id, t.title, s.id, s.name, s.color, t.due_date, t.priority, t.created_at, t.project_id,
         t.sprint_id, t.description, t.creator_id, c.name, t.updated_at
    FROM tasks t
    JOIN project_statuses s ON s.id = t.status_id
    LEFT JOIN members c ON c.id = t.creator_id`;

/**
 * The assignees of a set of tasks, in the order they were assigned: one query for a whole page,
 * where a subquery per task would cost more than the page itself.
 */
function assigneesOf(db: SandboxDb, taskIds: readonly number[]): Map<number, MemberRef[]> {
  const byTask = new Map<number, MemberRef[]>();
  if (taskIds.length === 0) return byTask;
  const rows = db.allArrays<[taskId: number, id: number, name: string]>(
    `SELECT ta.task_id, m.id, m.name
       FROM task_assignees ta JOIN members m ON m.id = ta.member_id
      WHERE ta.task_id IN (SELECT value FROM json_each(?))
      ORDER BY ta.task_id, ta.position`,
    [JSON.stringify(taskIds)],
  );
  for (const [taskId, id, name] of rows) {
    const list = byTask.get(taskId);
    if (list) list.push({ id, name });
    else byTask.set(taskId, [{ id, name }]);
  }
  return byTask;
}

// Rows arrive as arrays (see SandboxDb.allArrays): a list page is the sandbox's hottest path.
function toTasks(db: SandboxDb, rows: readonly TaskRow[]): Task[] {
  const assignees = assigneesOf(
    db,
    rows.map((r) => r[0]),
  );
  return rows.map(
    ([
      id,
      title,
      statusId,
      statusName,
      statusColor,
      dueDate,
      priority,
      createdAt,
      projectId,
      sprintId,
      description,
      creatorId,
      creatorName,
      updatedAt,
    ]) => ({
      id,
      title,
      status: { id: statusId, name: statusName, color: statusColor },
      assignees: assignees.get(id) ?? [],
      due_date: dueDate,
      priority,
      created_at: createdAt,
      project_id: projectId,
      sprint_id: sprintId,
      description,
      creator: creatorId === null ? null : { id: creatorId, name: creatorName ?? '' },
      updated_at: updatedAt,
    }),
  );
}

/**
 * Task records serialised by SQLite itself (after their id): the same fields, order and values as
 * `toTasks`, as JSON text. A list page is the sandbox's hottest path, and building 100 objects
 * (and 14 values each) in JS only to stringify them again costs more than the query; the text is
 * kept per task until the next write (db/row-json-cache.ts).
 */
const TASK_JSON_SELECT = `
  SELECT t.id, json_object(
           'id', t.id, 'title', t.title,
           'status', json_object('id', s.id, 'name', s.name, 'color', s.color),
           'assignees', (SELECT json_group_array(json_object('id', m.id, 'name', m.name) ORDER BY ta.position)
                           FROM task_assignees ta JOIN members m ON m.id = ta.member_id
                          WHERE ta.task_id = t.id),
           'due_date', t.due_date, 'priority', t.priority, 'created_at', t.created_at,
           'project_id', t.project_id, 'sprint_id', t.sprint_id, 'description', t.description,
           'creator', CASE WHEN t.creator_id IS NULL THEN NULL
                           ELSE json_object('id', t.creator_id, 'name', coalesce(c.name, '')) END,
           'updated_at', t.updated_at)
    FROM tasks t
    JOIN project_statuses s ON s.id = t.status_id
    LEFT JOIN members c ON c.id = t.creator_id`;

export function getTask(db: SandboxDb, id: number): Task | undefined {
  return toTasks(db, db.allArrays<TaskRow>(`${TASK_SELECT} WHERE t.id = ?`, [id]))[0];
}

export interface TaskFilter {
  /** Only tasks of projects this member may see, and not of archived ones (unless `projectId` is given). */
  viewer?: number | undefined;
  projectId?: number | undefined;
  assigneeId?: number | undefined;
  sprintId?: number | undefined;
  /** A status name (case-insensitive) or id. */
  status?: string | undefined;
  done?: boolean | undefined;
  /** Due strictly before this instant (UTC date-time text). */
  dueBefore?: string | undefined;
  /** Due at or after this instant. */
  dueAfter?: string | undefined;
  q?: string | undefined;
}

interface BuiltFilter {
  where: string;
  params: Record<string, string | number>;
  needsStatusJoin: boolean;
}

function buildFilter(filter: TaskFilter): BuiltFilter {
  const where: string[] = [];
  const params: Record<string, string | number> = {};
  let needsStatusJoin = false;
  if (filter.projectId !== undefined) {
    where.push('t.project_id = $project');
    params.project = filter.projectId;
  }
  if (filter.viewer !== undefined) {
    // Archived projects drop out of cross-project lists unless asked for by id.
    const archived = filter.projectId === undefined ? "p.status = 'active' AND" : '';
    where.push(`t.project_id IN (SELECT p.id FROM projects p WHERE ${archived} ${VISIBLE_PROJECT_SQL})`);
    params.viewer = filter.viewer;
  }
  if (filter.assigneeId !== undefined) {
    where.push('t.id IN (SELECT task_id FROM task_assignees WHERE member_id = $assignee)');
    params.assignee = filter.assigneeId;
  }
  if (filter.sprintId !== undefined) {
    where.push('t.sprint_id = $sprint');
    params.sprint = filter.sprintId;
  }
  if (filter.status !== undefined) {
    needsStatusJoin = true;
    where.push('(s.name = $status COLLATE NOCASE OR s.id = $statusId)');
    params.status = filter.status;
    params.statusId = /^\d+$/.test(filter.status) ? Number(filter.status) : -1;
  }
  if (filter.done !== undefined) {
    needsStatusJoin = true;
    where.push('s.is_done = $done');
    params.done = filter.done ? 1 : 0;
  }
  if (filter.dueBefore !== undefined) {
    where.push('t.due_date < $dueBefore');
    params.dueBefore = filter.dueBefore;
  }
  if (filter.dueAfter !== undefined) {
    where.push('t.due_date >= $dueAfter');
    params.dueAfter = filter.dueAfter;
  }
  if (filter.q !== undefined) {
    where.push("(t.title LIKE $q ESCAPE '\\' OR t.description LIKE $q ESCAPE '\\')");
    params.q = likePattern(filter.q);
  }
  return { where: where.length > 0 ? `WHERE ${where.join(' AND ')}` : '', params, needsStatusJoin };
}

export function listTasks(
  db: SandboxDb,
  filter: TaskFilter,
  page: PageRequest,
): { tasks: RawJson[]; total: number } {
  const built = buildFilter(filter);
  // The count and the page's ids skip the status join unless a status filter needs it: on a large
  // project the join would cost more than the page itself.
  const from = built.needsStatusJoin
    ? 'FROM tasks t JOIN project_statuses s ON s.id = t.status_id'
    : 'FROM tasks t';
  const total = db.counts.count(`SELECT count(*) AS n ${from} ${built.where}`, built.params);
  if (total <= page.offset) return { tasks: [], total };
  const ids = db.allArrays<[id: number]>(
    `SELECT t.id ${from} ${built.where} ORDER BY t.id LIMIT $limit OFFSET $offset`,
    { ...built.params, limit: page.perPage, offset: page.offset },
  );
  const json = db.rowJson.rows(
    ids.map((row) => row[0]),
    (missing) =>
      db.allArrays<[id: number, json: string]>(
        `${TASK_JSON_SELECT} WHERE t.id IN (SELECT value FROM json_each(?))`,
        [JSON.stringify(missing)],
      ),
  );
  return { tasks: json.map((text) => new RawJson(text)), total };
}

export interface TaskValues {
  title: string;
  description: string | null;
  statusId: number;
  dueDate: string | null;
  priority: Priority;
  sprintId: number | null;
}

export function insertTask(
  db: SandboxDb,
  values: TaskValues & { projectId: number; creatorId: number; completedAt: string | null; now: string },
): number {
  const { lastInsertRowid } = db.run(
    `INSERT INTO tasks (project_id, title, description, status_id, due_date, priority, sprint_id, creator_id,
                        created_at, updated_at, completed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      values.projectId,
      values.title,
      values.description,
      values.statusId,
      values.dueDate,
      values.priority,
      values.sprintId,
      values.creatorId,
      values.now,
      values.now,
      values.completedAt,
    ],
  );
  return lastInsertRowid;
}

export function updateTask(
  db: SandboxDb,
  id: number,
  values: TaskValues & { completedAt: string | null; now: string },
): void {
  db.run(
    `UPDATE tasks SET title = ?, description = ?, status_id = ?, due_date = ?, priority = ?, sprint_id = ?,
                      completed_at = ?, updated_at = ?
      WHERE id = ?`,
    [
      values.title,
      values.description,
      values.statusId,
      values.dueDate,
      values.priority,
      values.sprintId,
      values.completedAt,
      values.now,
      id,
    ],
  );
}

/** Replaces the assignee list, keeping the given order. */
export function setAssignees(db: SandboxDb, taskId: number, memberIds: readonly number[]): void {
  db.run('DELETE FROM task_assignees WHERE task_id = ?', [taskId]);
  memberIds.forEach((memberId, position) => {
    db.run('INSERT INTO task_assignees (task_id, member_id, position) VALUES (?, ?, ?)', [
      taskId,
      memberId,
      position,
    ]);
  });
}

export function deleteTask(db: SandboxDb, id: number): void {
  db.run('DELETE FROM tasks WHERE id = ?', [id]);
}

/** The internal columns a task record does not show but the rules need. */
export function taskInternals(
  db: SandboxDb,
  id: number,
): { creator_id: number | null; completed_at: string | null; status_id: number } | undefined {
  return db.get('SELECT creator_id, completed_at, status_id FROM tasks WHERE id = ?', [id]);
}

export function statusOfProject(
  db: SandboxDb,
  projectId: number,
  statusId: number,
): { id: number; is_done: number } | undefined {
  return db.get('SELECT id, is_done FROM project_statuses WHERE id = ? AND project_id = ?', [
    statusId,
    projectId,
  ]);
}

export function firstStatusOf(db: SandboxDb, projectId: number): { id: number; is_done: number } | undefined {
  return db.get(
    'SELECT id, is_done FROM project_statuses WHERE project_id = ? ORDER BY position, id LIMIT 1',
    [projectId],
  );
}
