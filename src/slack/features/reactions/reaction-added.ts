/**
 * A mapped emoji on a message makes it a task, as the "Create task" message shortcut reads a
 * message (`services/prefill-from-message.ts`: first line as title, the text and its permalink as
 * description), with the reactor as creator. One task per message, whoever reacts and however
 * often, on any instance: the store's claim on the message. The card goes in the message's thread;
 * the reactor alone hears how to undo it.
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import {
  baseEmojiName,
  createReactionTasks,
  type ReactionMapping,
} from '../../../store/repositories/reaction-tasks.ts';
import type { AppDeps } from '../../deps.ts';
import { once } from '../../kit/once.ts';
import { reportFailure } from '../../kit/report-failure.ts';
import { prefillFromMessage } from '../../services/prefill-from-message.ts';
import { linkOfferForActing, taskActor } from '../../services/task-actor.ts';
import { taskCardModel } from '../../services/task-card-model.ts';
import { renderTaskCard } from '../../ui/messages/task-card.ts';
import { UNDO_REACTION_MS } from './undo-window.ts';

type Args = SlackEventMiddlewareArgs<'reaction_added'> & AllMiddlewareArgs;

interface Reacted {
  teamId: string;
  userId: string;
  channelId: string;
  ts: string;
  emoji: string;
}

export function reactionAddedHandler(deps: AppDeps) {
  return async ({ event, body, client, context }: Args) => {
    // The app's own ✅, and reactions on the app's own messages (its cards are tasks already).
    if (event.item.type !== 'message' || event.user === context.botUserId) return;
    if (event.item_user && event.item_user === context.botUserId) return;
    const emoji = baseEmojiName(event.reaction);
    if (!/^[a-z0-9_+'-]{1,100}$/.test(emoji)) return;
    const reacted: Reacted = {
      teamId: body.team_id,
      userId: event.user,
      channelId: event.item.channel,
      ts: event.item.ts,
      emoji,
    };
    const mapping = await createReactionTasks(deps.store).mapping(reacted.teamId, reacted.channelId, emoji);
    if (!mapping) return;
    const origin = {
      purpose: 'reaction-task',
      kind: 'event',
      teamId: reacted.teamId,
      eventId: body.event_id,
    } as const;
    await once(deps.idempotency, origin, () =>
      makeTask(deps, client, reacted, mapping).catch((error: unknown) =>
        reportFailure(deps, { client, to: { userId: reacted.userId, channelId: reacted.channelId } }, error, {
          what: 'make a task from a reaction',
        }),
      ),
    );
  };
}

async function makeTask(
  deps: AppDeps,
  client: WebClient,
  r: Reacted,
  mapping: ReactionMapping,
): Promise<void> {
  const reactions = createReactionTasks(deps.store);
  // Reading the message comes first, for its thread: what the reactor hears goes there.
  const found = await client.reactions.get({ channel: r.channelId, timestamp: r.ts });
  const message = found.message;
  // A reply's thread is its parent's; Slack's typings leave `thread_ts` out of this answer.
  const threadTs = (message as { thread_ts?: string } | undefined)?.thread_ts ?? r.ts;
  const tell = (payload: { text: string; blocks?: unknown[] }) =>
    client.chat
      .postEphemeral({ channel: r.channelId, user: r.userId, thread_ts: threadTs, ...payload } as never)
      .catch(() => undefined);
  const actor = await taskActor(deps, r.teamId, r.userId);
  if (!actor) {
    const offer = linkOfferForActing();
    await tell({
      text: `To make this message a task with :${r.emoji}:, link your account first, then react again. ${offer.text}`,
      blocks: offer.blocks,
    });
    return;
  }
  if (!(await reactions.claimMessage(r.teamId, r.channelId, r.ts))) return;
  try {
    const api = await deps.workApi.clientFor(r.teamId);
    if (!api) {
      await tell({
        text: 'This workspace is not connected to the service yet: an admin runs `/task connect`.',
      });
      await reactions.releaseMessage(r.teamId, r.channelId, r.ts);
      return;
    }
    const permalink = await client.chat
      .getPermalink({ channel: r.channelId, message_ts: r.ts })
      .then((answer) => answer.permalink ?? null)
      .catch(() => null);
    const prefill = prefillFromMessage({ text: message?.text ?? '', permalink });
    const task = await api.tasks.create({
      project_id: mapping.projectId,
      title: prefill.title || 'A message in Slack',
      ...(prefill.description ? { description: prefill.description } : {}),
      creator_id: actor.memberId,
    });
    const record = {
      taskId: task.id,
      channelId: r.channelId,
      messageTs: r.ts,
      threadTs,
      userId: r.userId,
      emoji: r.emoji,
      createdAt: deps.clock.now().getTime(),
      cardTs: null as string | null,
    };
    await reactions.saveTask(r.teamId, record);
    const model = await taskCardModel(deps, client, api, { teamId: r.teamId, userId: r.userId, task });
    const card = renderTaskCard(model, deps.clock.now());
    const posted = await client.chat.postMessage({
      channel: r.channelId,
      thread_ts: threadTs,
      ...card,
      unfurl_links: false,
    });
    if (typeof posted.ts === 'string') await reactions.saveTask(r.teamId, { ...record, cardTs: posted.ts });
    const minute = Math.round(UNDO_REACTION_MS / 60_000);
    await tell({
      text: `:${r.emoji}: Task ${task.id} made from this message in *${mapping.projectName}*. Remove your :${r.emoji}: within ${minute === 1 ? 'a minute' : `${minute} minutes`} to undo it.`,
    });
  } catch (error) {
    // Nothing was saved for the message, so it may be tried again.
    if (!(await reactions.task(r.teamId, r.channelId, r.ts)))
      await reactions.releaseMessage(r.teamId, r.channelId, r.ts);
    throw error;
  }
}
