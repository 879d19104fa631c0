/**
 * Lists of tasks: `/task mine`, `/task list`, their Previous/Next buttons and a row's Done button.
 * Handlers load on first use (kit/lazy-route.ts).
 */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS } from '../../ui/ids.ts';

const paging = () => import('./list-paging.ts');

export const LIST_ROUTES: FeatureRoutes = {
  verbs: {
    mine: lazyVerb(async () => (await import('./mine-command.ts')).mineHandler),
    list: lazyVerb(async () => (await import('./list-command.ts')).listHandler),
  },
  actions: {
    [ACTIONS.listPrevious]: lazyListener(async () => (await paging()).listPagingHandler),
    [ACTIONS.listNext]: lazyListener(async () => (await paging()).listPagingHandler),
    [ACTIONS.taskListDone]: lazyListener(
      async () => (await import('./list-done-action.ts')).taskListDoneHandler,
    ),
  },
};
