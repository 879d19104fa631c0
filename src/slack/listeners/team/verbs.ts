/** `/task` verbs of team operations (sprints, members, projects, goals, automations, mind maps). */
import type { VerbHandlers } from '../commands/verb-handler-types.ts';

export const TEAM_VERB_HANDLERS: VerbHandlers = {};
