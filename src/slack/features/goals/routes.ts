/** Goals: `/task goals`, `/task goal new`, the goal and key-result forms and the goal card's buttons. */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { TEAM_ACTIONS, TEAM_VIEWS } from '../../ui/ids.ts';
import { goalAddKeyResultHandler, goalEditHandler } from './goal-actions.ts';
import { goalFormSubmittedHandler, keyResultSubmittedHandler } from './goal-forms.ts';
import { goalHandler, goalsHandler } from './goals-command.ts';

export const GOAL_ROUTES: FeatureRoutes = {
  verbs: {
    goals: goalsHandler,
    goal: goalHandler,
  },
  views: {
    [TEAM_VIEWS.goalForm]: goalFormSubmittedHandler,
    [TEAM_VIEWS.keyResultForm]: keyResultSubmittedHandler,
  },
  actions: {
    [TEAM_ACTIONS.goalEdit]: goalEditHandler,
    [TEAM_ACTIONS.goalAddKeyResult]: goalAddKeyResultHandler,
  },
};
