/**
 * Projects: `/task projects`, the project form, and the list's New, menu and archive buttons.
 * Handlers load on first use (kit/lazy-route.ts).
 */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { TEAM_ACTIONS, TEAM_VIEWS } from '../../ui/ids.ts';

const actions = () => import('./project-actions.ts');

export const PROJECT_ROUTES: FeatureRoutes = {
  verbs: {
    projects: lazyVerb(async () => (await import('./projects-command.ts')).projectsHandler),
  },
  views: {
    [TEAM_VIEWS.projectForm]: lazyListener(
      async () => (await import('./project-forms.ts')).projectFormSubmittedHandler,
    ),
  },
  actions: {
    [TEAM_ACTIONS.projectNew]: lazyListener(async () => (await actions()).projectNewHandler),
    [TEAM_ACTIONS.projectMenu]: lazyListener(async () => (await actions()).projectMenuHandler),
    [TEAM_ACTIONS.projectConfirmArchive]: lazyListener(
      async () => (await actions()).projectConfirmArchiveHandler,
    ),
  },
};
