/**
 * The reactor removing the emoji within the Undo minute takes the task back: deleted on the
 * service, its card gone from the thread, and the message free to become a task again. Anyone
 * else's removal, or a later one, changes nothing.
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { NotFoundError } from '../../../api/index.ts';
import { baseEmojiName, createReactionTasks } from '../../../store/repositories/reaction-tasks.ts';
import type { AppDeps } from '../../deps.ts';
import { once } from '../../kit/once.ts';
import { reportFailure } from '../../kit/report-failure.ts';
import { UNDO_REACTION_MS } from './undo-window.ts';

type Args = SlackEventMiddlewareArgs<'reaction_removed'> & AllMiddlewareArgs;

export function reactionRemovedHandler(deps: AppDeps) {
  return async ({ event, body, client }: Args) => {
    if (event.item.type !== 'message') return;
    const teamId = body.team_id;
    const channelId = event.item.channel;
    const reactions = createReactionTasks(deps.store);
    const made = await reactions.task(teamId, channelId, event.item.ts);
    if (!made || made.userId !== event.user || made.emoji !== baseEmojiName(event.reaction)) return;
    if (deps.clock.now().getTime() - made.createdAt > UNDO_REACTION_MS) return;
    const origin = { purpose: 'reaction-undo', kind: 'event', teamId, eventId: body.event_id } as const;
    await once(deps.idempotency, origin, async () => {
      try {
        const api = await deps.workApi.clientFor(teamId);
        if (!api) return;
        await api.tasks.delete(made.taskId).catch((error: unknown) => {
          if (!(error instanceof NotFoundError)) throw error;
        });
        if (made.cardTs)
          await client.chat.delete({ channel: channelId, ts: made.cardTs }).catch(() => undefined);
        await reactions.dropTask(teamId, made);
        await reactions.releaseMessage(teamId, channelId, made.messageTs);
        await client.chat
          .postEphemeral({
            channel: channelId,
            user: event.user,
            thread_ts: made.threadTs,
            text: `Task ${made.taskId} was deleted: you removed your :${made.emoji}: within the minute.`,
          })
          .catch(() => undefined);
      } catch (error) {
        await reportFailure(deps, { client, to: { userId: event.user, channelId } }, error, {
          what: 'undo a task made from a reaction',
        });
      }
    });
  };
}
