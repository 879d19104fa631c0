/** The Home tab (published when opened, refreshed and unlinked in place) and the workspace leaving. */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS } from '../../ui/ids.ts';
import { homeRefreshHandler, homeUnlinkHandler } from './home-actions.ts';
import { appHomeOpenedHandler, workspaceLeftHandler } from './home-and-install.ts';

export const HOME_ROUTES: FeatureRoutes = {
  actions: {
    [ACTIONS.homeUnlink]: homeUnlinkHandler,
    [ACTIONS.homeRefresh]: homeRefreshHandler,
  },
  events: {
    app_home_opened: appHomeOpenedHandler,
    app_uninstalled: workspaceLeftHandler,
    tokens_revoked: workspaceLeftHandler,
  },
};
