/**
 * What the task verbs share: the person's account (or the link offer instead of a failure), a
 * retry of the same command acting once, the card as the answer (only the person sees it, with
 * "Share in channel"), and refusals and missing tasks told plainly. Other failures go on to the
 * command's own failure reply.
 */

import type { TaskRecord } from '../../../api/index.ts';
import { NotFoundError, type WorkApiClient } from '../../../api/index.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { once } from '../../kit/once.ts';
import { publishHome } from '../../services/publish-home.ts';
import { linkOfferForActing, type TaskActor, taskActor } from '../../services/task-actor.ts';
import { taskCardModel } from '../../services/task-card-model.ts';
import { ChangedButNotShown, describeTaskFailure, TaskRefusal } from '../../services/task-refusal.ts';
import type { TaskCardModel } from '../../ui/messages/task-card.ts';
import { renderTaskCard } from '../../ui/messages/task-card.ts';

export interface VerbContext {
  api: WorkApiClient;
  actor: TaskActor;
}

/**
 * Runs a verb that changes a task: unlinked people get the link offer; the work runs once per
 * command (keyed by its trigger, which a retry repeats); refusals and a missing task are answered.
 */
export async function actOnTask(
  ctx: CommandContext,
  taskId: number,
  work: (v: VerbContext) => Promise<TaskCardModel | null>,
): Promise<void> {
  const actor = await taskActor(ctx.deps, ctx.teamId, ctx.userId);
  if (!actor) {
    await ctx.respond({ response_type: 'ephemeral', ...linkOfferForActing() });
    return;
  }
  const api = await ctx.api();
  try {
    const outcome = await once(
      ctx.deps.idempotency,
      { purpose: 'task-command', kind: 'trigger', teamId: ctx.teamId, triggerId: ctx.triggerId },
      async () => {
        const model = await work({ api, actor });
        if (model) await respondWithCard(ctx, model);
        return true;
      },
    );
    if (outcome.state !== 'ran') return;
  } catch (error) {
    const told =
      error instanceof TaskRefusal || error instanceof NotFoundError || error instanceof ChangedButNotShown;
    if (!told) throw error;
    const text =
      error instanceof NotFoundError ? missingTaskText(taskId) : describeTaskFailure(error, taskId);
    await ctx.respond({ response_type: 'ephemeral', text });
    return;
  }
  await publishHome(ctx.deps, ctx.client, ctx.teamId, ctx.userId).catch((error: unknown) =>
    ctx.deps.logger.warn({ err: error }, 'could not refresh Home'),
  );
}

/** A task number that names nothing (never existed, deleted, or out of the token's reach). */
export function missingTaskText(taskId: number): string {
  return `:mag: There is no task #${taskId} that Taskbridge can see (it may have been deleted). Check the number; nothing was changed.`;
}

export function cardModelFor(
  ctx: CommandContext,
  api: WorkApiClient,
  task: TaskRecord,
): Promise<TaskCardModel> {
  return taskCardModel(ctx.deps, ctx.client, api, { teamId: ctx.teamId, userId: ctx.userId, task });
}

export async function respondWithCard(ctx: CommandContext, model: TaskCardModel): Promise<void> {
  const card = renderTaskCard({ ...model, shareable: true }, ctx.deps.clock.now());
  await ctx.respond({ response_type: 'ephemeral', text: card.text, blocks: card.blocks });
}
