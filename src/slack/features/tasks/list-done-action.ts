/**
 * Done on a row of `/task mine` or `/task list`: the task is marked done, the same page of the
 * list is drawn again in place (the button says which page), and the task's card follows with an
 * Undo for a minute.
 */
import type { BlockAction } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { markTaskDone } from '../../services/task-changes.ts';
import { afterChange } from '../../services/task-refusal.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { renderTaskCard } from '../../ui/messages/task-card.ts';
import { decodeListRowDone, type ListPage } from '../../ui/values.ts';
import { type TaskActionContext, taskActionHandler } from './action-context.ts';
import { projectTasksPage } from './list-command.ts';
import { myTasksPage } from './mine-command.ts';
import { statusChangeDone, statusChangeOutcome } from './status-actions.ts';

type Action = BlockAction['actions'][number];

function rowValue(action: Action) {
  return 'value' in action && action.value ? decodeListRowDone(action.value) : null;
}

export function taskListDoneHandler(deps: AppDeps) {
  return taskActionHandler(deps, {
    // The message is a list, not a card: a failure must not replace it with a tombstone.
    inList: true,
    refOf: (action) => rowValue(action)?.ref ?? null,
    run: async (ctx) => {
      const change = await markTaskDone(ctx.api, ctx.ref.taskId);
      // Done on the service from here: a list or card that cannot be drawn does not unsay it.
      const outcome = await statusChangeOutcome(ctx, change);
      const list = await afterChange(statusChangeDone(change), 'The list could not be redrawn', () =>
        listPage(ctx, rowValue(ctx.action)?.page),
      );
      if (list && ctx.surface.kind !== 'home' && 'respond' in ctx.surface && ctx.surface.respond) {
        await ctx.surface.respond({ replace_original: true, ...list });
        // The list now lacks (or moved) the task: its card, with the Undo, comes as a message of its own.
        if (outcome.card) {
          const card = renderTaskCard({ ...outcome.card, shareable: true }, ctx.deps.clock.now());
          await ctx.surface.respond({ response_type: 'ephemeral', replace_original: false, ...card });
        }
        return outcome.note ? { note: outcome.note } : {};
      }
      return outcome;
    },
  });
}

async function listPage(ctx: TaskActionContext, page: ListPage | undefined): Promise<RenderedMessage | null> {
  if (!page) return null;
  const q = { teamId: ctx.teamId, userId: ctx.userId, page: page.page, status: page.status };
  if (page.view === 'project' && page.projectId !== null) {
    const project = await ctx.api.projects.get(page.projectId);
    return projectTasksPage(ctx.deps, ctx.client, { ...q, project: { id: project.id, name: project.name } });
  }
  return myTasksPage(ctx.deps, ctx.client, q);
}
