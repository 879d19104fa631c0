/**
 * Service-events settings: the App Home button (admins), the modal that takes the signing secret,
 * and its stop button. Handlers load on first use (kit/lazy-route.ts).
 */
import { lazyListener } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS, VIEWS } from '../../ui/ids.ts';

const form = () => import('./service-events-form.ts');

export const SERVICE_EVENTS_ROUTES: FeatureRoutes = {
  actions: {
    [ACTIONS.homeServiceEvents]: lazyListener(async () => (await form()).openServiceEventsHandler),
    [ACTIONS.serviceEventsStop]: lazyListener(async () => (await form()).stopServiceEventsHandler),
  },
  views: { [VIEWS.serviceEvents]: lazyListener(async () => (await form()).serviceEventsSubmittedHandler) },
};
