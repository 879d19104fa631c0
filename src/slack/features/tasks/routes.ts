/**
 * Acting on one task: the task card's buttons and menus, the verbs show, done, assign, due and
 * delete, and the edit and delete forms.
 */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS, VIEWS } from '../../ui/ids.ts';
import { taskAssigneeHandler, taskAssignMeHandler } from './assign-actions.ts';
import { assignHandler } from './assign-command.ts';
import { deleteHandler } from './delete-command.ts';
import { deleteTaskSubmittedHandler } from './delete-submitted.ts';
import { taskDueHandler } from './due-action.ts';
import { dueHandler } from './due-command.ts';
import { editTaskSubmittedHandler } from './edit-submitted.ts';
import { linkButtonHandler } from './link-buttons.ts';
import { taskOverflowHandler } from './overflow-action.ts';
import { taskShareHandler } from './share-action.ts';
import { showHandler } from './show-command.ts';
import { taskDoneHandler, taskStatusHandler, taskUndoHandler } from './status-actions.ts';
import { doneHandler } from './status-commands.ts';

export const TASK_ROUTES: FeatureRoutes = {
  verbs: {
    show: showHandler,
    done: doneHandler,
    assign: assignHandler,
    due: dueHandler,
    delete: deleteHandler,
  },
  views: {
    [VIEWS.editTask]: editTaskSubmittedHandler,
    [VIEWS.deleteTask]: deleteTaskSubmittedHandler,
  },
  actions: {
    [ACTIONS.taskDone]: taskDoneHandler,
    [ACTIONS.taskStatus]: taskStatusHandler,
    [ACTIONS.taskUndo]: taskUndoHandler,
    [ACTIONS.taskAssignMe]: taskAssignMeHandler,
    [ACTIONS.taskAssignee]: taskAssigneeHandler,
    [ACTIONS.taskDue]: taskDueHandler,
    [ACTIONS.taskOverflow]: taskOverflowHandler,
    [ACTIONS.taskShare]: taskShareHandler,
    [ACTIONS.taskOpen]: linkButtonHandler,
    [ACTIONS.openSourceMessage]: linkButtonHandler,
  },
};
