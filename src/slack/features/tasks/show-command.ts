/** `/task show ID`: the task's card, for the person alone, with "Share in channel". */

import type { TaskRecord } from '../../../api/index.ts';
import { NotFoundError } from '../../../api/index.ts';
import type { ShowIntent } from '../../commands/intents.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { readTask } from '../../services/task-read.ts';
import { cardModelFor, missingTaskText, respondWithCard } from './command-support.ts';

export async function showHandler(ctx: CommandContext, intent: ShowIntent): Promise<void> {
  const api = await ctx.api();
  let task: TaskRecord;
  try {
    task = await readTask(ctx.deps, ctx.teamId, api, intent.taskId);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    await ctx.respond({
      response_type: 'ephemeral',
      text: await missingTaskText(ctx, api, intent.taskId),
    });
    return;
  }
  await respondWithCard(ctx, await cardModelFor(ctx, api, task));
}
