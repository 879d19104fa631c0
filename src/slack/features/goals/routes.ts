/**
 * Goals: `/task goals`, `/task goal new`, the goal and key-result forms and the goal card's buttons.
 * Handlers load on first use (kit/lazy-route.ts).
 */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { TEAM_ACTIONS, TEAM_VIEWS } from '../../ui/ids.ts';

const actions = () => import('./goal-actions.ts');
const forms = () => import('./goal-forms.ts');
const command = () => import('./goals-command.ts');

export const GOAL_ROUTES: FeatureRoutes = {
  verbs: {
    goals: lazyVerb(async () => (await command()).goalsHandler),
    goal: lazyVerb(async () => (await command()).goalHandler),
  },
  views: {
    [TEAM_VIEWS.goalForm]: lazyListener(async () => (await forms()).goalFormSubmittedHandler),
    [TEAM_VIEWS.keyResultForm]: lazyListener(async () => (await forms()).keyResultSubmittedHandler),
  },
  actions: {
    [TEAM_ACTIONS.goalEdit]: lazyListener(async () => (await actions()).goalEditHandler),
    [TEAM_ACTIONS.goalAddKeyResult]: lazyListener(async () => (await actions()).goalAddKeyResultHandler),
  },
};
