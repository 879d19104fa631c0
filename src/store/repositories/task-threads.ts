/**
 * Where a task's thread lives in each channel (its parent message), the record that an event is
 * already gathered (written after its bursts, so a crash between leaves it to be written again),
 * and the claim that makes the rest of each project event (direct messages, notices) act once. Threads are kept 90 days after their last use.
 */
import { createHash } from 'node:crypto';
import { storeKeys } from '../keys.ts';
import type { Store } from '../types.ts';

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
  /** True for the first caller with this event id (across processes), false for every repeat. */
  claimEvent(teamId: string, eventId: string): Promise<boolean>;
  /** Whether the event was already written to its bursts (kept as long as its claim). */
  eventDone(teamId: string, eventId: string): Promise<boolean>;
  markEventDone(teamId: string, eventId: string): Promise<void>;
}

const idPart = (eventId: string) =>
  eventId.length > 120 ? `sha256:${createHash('sha256').update(eventId).digest('hex')}` : eventId;
const eventKey = (teamId: string, eventId: string) => storeKeys.notifyEvent(teamId, idPart(eventId));
const doneKey = (teamId: string, eventId: string) => storeKeys.notifyEventDone(teamId, idPart(eventId));

export function createTaskThreads(store: Store): TaskThreads {
  return {
    get: (teamId, channelId, taskId) =>
      store.get<TaskThread>(storeKeys.notifyThread(teamId, channelId, taskId)),
    save: (teamId, thread, taskId) =>
      store.set(storeKeys.notifyThread(teamId, thread.channelId, taskId), thread, THREAD_TTL_MS),
    claimEvent: (teamId, eventId) => store.claim(eventKey(teamId, eventId), EVENT_TTL_MS),
    eventDone: async (teamId, eventId) => (await store.get(doneKey(teamId, eventId))) !== undefined,
    markEventDone: (teamId, eventId) => store.set(doneKey(teamId, eventId), true, EVENT_TTL_MS),
  };
}
