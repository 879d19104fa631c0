/**
 * Channel notifications: `/task subscribe`, `unsubscribe`, `subscriptions`, the subscribe form,
 * the list's Edit and Remove, and the Home tab's direct-message switches. Events themselves arrive
 * at `deps.projectEvents` (services/notifications), not through Slack.
 */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { NOTIFY_ACTIONS, NOTIFY_VIEWS } from '../../ui/ids.ts';
import { homeAssignedSwitchHandler, homeDueSwitchHandler } from './home-switches.ts';
import { subscriptionEditHandler, subscriptionRemoveHandler } from './list-actions.ts';
import { subscribeHandler, subscriptionsHandler, unsubscribeHandler } from './subscribe-command.ts';
import { subscribeFormSubmittedHandler } from './subscribe-form-submitted.ts';

export const NOTIFICATION_ROUTES: FeatureRoutes = {
  verbs: {
    subscribe: subscribeHandler,
    unsubscribe: unsubscribeHandler,
    subscriptions: subscriptionsHandler,
  },
  views: {
    [NOTIFY_VIEWS.form]: subscribeFormSubmittedHandler,
  },
  actions: {
    [NOTIFY_ACTIONS.edit]: subscriptionEditHandler,
    [NOTIFY_ACTIONS.remove]: subscriptionRemoveHandler,
    [NOTIFY_ACTIONS.homeAssigned]: homeAssignedSwitchHandler,
    [NOTIFY_ACTIONS.homeDue]: homeDueSwitchHandler,
  },
};
