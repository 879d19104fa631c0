/** Sprints: `/task sprint`, the new-sprint and start-dates forms, and the sprint card's buttons. */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { TEAM_ACTIONS, TEAM_VIEWS } from '../../ui/ids.ts';
import {
  dismissHandler,
  sprintConfirmStartHandler,
  sprintSetDatesHandler,
  sprintShowHandler,
  sprintStartHandler,
} from './sprint-actions.ts';
import { sprintHandler } from './sprint-command.ts';
import { newSprintSubmittedHandler, startDatesSubmittedHandler } from './sprint-forms.ts';

export const SPRINT_ROUTES: FeatureRoutes = {
  verbs: {
    sprint: sprintHandler,
  },
  views: {
    [TEAM_VIEWS.sprintNew]: newSprintSubmittedHandler,
    [TEAM_VIEWS.sprintStartDates]: startDatesSubmittedHandler,
  },
  actions: {
    [TEAM_ACTIONS.sprintStart]: sprintStartHandler,
    [TEAM_ACTIONS.sprintConfirmStart]: sprintConfirmStartHandler,
    [TEAM_ACTIONS.sprintSetDates]: sprintSetDatesHandler,
    [TEAM_ACTIONS.sprintShow]: sprintShowHandler,
    [TEAM_ACTIONS.dismiss]: dismissHandler,
  },
};
