/** `/task mine [status]`: my open tasks, grouped overdue / today / upcoming / no date, one page at a time. */
import type { WebClient } from '@slack/web-api';
import type { MineIntent } from '../../commands/intents.ts';
import type { AppDeps } from '../../deps.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { requireApi } from '../../kit/require-api.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { linkOfferMessage } from '../../ui/messages/link-offer.ts';
import { renderMyTasks } from '../../ui/messages/task-list.ts';
import { loadTaskListPage } from './task-list-page.ts';

export const MY_TASKS_PAGE_SIZE = 15;

export async function mineHandler(ctx: CommandContext, intent: MineIntent): Promise<void> {
  const message = await myTasksPage(ctx.deps, ctx.client, {
    teamId: ctx.teamId,
    userId: ctx.userId,
    page: 1,
    status: intent.status,
  });
  await ctx.respond({ response_type: 'ephemeral', ...message });
}

/**
 * One page of my tasks. One list call on a warm cache: the link and zone come from the store and
 * the profile cache, and the service filters by assignee and open status itself.
 */
export async function myTasksPage(
  deps: AppDeps,
  client: WebClient,
  q: { teamId: string; userId: string; page: number; status: string | null },
): Promise<RenderedMessage> {
  const link = await deps.userLinks.get(q.teamId, q.userId);
  if (!link) return linkOfferMessage({ reason: 'to see the tasks assigned to you' });
  const api = await requireApi(deps, q.teamId);
  const list = await loadTaskListPage(deps, client, q, () =>
    api.tasks.list({
      assignee_id: link.memberId,
      page: q.page,
      per_page: MY_TASKS_PAGE_SIZE,
      ...(q.status ? { status: q.status } : { done: 'false' as const }),
    }),
  );
  return renderMyTasks(list, deps.clock.now());
}
