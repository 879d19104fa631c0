/** Service-events settings: the App Home button (admins) and the modal that takes the signing secret. */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS, VIEWS } from '../../ui/ids.ts';
import { openServiceEventsHandler, serviceEventsSubmittedHandler } from './service-events-form.ts';

export const SERVICE_EVENTS_ROUTES: FeatureRoutes = {
  actions: { [ACTIONS.homeServiceEvents]: openServiceEventsHandler },
  views: { [VIEWS.serviceEvents]: serviceEventsSubmittedHandler },
};
