/** `/task` verbs that act on one task (show, done, assign, due, delete). */
import type { VerbHandlers } from '../commands/verb-handler-types.ts';

export const TASK_VERB_HANDLERS: VerbHandlers = {};
