/**
 * Team operations (sprints, members and invitations, projects, workspaces, goals, automations,
 * mind maps): this feature's own routing tables, merged into the app's in listeners/index.ts.
 */

import type { ListenerTables } from '../kit/routes.ts';
import { TEAM_ACTIONS, TEAM_SHORTCUTS, TEAM_VIEWS } from '../ui/ids.ts';
import { automationToggleHandler } from './automations/automation-actions.ts';
import { automationFormSubmittedHandler } from './automations/automations-command.ts';
import { goalAddKeyResultHandler, goalEditHandler } from './goals/goal-actions.ts';
import { goalFormSubmittedHandler, keyResultSubmittedHandler } from './goals/goal-forms.ts';
import { mindMapShowHandler } from './mind-maps/mindmaps-command.ts';
import { threadMindMapSubmittedHandler, threadToMindMapHandler } from './mind-maps/thread-to-mind-map.ts';
import {
  projectConfirmArchiveHandler,
  projectMenuHandler,
  projectNewHandler,
} from './projects/project-actions.ts';
import { projectFormSubmittedHandler } from './projects/project-forms.ts';
import {
  dismissHandler,
  sprintConfirmStartHandler,
  sprintSetDatesHandler,
  sprintShowHandler,
  sprintStartHandler,
} from './sprints/sprint-actions.ts';
import { newSprintSubmittedHandler, startDatesSubmittedHandler } from './sprints/sprint-forms.ts';
import { workspaceFormSubmittedHandler } from './workspaces/workspaces-command.ts';

export const TEAM_ROUTES: ListenerTables = {
  commands: {},
  shortcuts: {
    [TEAM_SHORTCUTS.threadToMindMap]: threadToMindMapHandler,
  },
  views: {
    [TEAM_VIEWS.sprintNew]: newSprintSubmittedHandler,
    [TEAM_VIEWS.sprintStartDates]: startDatesSubmittedHandler,
    [TEAM_VIEWS.projectForm]: projectFormSubmittedHandler,
    [TEAM_VIEWS.workspaceForm]: workspaceFormSubmittedHandler,
    [TEAM_VIEWS.goalForm]: goalFormSubmittedHandler,
    [TEAM_VIEWS.keyResultForm]: keyResultSubmittedHandler,
    [TEAM_VIEWS.automationForm]: automationFormSubmittedHandler,
    [TEAM_VIEWS.threadToMindMap]: threadMindMapSubmittedHandler,
  },
  actions: {
    [TEAM_ACTIONS.sprintStart]: sprintStartHandler,
    [TEAM_ACTIONS.sprintConfirmStart]: sprintConfirmStartHandler,
    [TEAM_ACTIONS.sprintSetDates]: sprintSetDatesHandler,
    [TEAM_ACTIONS.sprintShow]: sprintShowHandler,
    [TEAM_ACTIONS.dismiss]: dismissHandler,
    [TEAM_ACTIONS.projectNew]: projectNewHandler,
    [TEAM_ACTIONS.projectMenu]: projectMenuHandler,
    [TEAM_ACTIONS.projectConfirmArchive]: projectConfirmArchiveHandler,
    [TEAM_ACTIONS.goalEdit]: goalEditHandler,
    [TEAM_ACTIONS.goalAddKeyResult]: goalAddKeyResultHandler,
    [TEAM_ACTIONS.automationToggle]: automationToggleHandler,
    [TEAM_ACTIONS.mindMapShow]: mindMapShowHandler,
  },
  options: {},
  events: {},
};
