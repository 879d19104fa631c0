/**
 * What the notifications post, as a port: the models the engine hands over and the messages it
 * gets back, as plain data. The Block Kit itself is built with the rest of the Slack UI
 * (src/slack/ui/notifications/notify-messages.ts), which the app passes to the engine as
 * `messages`; the engine gathers, schedules and sends.
 */
import type { TaskRecord } from '../api/schemas/records.ts';
import type { ProjectStatusDef } from '../contract/index.ts';
import type { ProjectEvent } from './events/project-event.ts';

/** Service member id → Slack user id, for members linked to Slack: they are mentioned. */
type LinkedPeople = ReadonlyMap<number, string>;

/** What a card shows besides the task: linked people, the task's address, the project's statuses. */
export interface CardContext {
  people: LinkedPeople;
  url: string | undefined;
  statuses?: ProjectStatusDef[] | undefined;
}

/** A task's card, in a channel's thread or in a direct message. */
export interface NotifyCard extends CardContext {
  task: TaskRecord;
  projectName: string | null;
}

/**
 * A message as Slack takes it: the notification text, the blocks and the message's metadata (a
 * task card's Work Object), opaque to the engine, which sends them as they are.
 */
export interface NotifyMessage {
  text: string;
  blocks: unknown[];
  metadata?: unknown;
}

export interface NotifyMessages {
  /** A task's card: the first post of its thread in a channel, and each edit in place after a reply. */
  card(card: NotifyCard, now: Date): NotifyMessage;
  /** What a deleted task's card becomes. */
  deletedCard(task: { taskId: number; title: string }, now: Date): NotifyMessage;
  /** One burst's events (of one task, in one channel) as one reply. */
  threadReply(
    task: { id: number; title: string },
    events: readonly ProjectEvent[],
    people: LinkedPeople,
  ): NotifyMessage;
  /** An event with no task thread (a sprint, an automation), in the channel. */
  projectNotice(event: ProjectEvent, projectName: string, people: LinkedPeople): NotifyMessage;
  /** The direct message to a linked person the event newly assigns. */
  assignedDm(card: NotifyCard, now: Date): NotifyMessage;
  /** The day's direct message listing a person's tasks due tomorrow. */
  dueTomorrowDm(cards: readonly NotifyCard[], now: Date): NotifyMessage;
}
