/** Work Objects: a task's flexpane, opened from its card or unfurl, and the edits saved in it. */
import { lazyListener } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { VIEWS } from '../../ui/ids.ts';

export const WORK_OBJECT_ROUTES: FeatureRoutes = {
  events: {
    entity_details_requested: lazyListener(
      async () => (await import('./entity-details.ts')).entityDetailsHandler,
    ),
  },
  views: {
    [VIEWS.entityDetail]: lazyListener(async () => (await import('./entity-edit.ts')).entityEditHandler),
  },
};
