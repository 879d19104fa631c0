/**
 * Posted in a message's thread once a task was made from it: who made it, a link back to the
 * message, then the task's card.
 */
import { slackLink } from '../../../slack-platform/mrkdwn.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { capBlocks, contextLine, LIMITS } from '../../ui/limits.ts';
import { renderTaskCard, type TaskCardModel } from '../../ui/messages/task-card.ts';

interface CreatedMessageModel {
  card: TaskCardModel;
  /** Who created the task. */
  creatorSlackUserId: string;
  /** The source message's permalink (from `chat.getPermalink`). */
  sourcePermalink?: string | null | undefined;
}

export function renderCreatedMessage(model: CreatedMessageModel, now: Date): RenderedMessage {
  const card = renderTaskCard(model.card, now);
  const who = /^[UW][A-Z0-9]{2,31}$/.test(model.creatorSlackUserId)
    ? `<@${model.creatorSlackUserId}>`
    : 'Someone';
  const source = model.sourcePermalink ? slackLink(model.sourcePermalink, 'this message') : 'this message';
  const line = `:white_check_mark: ${who} created a task from ${source}`;
  const blocks = capBlocks([contextLine(line), ...card.blocks], LIMITS.messageBlocks);
  return { text: `Task created: ${card.text}`, blocks };
}
