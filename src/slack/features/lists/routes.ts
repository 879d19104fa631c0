/** Lists of tasks: `/task mine`, `/task list`, their Previous/Next buttons and a row's Done button. */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS } from '../../ui/ids.ts';
import { listHandler } from './list-command.ts';
import { taskListDoneHandler } from './list-done-action.ts';
import { listPagingHandler } from './list-paging.ts';
import { mineHandler } from './mine-command.ts';

export const LIST_ROUTES: FeatureRoutes = {
  verbs: {
    mine: mineHandler,
    list: listHandler,
  },
  actions: {
    [ACTIONS.listPrevious]: listPagingHandler,
    [ACTIONS.listNext]: listPagingHandler,
    [ACTIONS.taskListDone]: taskListDoneHandler,
  },
};
