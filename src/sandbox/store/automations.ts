import type { Automation } from '../../contract/index.ts';
import type { SandboxDb } from '../db/sandbox-db.ts';

interface AutomationRow {
  id: number;
  project_id: number;
  name: string;
  is_active: number;
  trigger_type: Automation['trigger']['type'];
  trigger_config: string;
  conditions: string;
  actions: string;
  runs_count: number;
  last_run_at: string | null;
}

const AUTOMATION_COLUMNS =
  'a.id, a.project_id, a.name, a.is_active, a.trigger_type, a.trigger_config, a.conditions, a.actions, a.runs_count, a.last_run_at';

function toAutomation(row: AutomationRow): Automation {
  return {
    id: row.id,
    project_id: row.project_id,
    name: row.name,
    is_active: row.is_active === 1,
    trigger: { type: row.trigger_type, config: JSON.parse(row.trigger_config) as Record<string, unknown> },
    conditions: JSON.parse(row.conditions) as Automation['conditions'],
    actions: JSON.parse(row.actions) as Automation['actions'],
    runs_count: row.runs_count,
    last_run_at: row.last_run_at,
  };
}

export function getAutomation(db: SandboxDb, id: number): Automation | undefined {
  const row = db.get<AutomationRow>(`SELECT ${AUTOMATION_COLUMNS} FROM automations a WHERE a.id = ?`, [id]);
  return row && toAutomation(row);
}

/** Automations of the given projects (already narrowed to what the caller may see). */
export function listAutomations(db: SandboxDb, projectIds: readonly number[]): Automation[] {
  return db
    .all<AutomationRow>(
      `SELECT ${AUTOMATION_COLUMNS} FROM automations a
        WHERE a.project_id IN (SELECT value FROM json_each(?)) ORDER BY a.id`,
      [JSON.stringify(projectIds)],
    )
    .map(toAutomation);
}

export function insertAutomation(
  db: SandboxDb,
  values: Omit<Automation, 'id' | 'runs_count' | 'last_run_at'> & { now: string },
): number {
  return db.run(
    `INSERT INTO automations (project_id, name, is_active, trigger_type, trigger_config, conditions, actions,
                              runs_count, last_run_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 0, NULL, ?)`,
    [
      values.project_id,
      values.name,
      values.is_active ? 1 : 0,
      values.trigger.type,
      JSON.stringify(values.trigger.config),
      JSON.stringify(values.conditions),
      JSON.stringify(values.actions),
      values.now,
    ],
  ).lastInsertRowid;
}

export function setAutomationActive(db: SandboxDb, id: number, active: boolean): void {
  db.run('UPDATE automations SET is_active = ? WHERE id = ?', [active ? 1 : 0, id]);
}

/** Counts a run of every active automation of the project listening for `trigger`. */
export function recordAutomationRuns(
  db: SandboxDb,
  projectId: number,
  trigger: Automation['trigger']['type'],
  now: string,
): void {
  db.run(
    `UPDATE automations SET runs_count = runs_count + 1, last_run_at = ?
      WHERE project_id = ? AND trigger_type = ? AND is_active = 1`,
    [now, projectId, trigger],
  );
}
