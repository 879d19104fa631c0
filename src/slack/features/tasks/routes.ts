/**
 * Tasks: the card's buttons and menus, the verbs show, done, assign, due and delete, the edit and
 * delete forms, and the lists of tasks (`/task mine`, `/task list`, their Previous/Next buttons and
 * a row's Done). Handlers load on first use (kit/lazy-route.ts).
 */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS, VIEWS } from '../../ui/ids.ts';

const assign = () => import('./assign-actions.ts');
const status = () => import('./status-actions.ts');
const links = () => import('./link-buttons.ts');
const paging = () => import('./list-paging.ts');

export const TASK_ROUTES: FeatureRoutes = {
  verbs: {
    show: lazyVerb(async () => (await import('./show-command.ts')).showHandler),
    done: lazyVerb(async () => (await import('./status-commands.ts')).doneHandler),
    assign: lazyVerb(async () => (await import('./assign-command.ts')).assignHandler),
    due: lazyVerb(async () => (await import('./due-command.ts')).dueHandler),
    delete: lazyVerb(async () => (await import('./delete-command.ts')).deleteHandler),
    mine: lazyVerb(async () => (await import('./mine-command.ts')).mineHandler),
    list: lazyVerb(async () => (await import('./list-command.ts')).listHandler),
  },
  views: {
    [VIEWS.editTask]: lazyListener(
      async () => (await import('./edit-submitted.ts')).editTaskSubmittedHandler,
    ),
    [VIEWS.deleteTask]: lazyListener(
      async () => (await import('./delete-submitted.ts')).deleteTaskSubmittedHandler,
    ),
  },
  actions: {
    [ACTIONS.listPrevious]: lazyListener(async () => (await paging()).listPagingHandler),
    [ACTIONS.listNext]: lazyListener(async () => (await paging()).listPagingHandler),
    [ACTIONS.taskListDone]: lazyListener(
      async () => (await import('./list-done-action.ts')).taskListDoneHandler,
    ),
    [ACTIONS.taskDone]: lazyListener(async () => (await status()).taskDoneHandler),
    [ACTIONS.taskStatus]: lazyListener(async () => (await status()).taskStatusHandler),
    [ACTIONS.taskUndo]: lazyListener(async () => (await status()).taskUndoHandler),
    [ACTIONS.taskAssignMe]: lazyListener(async () => (await assign()).taskAssignMeHandler),
    [ACTIONS.taskAssignee]: lazyListener(async () => (await assign()).taskAssigneeHandler),
    [ACTIONS.taskDue]: lazyListener(async () => (await import('./due-action.ts')).taskDueHandler),
    [ACTIONS.taskOverflow]: lazyListener(
      async () => (await import('./overflow-action.ts')).taskOverflowHandler,
    ),
    [ACTIONS.taskShare]: lazyListener(async () => (await import('./share-action.ts')).taskShareHandler),
    [ACTIONS.taskOpen]: lazyListener(async () => (await links()).linkButtonHandler),
    [ACTIONS.openSourceMessage]: lazyListener(async () => (await links()).linkButtonHandler),
  },
};
