/**
 * Where a task's thread lives in each channel (its parent message), and the claim that makes each
 * project event act once. Threads are kept 90 days after their last use.
 */
import { createHash } from 'node:crypto';
import { storeKeys } from '../keys.ts';
import type { Store } from '../types.ts';

export interface TaskThread {
  channelId: string;
  ts: string;
  /** The task's title when the card was posted (for the tombstone of a task deleted later). */
  title?: string;
}

const THREAD_TTL_MS = 90 * 24 * 3_600_000;
/** An event id is remembered a week: webhook retries and poller repeats come well within it. */
const EVENT_TTL_MS = 7 * 24 * 3_600_000;

export interface TaskThreads {
  get(teamId: string, channelId: string, taskId: number): Promise<TaskThread | undefined>;
  save(teamId: string, thread: TaskThread, taskId: number): Promise<void>;
  /** True for the first caller with this event id (across processes), false for every repeat. */
  claimEvent(teamId: string, eventId: string): Promise<boolean>;
  releaseEvent(teamId: string, eventId: string): Promise<void>;
}

function eventKey(teamId: string, eventId: string): string {
  const id = eventId.length > 120 ? `sha256:${createHash('sha256').update(eventId).digest('hex')}` : eventId;
  return storeKeys.notifyEvent(teamId, id);
}

export function createTaskThreads(store: Store): TaskThreads {
  return {
    get: (teamId, channelId, taskId) =>
      store.get<TaskThread>(storeKeys.notifyThread(teamId, channelId, taskId)),
    save: (teamId, thread, taskId) =>
      store.set(storeKeys.notifyThread(teamId, thread.channelId, taskId), thread, THREAD_TTL_MS),
    claimEvent: (teamId, eventId) => store.claim(eventKey(teamId, eventId), EVENT_TTL_MS),
    releaseEvent: (teamId, eventId) => store.release(eventKey(teamId, eventId)),
  };
}
