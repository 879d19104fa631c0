/** Task links shared in a channel unfurl into cards (the handler loads on first use). */
import { lazyListener } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';

export const UNFURL_ROUTES: FeatureRoutes = {
  events: {
    link_shared: lazyListener(async () => (await import('./link-shared.ts')).linkSharedHandler),
  },
};
