/** Which handler answers each `/task` verb. A verb missing here is not offered (help leaves it out). */

import { connectHandler, linkHandler, unlinkHandler } from '../features/account/account-commands.ts';
import { projectHandler } from '../features/account/channel-project-command.ts';
import { newTaskHandler } from '../features/create/new-task-command.ts';
import { DIGEST_VERB_HANDLERS } from '../features/digest/verbs.ts';
import { listHandler } from '../features/lists/list-command.ts';
import { mineHandler } from '../features/lists/mine-command.ts';
import { TASK_VERB_HANDLERS } from '../features/tasks/verbs.ts';
import { TEAM_VERB_HANDLERS } from '../features/team-verbs.ts';
import type { VerbHandlers } from '../kit/verb-handler.ts';

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
