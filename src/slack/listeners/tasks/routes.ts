/**
 * Acting on tasks (cards, task verbs, the edit form, unfurls): this feature's own routing tables,
 * merged into the app's in listeners/index.ts.
 */
import type { ListenerTables } from '../listener-tables.ts';

export const TASK_ROUTES: ListenerTables = {
  commands: {},
  shortcuts: {},
  views: {},
  actions: {},
  options: {},
  events: {},
};
