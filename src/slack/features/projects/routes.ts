/** Projects: `/task projects`, the project form, and the list's New, menu and archive buttons. */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { TEAM_ACTIONS, TEAM_VIEWS } from '../../ui/ids.ts';
import { projectConfirmArchiveHandler, projectMenuHandler, projectNewHandler } from './project-actions.ts';
import { projectFormSubmittedHandler } from './project-forms.ts';
import { projectsHandler } from './projects-command.ts';

export const PROJECT_ROUTES: FeatureRoutes = {
  verbs: {
    projects: projectsHandler,
  },
  views: {
    [TEAM_VIEWS.projectForm]: projectFormSubmittedHandler,
  },
  actions: {
    [TEAM_ACTIONS.projectNew]: projectNewHandler,
    [TEAM_ACTIONS.projectMenu]: projectMenuHandler,
    [TEAM_ACTIONS.projectConfirmArchive]: projectConfirmArchiveHandler,
  },
};
