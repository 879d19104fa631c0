/**
 * Creating a task: `/task new`, the create form (from the command, the Home tab, a failed
 * submission's draft, the shortcuts) and its submission, and the form's project and people pickers.
 */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS, OPTIONS_ACTIONS, SHORTCUTS, VIEWS } from '../../ui/ids.ts';
import { REOPEN_DRAFT_ACTION } from '../../ui/messages/draft-failure.ts';
import { createFormProjectHandler } from './create-form-project.ts';
import { createTaskFromMessageHandler, createTaskGlobalHandler } from './create-task-shortcuts.ts';
import { createTaskSubmittedHandler } from './create-task-submitted.ts';
import { newTaskHandler } from './new-task-command.ts';
import { openCreateFromHomeHandler, reopenDraftHandler } from './open-create-buttons.ts';
import { memberOptionsHandler, projectOptionsHandler } from './search-options.ts';

export const CREATE_ROUTES: FeatureRoutes = {
  verbs: {
    new: newTaskHandler,
  },
  shortcuts: {
    [SHORTCUTS.createTaskFromMessage]: createTaskFromMessageHandler,
    [SHORTCUTS.createTaskGlobal]: createTaskGlobalHandler,
  },
  views: {
    [VIEWS.createTask]: createTaskSubmittedHandler,
  },
  actions: {
    [ACTIONS.homeCreateTask]: openCreateFromHomeHandler,
    [REOPEN_DRAFT_ACTION]: reopenDraftHandler,
    [OPTIONS_ACTIONS.project]: createFormProjectHandler,
  },
  options: {
    [OPTIONS_ACTIONS.project]: projectOptionsHandler,
    [OPTIONS_ACTIONS.member]: memberOptionsHandler,
  },
};
