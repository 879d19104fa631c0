/** Workspaces of the service: `/task workspaces` and its form. */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { TEAM_VIEWS } from '../../ui/ids.ts';
import { workspaceFormSubmittedHandler, workspacesHandler } from './workspaces-command.ts';

export const WORKSPACE_ROUTES: FeatureRoutes = {
  verbs: {
    workspaces: workspacesHandler,
  },
  views: {
    [TEAM_VIEWS.workspaceForm]: workspaceFormSubmittedHandler,
  },
};
