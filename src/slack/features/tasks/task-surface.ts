/**
 * Where a task was acted on, and how to show the outcome there: a card in a channel is updated
 * with chat.update (only the card's blocks, the rest of the message kept), a card only the person
 * sees through its response_url, App Home by publishing it again. What is for the person alone (a
 * refusal, a failure) goes to them privately. Everything here runs after the ack, so a failure to
 * show is logged, never thrown.
 */

import type { BlockAction, RespondArguments, RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { AppDeps } from '../../deps.ts';
import { reportMetadataWarning } from '../../kit/metadata-warnings.ts';
import type { Person } from '../../kit/person.ts';
import { postToResponseUrl } from '../../kit/response-url.ts';
import { tellPerson } from '../../kit/tell-person.ts';
import { publishHome } from '../../services/publish-home.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import {
  type DeletedTaskModel,
  renderDeletedTask,
  renderTaskCard,
  type TaskCardModel,
} from '../../ui/messages/task-card.ts';
import { withTaskEntityRedrawn } from '../../ui/messages/task-entity.ts';
import { replaceCardBlocks, sharedByInCard } from './task-card-message.ts';
import type { TaskLocation } from './task-location.ts';

export type TaskSurface =
  /** A message in a channel; `blocks` are the message's own when Slack sent them. */
  | {
      kind: 'channel';
      channelId: string;
      ts: string;
      blocks?: unknown[] | undefined;
      /** The message's metadata when Slack sent it: a Work Object of the task in it is redrawn too. */
      metadata?: unknown;
      respond?: RespondFn | undefined;
    }
  /** A message only the person sees, reached through the interaction's response_url. */
  | { kind: 'ephemeral'; channelId: string | null; respond: RespondFn }
  /** A response_url kept from earlier (a form's metadata): `replace` when it points at the card. */
  | { kind: 'response_url'; url: string; replace: boolean }
  | { kind: 'home' };

export interface TaskOutcome {
  /** The card to show in place of the old one (its notice is public where the card is). */
  card?: TaskCardModel | undefined;
  /** The task is gone: a tombstone replaces the card. */
  gone?: DeletedTaskModel | undefined;
  /** A line (or message) for the person alone. */
  note?: string | RenderedMessage | undefined;
}

/** Who is looking at a surface: the person who clicked. */
export type Viewer = Person;

/** The surface of a block action, from its container. */
export function surfaceOfAction(
  body: Pick<BlockAction, 'container' | 'message' | 'channel' | 'view'>,
  respond: RespondFn | undefined,
): TaskSurface {
  const c = (body.container ?? {}) as {
    type?: string;
    channel_id?: string;
    message_ts?: string;
    is_ephemeral?: boolean;
  };
  if (c.type === 'view' || body.view?.type === 'home') return { kind: 'home' };
  const channelId = c.channel_id ?? body.channel?.id ?? null;
  if (!c.is_ephemeral && channelId && c.message_ts) {
    const blocks = body.message?.blocks as unknown[] | undefined;
    const metadata = (body.message as { metadata?: unknown } | undefined)?.metadata;
    return {
      kind: 'channel',
      channelId,
      ts: c.message_ts,
      blocks,
      respond,
      ...(metadata ? { metadata } : {}),
    };
  }
  if (respond) return { kind: 'ephemeral', channelId, respond };
  return { kind: 'home' };
}

/** A stored location as a surface. */
export function surfaceOfLocation(location: TaskLocation): TaskSurface {
  if (location.kind === 'channel') return { kind: 'channel', channelId: location.channelId, ts: location.ts };
  if (location.kind === 'response_url')
    return { kind: 'response_url', url: location.url, replace: location.replace };
  return { kind: 'home' };
}

/** The surface as a location to keep (in a form's metadata) and come back to. */
export function locationOfAction(surface: TaskSurface, responseUrl: string | undefined): TaskLocation {
  if (surface.kind === 'channel') return { kind: 'channel', channelId: surface.channelId, ts: surface.ts };
  if (surface.kind === 'response_url')
    return { kind: 'response_url', url: surface.url, replace: surface.replace };
  if (surface.kind === 'ephemeral' && responseUrl)
    return { kind: 'response_url', url: responseUrl, replace: true };
  return { kind: 'home' };
}

function toMessage(note: string | RenderedMessage): RenderedMessage | { text: string } {
  return typeof note === 'string' ? { text: note } : note;
}

/** Shows an outcome on its surface, then refreshes the person's Home (unless that was the surface). */
export async function presentTaskOutcome(
  deps: AppDeps,
  client: WebClient,
  viewer: Viewer,
  surface: TaskSurface,
  outcome: TaskOutcome,
): Promise<void> {
  const now = deps.clock.now();
  const taskId = outcome.card?.task.id ?? outcome.gone?.taskId ?? null;
  const rendered = outcome.card
    ? renderTaskCard(outcome.card, now)
    : outcome.gone
      ? renderDeletedTask(outcome.gone, now)
      : null;
  // A card only its reader sees offers to share it; one in a channel is shared already.
  const privately = outcome.card ? renderTaskCard({ ...outcome.card, shareable: true }, now) : rendered;
  const log = (what: string) => (error: unknown) => deps.logger.warn({ err: error, taskId }, what);
  switch (surface.kind) {
    case 'home': {
      const note = outcome.note ? toMessage(outcome.note).text : null;
      const text =
        note ??
        outcome.card?.notice?.text ??
        (outcome.gone ? `:wastebasket: Task #${outcome.gone.taskId} was deleted.` : null);
      const notice = text ? { text, undo: note ? null : outcome.card?.notice?.undo } : null;
      await publishHome(deps, client, viewer.teamId, viewer.userId, { notice }).catch(
        log('could not publish Home'),
      );
      return;
    }
    case 'channel':
      if (rendered && taskId !== null) {
        const around = surface.blocks ?? (await messageBlocks(client, surface.channelId, surface.ts));
        const sharedBy = sharedByInCard(around, taskId);
        const shown =
          outcome.card && sharedBy
            ? renderTaskCard({ ...outcome.card, sharedBySlackUserId: sharedBy }, now)
            : rendered;
        const blocks = replaceCardBlocks(around, taskId, shown.blocks);
        const card = outcome.card;
        const metadata = card
          ? withTaskEntityRedrawn(surface.metadata, { task: card.task, slackUserIds: card.slackUserIds })
          : undefined;
        await client.chat
          .update({
            channel: surface.channelId,
            ts: surface.ts,
            text: shown.text,
            blocks,
            ...(metadata ? { metadata: metadata as never } : {}),
          })
          .then((answer) => {
            if (metadata) reportMetadataWarning(deps.logger, 'chat.update', answer);
          })
          .catch(async (error: unknown) => {
            // Not the bot's own message (or gone): the interaction's response_url can still replace it.
            if (!surface.respond) throw error;
            await surface.respond({ replace_original: true, text: shown.text, blocks });
          })
          .catch(log('could not update the card in place'));
      }
      if (outcome.note)
        await tellPrivately(client, viewer, surface, outcome.note).catch(log('could not tell the person'));
      break;
    case 'ephemeral':
      if (privately) {
        await surface
          .respond({ replace_original: true, text: privately.text, blocks: privately.blocks })
          .catch(log('could not update the card in place'));
      }
      if (outcome.note)
        await tellPrivately(client, viewer, surface, outcome.note).catch(log('could not tell the person'));
      break;
    case 'response_url':
      if (privately) {
        const message: RespondArguments = { text: privately.text, blocks: privately.blocks };
        await postToResponseUrl(
          surface.url,
          surface.replace
            ? { ...message, replace_original: true }
            : { ...message, response_type: 'ephemeral' },
        ).catch(log('could not show the card through its response_url'));
      }
      if (outcome.note)
        await tellPrivately(client, viewer, surface, outcome.note).catch(log('could not tell the person'));
      break;
  }
  await publishHome(deps, client, viewer.teamId, viewer.userId).catch(log('could not refresh Home'));
}

/**
 * A message's blocks as they are now, when the interaction did not bring them (a form submitted
 * later): conversations.replies finds a message by its ts whether or not it is in a thread.
 */
async function messageBlocks(client: WebClient, channel: string, ts: string): Promise<unknown[] | undefined> {
  try {
    const found = await client.conversations.replies({
      channel,
      ts,
      oldest: ts,
      latest: ts,
      inclusive: true,
      limit: 1,
    });
    return found.messages?.find((m) => m.ts === ts)?.blocks as unknown[] | undefined;
  } catch {
    // Without them only the card is drawn: the rest of the message is lost, the card is right.
    return undefined;
  }
}

/** A line only the person sees, next to where they acted (a direct message when nothing else works). */
async function tellPrivately(
  client: WebClient,
  viewer: Viewer,
  surface: TaskSurface,
  note: string | RenderedMessage,
): Promise<void> {
  const message = toMessage(note);
  const payload: RespondArguments = { response_type: 'ephemeral', replace_original: false, ...message };
  if ((surface.kind === 'channel' || surface.kind === 'ephemeral') && surface.respond) {
    await surface.respond(payload);
    return;
  }
  if (surface.kind === 'response_url') {
    await postToResponseUrl(surface.url, payload);
    return;
  }
  await tellPerson(
    client,
    { userId: viewer.userId, channelId: surface.kind === 'channel' ? surface.channelId : null },
    message,
  );
}
