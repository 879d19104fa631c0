/** Service-events settings: the App Home button (admins), the modal that takes the signing secret, and its stop button. */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS, VIEWS } from '../../ui/ids.ts';
import {
  openServiceEventsHandler,
  serviceEventsSubmittedHandler,
  stopServiceEventsHandler,
} from './service-events-form.ts';

export const SERVICE_EVENTS_ROUTES: FeatureRoutes = {
  actions: {
    [ACTIONS.homeServiceEvents]: openServiceEventsHandler,
    [ACTIONS.serviceEventsStop]: stopServiceEventsHandler,
  },
  views: { [VIEWS.serviceEvents]: serviceEventsSubmittedHandler },
};
