/** Which handler answers each `/task` verb. A verb missing here is not offered (help leaves it out). */
import type { TaskIntent } from '../../commands/intents.ts';
import { connectHandler, linkHandler, unlinkHandler } from './account.ts';
import type { CommandContext } from './command-context.ts';
import { listHandler } from './list.ts';
import { mineHandler } from './mine.ts';
import { newTaskHandler } from './new-task.ts';
import { projectHandler } from './project.ts';

type Handler<V extends TaskIntent['verb']> = (
  ctx: CommandContext,
  intent: Extract<TaskIntent, { verb: V }>,
) => Promise<void>;

export const VERB_HANDLERS: { [V in Exclude<TaskIntent['verb'], 'help'>]?: Handler<V> } & { help?: never } = {
  new: newTaskHandler,
  mine: mineHandler,
  list: listHandler,
  project: projectHandler,
  connect: connectHandler,
  link: linkHandler,
  unlink: unlinkHandler,
};
