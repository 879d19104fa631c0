/**
 * The Home tab (published when opened, refreshed and unlinked in place) and the workspace leaving.
 * Handlers load on first use (kit/lazy-route.ts).
 */
import { lazyListener } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS } from '../../ui/ids.ts';

const actions = () => import('./home-actions.ts');
const events = () => import('./home-and-install.ts');

export const HOME_ROUTES: FeatureRoutes = {
  actions: {
    [ACTIONS.homeUnlink]: lazyListener(async () => (await actions()).homeUnlinkHandler),
    [ACTIONS.homeRefresh]: lazyListener(async () => (await actions()).homeRefreshHandler),
  },
  events: {
    app_home_opened: lazyListener(async () => (await events()).appHomeOpenedHandler),
    app_uninstalled: lazyListener(async () => (await events()).workspaceLeftHandler),
    tokens_revoked: lazyListener(async () => (await events()).workspaceLeftHandler),
  },
};
