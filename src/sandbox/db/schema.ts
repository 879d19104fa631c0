/**
 * The sandbox's tables. Timestamps are stored as the API prints them (ISO 8601, UTC, milliseconds,
 * `Z`), so text order is time order and range filters compare strings. JSON columns hold what the
 * API treats as opaque (workspace settings, automation rules, a mind map's tree). Ids are
 * AUTOINCREMENT so that an id is never reused after a delete.
 */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS members (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE
) STRICT;

CREATE TABLE IF NOT EXISTS workspaces (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  settings TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS workspace_members (
  workspace_id INTEGER NOT NULL REFERENCES workspaces(id),
  member_id INTEGER NOT NULL REFERENCES members(id),
  role TEXT NOT NULL,
  PRIMARY KEY (workspace_id, member_id)
) STRICT;
CREATE INDEX IF NOT EXISTS workspace_members_by_member ON workspace_members(member_id);

CREATE TABLE IF NOT EXISTS tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  member_id INTEGER NOT NULL REFERENCES members(id),
  created_at TEXT NOT NULL,
  last_used_at TEXT
) STRICT;

CREATE TABLE IF NOT EXISTS projects (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_id INTEGER NOT NULL REFERENCES workspaces(id),
  name TEXT NOT NULL,
  description TEXT,
  color TEXT,
  status TEXT NOT NULL,
  archived_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS projects_by_workspace ON projects(workspace_id);

CREATE TABLE IF NOT EXISTS project_statuses (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects(id),
  name TEXT NOT NULL,
  color TEXT NOT NULL,
  is_done INTEGER NOT NULL,
  position INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS project_statuses_by_project ON project_statuses(project_id, position);

CREATE TABLE IF NOT EXISTS project_members (
  project_id INTEGER NOT NULL REFERENCES projects(id),
  member_id INTEGER NOT NULL REFERENCES members(id),
  role TEXT NOT NULL,
  PRIMARY KEY (project_id, member_id)
) STRICT;
CREATE INDEX IF NOT EXISTS project_members_by_member ON project_members(member_id);

CREATE TABLE IF NOT EXISTS invitations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects(id),
  email TEXT NOT NULL,
  role TEXT NOT NULL,
  status TEXT NOT NULL,
  invited_by INTEGER REFERENCES members(id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS invitations_by_project_email ON invitations(project_id, email);

CREATE TABLE IF NOT EXISTS sprints (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects(id),
  name TEXT NOT NULL,
  goal TEXT,
  status TEXT NOT NULL,
  start_date TEXT,
  end_date TEXT,
  started_at TEXT,
  completed_at TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS sprints_by_project ON sprints(project_id, status);

CREATE TABLE IF NOT EXISTS tasks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects(id),
  title TEXT NOT NULL,
  description TEXT,
  status_id INTEGER NOT NULL REFERENCES project_statuses(id),
  due_date TEXT,
  priority TEXT NOT NULL,
  sprint_id INTEGER REFERENCES sprints(id),
  creator_id INTEGER REFERENCES members(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- when the task last entered a done status: the sprint report's burndown reads it
  completed_at TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS tasks_by_project ON tasks(project_id, id);
CREATE INDEX IF NOT EXISTS tasks_by_due_date ON tasks(due_date);
CREATE INDEX IF NOT EXISTS tasks_by_sprint ON tasks(sprint_id);
CREATE INDEX IF NOT EXISTS tasks_by_status ON tasks(status_id);

CREATE TABLE IF NOT EXISTS task_assignees (
  task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  member_id INTEGER NOT NULL REFERENCES members(id),
  position INTEGER NOT NULL,
  PRIMARY KEY (task_id, member_id)
) STRICT;
CREATE INDEX IF NOT EXISTS task_assignees_by_member ON task_assignees(member_id, task_id);

CREATE TABLE IF NOT EXISTS mind_maps (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects(id),
  title TEXT NOT NULL,
  root TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS mind_maps_by_project ON mind_maps(project_id);

CREATE TABLE IF NOT EXISTS goals (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_id INTEGER NOT NULL REFERENCES workspaces(id),
  project_id INTEGER REFERENCES projects(id),
  title TEXT NOT NULL,
  description TEXT,
  owner_id INTEGER REFERENCES members(id),
  start_date TEXT,
  due_date TEXT,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS goals_by_workspace ON goals(workspace_id);

CREATE TABLE IF NOT EXISTS targets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  goal_id INTEGER NOT NULL REFERENCES goals(id),
  title TEXT NOT NULL,
  type TEXT NOT NULL,
  start_value REAL NOT NULL,
  current_value REAL NOT NULL,
  target_value REAL NOT NULL,
  unit TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS targets_by_goal ON targets(goal_id);

CREATE TABLE IF NOT EXISTS automations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects(id),
  name TEXT NOT NULL,
  is_active INTEGER NOT NULL,
  trigger_type TEXT NOT NULL,
  trigger_config TEXT NOT NULL,
  conditions TEXT NOT NULL,
  actions TEXT NOT NULL,
  runs_count INTEGER NOT NULL DEFAULT 0,
  last_run_at TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS automations_by_project ON automations(project_id);

-- Webhook registrations (by the CLI or the control route; the spec shows no endpoint). A reset keeps
-- them, so a registered app goes on receiving events after the demo data is seeded again.
CREATE TABLE IF NOT EXISTS webhooks (
  id TEXT PRIMARY KEY,
  url TEXT NOT NULL,
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;

-- One row per event per webhook; a retry updates its row and keeps its id (the webhook-id header).
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id TEXT PRIMARY KEY,
  webhook_id TEXT NOT NULL,
  event TEXT NOT NULL,
  payload TEXT NOT NULL,
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_status INTEGER,
  last_error TEXT,
  next_attempt_at TEXT,
  -- Every attempt: [{at, status, error, retry_in_ms}], so the backoff can be read afterwards.
  attempt_log TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  delivered_at TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS webhook_deliveries_by_webhook ON webhook_deliveries(webhook_id);
`;

/** Every table, children before parents, so that emptying them in this order respects the foreign keys. */
export const TABLES = [
  'webhook_deliveries',
  'task_assignees',
  'tasks',
  'targets',
  'goals',
  'automations',
  'mind_maps',
  'sprints',
  'invitations',
  'project_members',
  'project_statuses',
  'projects',
  'tokens',
  'workspace_members',
  'workspaces',
  'members',
] as const;
