/** `/task` verbs of team operations (sprints, members, projects, goals, automations, mind maps). */
import type { VerbHandlers } from '../kit/verb-handler.ts';
import { automationsHandler } from './automations/automations-command.ts';
import { goalHandler, goalsHandler } from './goals/goals-command.ts';
import { inviteHandler, membersHandler, roleHandler } from './members/members-command.ts';
import { mindMapsHandler } from './mind-maps/mindmaps-command.ts';
import { projectsHandler } from './projects/projects-command.ts';
import { sprintHandler } from './sprints/sprint-command.ts';
import { workspacesHandler } from './workspaces/workspaces-command.ts';

export const TEAM_VERB_HANDLERS: VerbHandlers = {
  sprint: sprintHandler,
  members: membersHandler,
  invite: inviteHandler,
  role: roleHandler,
  projects: projectsHandler,
  workspaces: workspacesHandler,
  goals: goalsHandler,
  goal: goalHandler,
  automations: automationsHandler,
  mindmaps: mindMapsHandler,
};
