/** Task links shared in a channel unfurl into cards. */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { linkSharedHandler } from './link-shared.ts';

export const UNFURL_ROUTES: FeatureRoutes = {
  events: {
    link_shared: linkSharedHandler,
  },
};
