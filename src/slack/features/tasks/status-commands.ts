/** `/task done ID`: to the project's done status, answered with the card and an Undo for a minute. */
import type { DoneIntent } from '../../commands/intents.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { markTaskDone } from '../../services/task-changes.ts';
import { afterChange } from '../../services/task-refusal.ts';
import { actOnTask, cardModelFor } from './command-support.ts';
import { alreadyNote, statusChangeDone, statusChangeNotice } from './status-actions.ts';

export async function doneHandler(ctx: CommandContext, intent: DoneIntent): Promise<void> {
  await actOnTask(ctx, intent.taskId, async ({ api }) => {
    const change = await markTaskDone(api, intent.taskId);
    const model = await afterChange(statusChangeDone(change), 'The card could not be drawn', () =>
      cardModelFor(ctx, api, change.after),
    );
    model.notice = change.changed
      ? statusChangeNotice(change, {
          actorSlackUserId: ctx.userId,
          now: ctx.deps.clock.now(),
          withTitle: false,
        })
      : { text: alreadyNote(change.after, change.status) };
    return model;
  });
}
