/** The Block Kit the notifications engine posts (its `messages` port), handed to it by the app. */
import type { NotifyCard, NotifyMessages } from '../../../notify/messages.ts';
import type { RenderedMessage } from '../block-types.ts';
import { renderDeletedTask, renderTaskCard, type TaskCardModel } from '../messages/task-card.ts';
import { taskEntityMetadata } from '../messages/task-entity.ts';
import { renderAssignedDm, renderDueTomorrowDm } from './dm-messages.ts';
import { renderProjectNotice, renderThreadReply } from './event-lines.ts';

function cardModel(card: NotifyCard): TaskCardModel {
  return {
    task: card.task,
    url: card.url,
    projectName: card.projectName,
    statuses: card.statuses,
    slackUserIds: card.people,
  };
}

/**
 * A task's card with the task as a Work Object in its metadata (Slack needs the task's address for
 * one); the blocks stay as its fallback. An edit sends it again, so the entity shows the task as now.
 */
function withEntity(message: RenderedMessage, card: NotifyCard): RenderedMessage & { metadata?: unknown } {
  if (!card.url) return message;
  return {
    ...message,
    metadata: taskEntityMetadata({ task: card.task, url: card.url, slackUserIds: card.people }),
  };
}

export const notifyMessages: NotifyMessages = {
  card: (card, now) => withEntity(renderTaskCard(cardModel(card), now), card),
  deletedCard: (task, now) => renderDeletedTask(task, now),
  threadReply: (task, events, people) => renderThreadReply(task, events, people),
  projectNotice: (event, projectName, people) => renderProjectNotice(event, projectName, people, event.task),
  assignedDm: (card, now) => withEntity(renderAssignedDm(cardModel(card), now), card),
  dueTomorrowDm: (cards, now) => renderDueTomorrowDm(cards.map(cardModel), now),
};
