/** The Block Kit the notifications engine posts (its `messages` port), handed to it by the app. */
import type { NotifyCard, NotifyMessages } from '../../../notify/messages.ts';
import { renderDeletedTask, renderTaskCard, type TaskCardModel } from '../messages/task-card.ts';
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

export const notifyMessages: NotifyMessages = {
  card: (card, now) => renderTaskCard(cardModel(card), now),
  deletedCard: (task, now) => renderDeletedTask(task, now),
  threadReply: (task, events, people) => renderThreadReply(task, events, people),
  projectNotice: (event, projectName, people) => renderProjectNotice(event, projectName, people, event.task),
  assignedDm: (card, now) => renderAssignedDm(cardModel(card), now),
  dueTomorrowDm: (cards, now) => renderDueTomorrowDm(cards.map(cardModel), now),
};
