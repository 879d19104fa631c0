/**
 * Acting on tasks (cards, task verbs, the edit and delete forms, unfurls): this feature's own
 * routing tables, merged into the app's in listeners/index.ts.
 */

import type { ListenerTables } from '../../kit/routes.ts';
import { ACTIONS, VIEWS } from '../../ui/ids.ts';
import { taskListDoneHandler } from '../lists/list-done-action.ts';
import { taskAssigneeHandler, taskAssignMeHandler } from './assign-actions.ts';
import { deleteTaskSubmittedHandler } from './delete-submitted.ts';
import { taskDueHandler } from './due-action.ts';
import { editTaskSubmittedHandler } from './edit-submitted.ts';
import { taskOverflowHandler } from './overflow-action.ts';
import { taskShareHandler } from './share-action.ts';
import { taskDoneHandler, taskStatusHandler, taskUndoHandler } from './status-actions.ts';

export const TASK_ROUTES: ListenerTables = {
  commands: {},
  shortcuts: {},
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
    [ACTIONS.taskListDone]: taskListDoneHandler,
  },
  options: {},
  events: {},
};
