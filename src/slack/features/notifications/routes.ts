/**
 * Channel notifications: `/task subscribe`, `unsubscribe`, `subscriptions`, the subscribe form,
 * the list's Edit and Remove, and the Home tab's direct-message switches. Events themselves arrive
 * at `deps.projectEvents` (the engine in src/notify), not through Slack. Handlers load on first use
 * (kit/lazy-route.ts).
 */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { NOTIFY_ACTIONS, NOTIFY_VIEWS } from '../../ui/ids.ts';

const command = () => import('./subscribe-command.ts');
const listActions = () => import('./list-actions.ts');
const switches = () => import('./home-switches.ts');

export const NOTIFICATION_ROUTES: FeatureRoutes = {
  verbs: {
    subscribe: lazyVerb(async () => (await command()).subscribeHandler),
    unsubscribe: lazyVerb(async () => (await command()).unsubscribeHandler),
    subscriptions: lazyVerb(async () => (await command()).subscriptionsHandler),
  },
  views: {
    [NOTIFY_VIEWS.form]: lazyListener(
      async () => (await import('./subscribe-form-submitted.ts')).subscribeFormSubmittedHandler,
    ),
  },
  actions: {
    [NOTIFY_ACTIONS.edit]: lazyListener(async () => (await listActions()).subscriptionEditHandler),
    [NOTIFY_ACTIONS.remove]: lazyListener(async () => (await listActions()).subscriptionRemoveHandler),
    [NOTIFY_ACTIONS.homeAssigned]: lazyListener(async () => (await switches()).homeAssignedSwitchHandler),
    [NOTIFY_ACTIONS.homeDue]: lazyListener(async () => (await switches()).homeDueSwitchHandler),
  },
};
