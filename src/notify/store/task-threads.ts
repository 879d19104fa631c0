/**
 * Where a task's thread lives in each channel (its parent message), and the record that an event is
 * already gathered (written after its bursts and its outbox record, so a crash between leaves them
 * to be written again). Threads are kept 90 days after their last use.
 */
import { storeKeys } from '../../store/keys.ts';
import type { Store } from '../../store/types.ts';
import { eventIdPart } from './event-id-part.ts';

export interface TaskThread {
  channelId: string;
  ts: string;
  /** The task's title when the card was posted (for the tombstone of a task deleted later). */
  title?: string;
  /** The event the card was posted for: it is not told again in the reply. */
  cardEventId?: string;
}

const THREAD_TTL_MS = 90 * 24 * 3_600_000;
/** An event id is remembered a week: webhook retries and poller repeats come well within it. */
const EVENT_TTL_MS = 7 * 24 * 3_600_000;

export interface TaskThreads {
  get(teamId: string, channelId: string, taskId: number): Promise<TaskThread | undefined>;
  save(teamId: string, thread: TaskThread, taskId: number): Promise<void>;
  /** Whether the event was already written to its bursts and outbox (remembered a week). */
  eventDone(teamId: string, eventId: string): Promise<boolean>;
  markEventDone(teamId: string, eventId: string): Promise<void>;
}

const doneKey = (teamId: string, eventId: string) => storeKeys.notifyEventDone(teamId, eventIdPart(eventId));

export function createTaskThreads(store: Store): TaskThreads {
  return {
    get: (teamId, channelId, taskId) =>
      store.get<TaskThread>(storeKeys.notifyThread(teamId, channelId, taskId)),
    save: (teamId, thread, taskId) =>
      store.set(storeKeys.notifyThread(teamId, thread.channelId, taskId), thread, THREAD_TTL_MS),
    eventDone: async (teamId, eventId) => (await store.get(doneKey(teamId, eventId))) !== undefined,
    markEventDone: (teamId, eventId) => store.set(doneKey(teamId, eventId), true, EVENT_TTL_MS),
  };
}
