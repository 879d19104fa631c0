/** `/task` verbs of team operations (sprints, members, projects, goals, automations, mind maps). */
import type { VerbHandlers } from '../commands/verb-handler-types.ts';
import { automationsHandler } from './automations-command.ts';
import { goalHandler, goalsHandler } from './goals-command.ts';
import { inviteHandler, membersHandler, roleHandler } from './members-command.ts';
import { mindMapsHandler } from './mindmaps-command.ts';
import { projectsHandler } from './projects-command.ts';
import { sprintHandler } from './sprint-command.ts';
import { workspacesHandler } from './workspaces-command.ts';

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
