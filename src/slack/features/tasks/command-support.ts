/**
 * What the task verbs share: the person's account (or the link offer instead of a failure), a
 * retry of the same command acting once, the card as the answer (only the person sees it, with
 * "Share in channel"), and refusals and missing tasks told plainly. Other failures go on to the
 * command's own failure reply.
 */

import type { TaskRecord } from '../../../api/index.ts';
import { NotFoundError, type WorkApiClient } from '../../../api/index.ts';
import { escapeMrkdwn } from '../../../slack-platform/mrkdwn.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { once } from '../../kit/once.ts';
import { publishHome } from '../../services/publish-home.ts';
import { linkOfferForActing, type TaskActor, taskActor } from '../../services/task-actor.ts';
import { taskCardModel } from '../../services/task-card-model.ts';
import { myTasks } from '../../services/task-list-source.ts';
import { ChangedButNotShown, describeTaskFailure, TaskRefusal } from '../../services/task-refusal.ts';
import { namesThatExist } from '../../ui/messages/names-that-exist.ts';
import type { TaskCardModel } from '../../ui/messages/task-card.ts';
import { renderTaskCard } from '../../ui/messages/task-card.ts';

interface VerbContext {
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
      error instanceof NotFoundError
        ? await missingTaskText(ctx, api, taskId)
        : describeTaskFailure(error, taskId);
    await ctx.respond({ response_type: 'ephemeral', text });
    return;
  }
  await publishHome(ctx.deps, ctx.client, ctx.teamId, ctx.userId).catch((error: unknown) =>
    ctx.deps.logger.warn({ err: error }, 'could not refresh Home'),
  );
}

/**
 * A task number that names nothing (never existed, deleted, or out of the token's reach), and
 * what does exist: the person's open tasks, nearest numbers first.
 */
export async function missingTaskText(
  ctx: Pick<CommandContext, 'deps' | 'teamId' | 'userId'>,
  api: WorkApiClient,
  taskId: number,
): Promise<string> {
  const missing = `:mag: There is no task #${taskId} that Taskbridge can see (it may have been deleted). Check the number; nothing was changed.`;
  const link = await ctx.deps.userLinks.get(ctx.teamId, ctx.userId).catch(() => undefined);
  if (!link) return `${missing} \`/task list #Project\` lists a project’s tasks with their numbers.`;
  const mine = await myTasks(api, {
    memberId: link.memberId,
    status: null,
    page: 1,
    perPage: 50,
    now: ctx.deps.clock.now().getTime(),
  }).catch(() => undefined);
  // A first look through a service that cannot filter is still under way: say where to look.
  if (!mine || (mine.pending && mine.page.data.length === 0)) {
    return `${missing} \`/task mine\` lists your tasks, \`/task list #Project\` a project’s.`;
  }
  const tasks = [...mine.page.data].sort((a, b) => Math.abs(a.id - taskId) - Math.abs(b.id - taskId));
  const known = namesThatExist(
    'Your open tasks',
    tasks.map((t) => `#${t.id} ${t.title}`),
    '',
    'You have no open tasks.',
    escapeMrkdwn,
  );
  return `${missing} ${known} \`/task list #Project\` lists a project’s.`;
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
