/**
 * The buttons of a thread's proposed task: Create makes it (once per thread, whoever clicks and
 * however often) and posts its card in the thread, never in the channel; Cancel forgets it; the
 * people select keeps who to assign. Only the person the preview was shown to may act on it.
 */
import type { BlockAction, MultiStaticSelectAction } from '@slack/bolt';
import { createThreadTasks, type ThreadPreview } from '../../../store/repositories/thread-tasks.ts';
import type { AppDeps } from '../../deps.ts';
import { once } from '../../kit/once.ts';
import { type ActionArgs, actionContext, type TeamActionContext } from '../../kit/team-action.ts';
import { resolvePeople, unresolvedText } from '../../services/resolve-people.ts';
import { linkOfferForActing, taskActor } from '../../services/task-actor.ts';
import { taskCardModel } from '../../services/task-card-model.ts';
import { renderTaskCard } from '../../ui/messages/task-card.ts';
import { previewGoneMessage, previewIdOfPeopleBlock } from './thread-preview-message.ts';

async function ownPreview(
  ctx: TeamActionContext,
  previewId: string | null,
): Promise<{ id: string; preview: ThreadPreview } | undefined> {
  const preview = previewId
    ? await createThreadTasks(ctx.deps.store).preview(ctx.teamId, previewId)
    : undefined;
  if (!preview || !previewId || preview.userId !== ctx.userId) {
    await ctx.respond({ response_type: 'ephemeral', replace_original: false, text: previewGoneMessage() });
    return undefined;
  }
  return { id: previewId, preview };
}

export function createThreadTaskHandler(deps: AppDeps) {
  return async (args: ActionArgs) => {
    await args.ack();
    const ctx = actionContext(deps, args);
    try {
      const found = await ownPreview(ctx, ctx.value);
      if (!found) return;
      const { preview } = found;
      if (preview.projectId === null) {
        await ctx.respond({
          response_type: 'ephemeral',
          replace_original: false,
          text: 'This channel has no default project: pick one with *Edit*, or set one with `/task project #Name` and mention me again.',
        });
        return;
      }
      const actor = await taskActor(deps, ctx.teamId, ctx.userId);
      if (!actor) {
        await ctx.respond({ response_type: 'ephemeral', replace_original: false, ...linkOfferForActing() });
        return;
      }
      const threads = createThreadTasks(deps.store);
      const thread = {
        kind: 'message',
        subject: `thread-${preview.channelId}`,
        messageTs: preview.threadTs,
      } as const;
      const outcome = await once(
        deps.idempotency,
        { purpose: 'thread-task', teamId: ctx.teamId, ...thread, triggerId: ctx.triggerId },
        async () => {
          const existing = await threads.get(ctx.teamId, preview.channelId, preview.threadTs);
          if (existing) return { taskId: existing.taskId, made: false, unresolved: '' };
          const api = await ctx.api();
          const projectId = preview.projectId as number;
          const people = await resolvePeople(
            preview.assignees.map((userId) => ({ kind: 'slack', userId, name: null }) as const),
            { deps, api, client: ctx.client, teamId: ctx.teamId, userId: ctx.userId, projectId },
          );
          const task = await api.tasks.create({
            project_id: projectId,
            title: preview.title,
            ...(preview.description ? { description: preview.description } : {}),
            ...(people.members.length > 0 ? { assignee_ids: people.members.map((m) => m.id) } : {}),
            creator_id: actor.memberId,
          });
          await threads.set(ctx.teamId, preview.channelId, preview.threadTs, {
            taskId: task.id,
            cardTs: null,
          });
          const model = await taskCardModel(deps, ctx.client, api, {
            teamId: ctx.teamId,
            userId: ctx.userId,
            task,
          });
          const card = renderTaskCard(model, deps.clock.now());
          const posted = await ctx.client.chat.postMessage({
            channel: preview.channelId,
            thread_ts: preview.threadTs,
            ...card,
            unfurl_links: false,
          });
          await threads.set(ctx.teamId, preview.channelId, preview.threadTs, {
            taskId: task.id,
            cardTs: typeof posted.ts === 'string' ? posted.ts : null,
          });
          return {
            taskId: task.id,
            made: true,
            unresolved: people.unresolved.length > 0 ? unresolvedText(people.unresolved) : '',
          };
        },
      );
      await threads.dropPreview(ctx.teamId, found.id);
      await ctx.respond({ delete_original: true });
      if (outcome.state === 'pending') {
        await ctx.respond({
          response_type: 'ephemeral',
          replace_original: false,
          text: 'Someone is making this thread a task right now: its card will appear in the thread.',
        });
        return;
      }
      const result = outcome.value;
      if (!result.made) {
        await ctx.respond({
          response_type: 'ephemeral',
          replace_original: false,
          text: `This thread is already task ${result.taskId}: its card is in the thread.`,
        });
      } else if (result.unresolved) {
        await ctx.respond({
          response_type: 'ephemeral',
          replace_original: false,
          text: `:information_source: Task ${result.taskId} was created, but not assigned to everyone: ${result.unresolved}`,
        });
      }
    } catch (error) {
      await ctx.fail(error, { what: 'create a task from a thread' });
    }
  };
}

export function cancelThreadTaskHandler(deps: AppDeps) {
  return async (args: ActionArgs) => {
    await args.ack();
    const ctx = actionContext(deps, args);
    if (ctx.value)
      await createThreadTasks(deps.store)
        .dropPreview(ctx.teamId, ctx.value)
        .catch(() => undefined);
    await ctx.respond({ delete_original: true }).catch((error: unknown) => ctx.fail(error));
  };
}

export function threadTaskAssigneesHandler(deps: AppDeps) {
  return async (args: ActionArgs) => {
    await args.ack();
    const ctx = actionContext(deps, args);
    const action = args.action as BlockAction['actions'][number];
    const found = await ownPreview(ctx, previewIdOfPeopleBlock(action.block_id));
    if (!found) return;
    const chosen = ((action as MultiStaticSelectAction).selected_options ?? []).map((o) => o.value);
    const assignees = chosen.filter((userId) => found.preview.people.includes(userId));
    await createThreadTasks(deps.store).updatePreview(ctx.teamId, found.id, { ...found.preview, assignees });
  };
}
