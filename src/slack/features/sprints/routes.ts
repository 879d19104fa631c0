/**
 * Sprints: `/task sprint`, the new-sprint and start-dates forms, and the sprint card's buttons.
 * Handlers load on first use (kit/lazy-route.ts).
 */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { TEAM_ACTIONS, TEAM_VIEWS } from '../../ui/ids.ts';

const actions = () => import('./sprint-actions.ts');
const forms = () => import('./sprint-forms.ts');

export const SPRINT_ROUTES: FeatureRoutes = {
  verbs: {
    sprint: lazyVerb(async () => (await import('./sprint-command.ts')).sprintHandler),
  },
  views: {
    [TEAM_VIEWS.sprintNew]: lazyListener(async () => (await forms()).newSprintSubmittedHandler),
    [TEAM_VIEWS.sprintStartDates]: lazyListener(async () => (await forms()).startDatesSubmittedHandler),
  },
  actions: {
    [TEAM_ACTIONS.sprintStart]: lazyListener(async () => (await actions()).sprintStartHandler),
    [TEAM_ACTIONS.sprintConfirmStart]: lazyListener(async () => (await actions()).sprintConfirmStartHandler),
    [TEAM_ACTIONS.sprintSetDates]: lazyListener(async () => (await actions()).sprintSetDatesHandler),
    [TEAM_ACTIONS.sprintShow]: lazyListener(async () => (await actions()).sprintShowHandler),
    [TEAM_ACTIONS.dismiss]: lazyListener(async () => (await actions()).dismissHandler),
  },
};
