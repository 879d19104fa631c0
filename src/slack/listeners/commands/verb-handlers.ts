/** Which handler answers each `/task` verb. A verb missing here is not offered (help leaves it out). */
import { DIGEST_VERB_HANDLERS } from '../digest/verbs.ts';
import { TASK_VERB_HANDLERS } from '../tasks/verbs.ts';
import { TEAM_VERB_HANDLERS } from '../team/verbs.ts';
import { connectHandler, linkHandler, unlinkHandler } from './account.ts';
import { listHandler } from './list.ts';
import { mineHandler } from './mine.ts';
import { newTaskHandler } from './new-task.ts';
import { projectHandler } from './project.ts';
import type { VerbHandlers } from './verb-handler-types.ts';

export const VERB_HANDLERS: VerbHandlers = {
  new: newTaskHandler,
  mine: mineHandler,
  list: listHandler,
  project: projectHandler,
  connect: connectHandler,
  link: linkHandler,
  unlink: unlinkHandler,
  ...TASK_VERB_HANDLERS,
  ...TEAM_VERB_HANDLERS,
  ...DIGEST_VERB_HANDLERS,
};
