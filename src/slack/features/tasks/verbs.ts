/** `/task` verbs that act on one task (show, done, assign, due, delete). */
import type { VerbHandlers } from '../../kit/verb-handler.ts';
import { assignHandler } from './assign-command.ts';
import { deleteHandler } from './delete-command.ts';
import { dueHandler } from './due-command.ts';
import { showHandler } from './show-command.ts';
import { doneHandler } from './status-commands.ts';

export const TASK_VERB_HANDLERS: VerbHandlers = {
  show: showHandler,
  done: doneHandler,
  assign: assignHandler,
  due: dueHandler,
  delete: deleteHandler,
};
