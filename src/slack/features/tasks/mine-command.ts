/** `/task mine [status]`: my open tasks, grouped overdue / today / upcoming / no date, one page at a time. */
import type { WebClient } from '@slack/web-api';
import type { MineIntent } from '../../commands/intents.ts';
import type { AppDeps } from '../../deps.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { requireApi } from '../../kit/require-api.ts';
import { myTasks } from '../../services/task-list-source.ts';
import { viewFreshnessOf } from '../../services/view-freshness.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { errorMessage } from '../../ui/messages/errors.ts';
import { linkOfferMessage } from '../../ui/messages/link-offer.ts';
import { renderMyTasks } from './task-list.ts';
import { loadTaskListPage } from './task-list-page.ts';

const MY_TASKS_PAGE_SIZE = 15;

export async function mineHandler(ctx: CommandContext, intent: MineIntent): Promise<void> {
  const q = { teamId: ctx.teamId, userId: ctx.userId, page: 1, status: intent.status };
  const { message, pending } = await myTasksView(ctx.deps, ctx.client, q);
  await ctx.respond({ response_type: 'ephemeral', ...message });
  if (!pending) return;
  // An interim answer (the connection's view was cold and the service does not filter by person),
  // or one from a stale view: once the view is read, the same message is replaced by the list.
  try {
    await pending;
    const full = await myTasksView(ctx.deps, ctx.client, q);
    await ctx.respond({ response_type: 'ephemeral', replace_original: true, ...full.message });
  } catch (error) {
    ctx.deps.logger.warn({ err: error }, 'reading every task for /task mine failed');
    await ctx.respond({
      response_type: 'ephemeral',
      replace_original: true,
      ...errorMessage({
        what: 'Taskbridge could not read the service’s tasks to find yours.',
        next: 'Try `/task mine` again in a few minutes.',
      }),
    });
  }
}

/**
 * One page of my tasks. No request while the connection's task view is fresh: the link and zone
 * come from the store and the profile cache, the tasks from the view.
 */
export async function myTasksPage(
  deps: AppDeps,
  client: WebClient,
  q: { teamId: string; userId: string; page: number; status: string | null },
): Promise<RenderedMessage> {
  return (await myTasksView(deps, client, q)).message;
}

/** The page, and whether a fuller answer will follow (see `services/task-list-source.ts`). */
async function myTasksView(
  deps: AppDeps,
  client: WebClient,
  q: { teamId: string; userId: string; page: number; status: string | null },
): Promise<{ message: RenderedMessage; pending?: Promise<void> | undefined }> {
  const link = await deps.userLinks.get(q.teamId, q.userId);
  if (!link) return { message: linkOfferMessage({ reason: 'to see the tasks assigned to you' }) };
  const api = await requireApi(deps, q.teamId);
  const list = await loadTaskListPage(deps, client, q, () =>
    myTasks(api, {
      memberId: link.memberId,
      status: q.status,
      page: q.page,
      perPage: MY_TASKS_PAGE_SIZE,
      now: deps.clock.now().getTime(),
      freshness: viewFreshnessOf(deps, q.teamId),
    }),
  );
  return { message: renderMyTasks(list, deps.clock.now()), pending: list.pending };
}
