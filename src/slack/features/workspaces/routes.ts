/** Workspaces of the service: `/task workspaces` and its form (loaded on first use). */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { TEAM_VIEWS } from '../../ui/ids.ts';

const command = () => import('./workspaces-command.ts');

export const WORKSPACE_ROUTES: FeatureRoutes = {
  verbs: {
    workspaces: lazyVerb(async () => (await command()).workspacesHandler),
  },
  views: {
    [TEAM_VIEWS.workspaceForm]: lazyListener(async () => (await command()).workspaceFormSubmittedHandler),
  },
};
