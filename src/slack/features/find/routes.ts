/**
 * Find: `/task find` over the connection's task view, and the task typeahead (an external select
 * whose options come from the same view). Handlers load on first use (kit/lazy-route.ts).
 */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS, OPTIONS_ACTIONS } from '../../ui/ids.ts';

const pick = () => import('./task-pick.ts');

export const FIND_ROUTES: FeatureRoutes = {
  verbs: {
    find: lazyVerb(async () => (await import('./find-command.ts')).findHandler),
  },
  actions: {
    [ACTIONS.findTaskPick]: lazyListener(async () => (await pick()).taskPickedHandler),
  },
  options: {
    [OPTIONS_ACTIONS.task]: lazyListener(async () => (await pick()).taskOptionsHandler),
  },
};
