/** Automations: `/task automations`, the automation form and the on/off toggle. */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { TEAM_ACTIONS, TEAM_VIEWS } from '../../ui/ids.ts';
import { automationToggleHandler } from './automation-actions.ts';
import { automationFormSubmittedHandler, automationsHandler } from './automations-command.ts';

export const AUTOMATION_ROUTES: FeatureRoutes = {
  verbs: {
    automations: automationsHandler,
  },
  views: {
    [TEAM_VIEWS.automationForm]: automationFormSubmittedHandler,
  },
  actions: {
    [TEAM_ACTIONS.automationToggle]: automationToggleHandler,
  },
};
