/**
 * Creating a task: `/task new`, the create form (from the command, the Home tab, a failed
 * submission's draft, the shortcuts) and its submission, and the form's project and people pickers.
 * Handlers load on first use (kit/lazy-route.ts).
 */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS, OPTIONS_ACTIONS, SHORTCUTS, VIEWS } from '../../ui/ids.ts';
import { REOPEN_DRAFT_ACTION } from './draft-failure.ts';

const shortcuts = () => import('./create-task-shortcuts.ts');
const buttons = () => import('./open-create-buttons.ts');
const search = () => import('./search-options.ts');

export const CREATE_ROUTES: FeatureRoutes = {
  verbs: {
    new: lazyVerb(async () => (await import('./new-task-command.ts')).newTaskHandler),
  },
  shortcuts: {
    [SHORTCUTS.createTaskFromMessage]: lazyListener(
      async () => (await shortcuts()).createTaskFromMessageHandler,
    ),
    [SHORTCUTS.createTaskGlobal]: lazyListener(async () => (await shortcuts()).createTaskGlobalHandler),
  },
  views: {
    [VIEWS.createTask]: lazyListener(
      async () => (await import('./create-task-submitted.ts')).createTaskSubmittedHandler,
    ),
  },
  actions: {
    [ACTIONS.homeCreateTask]: lazyListener(async () => (await buttons()).openCreateFromHomeHandler),
    [REOPEN_DRAFT_ACTION]: lazyListener(async () => (await buttons()).reopenDraftHandler),
    [ACTIONS.threadTaskEdit]: lazyListener(async () => (await buttons()).openCreateFromThreadHandler),
    [OPTIONS_ACTIONS.project]: lazyListener(
      async () => (await import('./create-form-project.ts')).createFormProjectHandler,
    ),
  },
  options: {
    [OPTIONS_ACTIONS.project]: lazyListener(async () => (await search()).projectOptionsHandler),
    [OPTIONS_ACTIONS.member]: lazyListener(async () => (await search()).memberOptionsHandler),
  },
};
