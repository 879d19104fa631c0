/**
 * Team operations (sprints, members and invitations, projects, workspaces, goals, automations,
 * mind maps): this feature's own routing tables, merged into the app's in listeners/index.ts.
 */
import type { ListenerTables } from '../listener-tables.ts';

export const TEAM_ROUTES: ListenerTables = {
  commands: {},
  shortcuts: {},
  views: {},
  actions: {},
  options: {},
  events: {},
};
