/** Automations: `/task automations`, the automation form and the on/off toggle (loaded on first use). */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { TEAM_ACTIONS, TEAM_VIEWS } from '../../ui/ids.ts';

const command = () => import('./automations-command.ts');

export const AUTOMATION_ROUTES: FeatureRoutes = {
  verbs: {
    automations: lazyVerb(async () => (await command()).automationsHandler),
  },
  views: {
    [TEAM_VIEWS.automationForm]: lazyListener(async () => (await command()).automationFormSubmittedHandler),
  },
  actions: {
    [TEAM_ACTIONS.automationToggle]: lazyListener(
      async () => (await import('./automation-actions.ts')).automationToggleHandler,
    ),
  },
};
