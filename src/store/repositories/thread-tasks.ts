/**
 * Threads made into tasks by @Taskbridge: which task a thread became (one per thread, so a second
 * mention shows it rather than making another), and the task proposed from a thread to one person
 * until they create or cancel it. Everything is kept under the workspace's prefix.
 */
import { randomUUID } from 'node:crypto';
import { storeKeys } from '../keys.ts';
import type { Store } from '../types.ts';

/** As long as someone may mention the app in the thread again. */
const THREAD_TASK_TTL_MS = 365 * 24 * 3_600_000;
/** A preview nobody acted on is forgotten after a day. */
const PREVIEW_TTL_MS = 24 * 3_600_000;

interface ThreadTask {
  taskId: number;
  /** The thread's bot-posted card, when it was posted. */
  cardTs: string | null;
}

export interface ThreadPreview {
  /** Who asked: only they may create or cancel it. */
  userId: string;
  channelId: string;
  threadTs: string;
  title: string;
  description: string;
  permalink: string | null;
  /** The thread's people, offered as assignees. */
  people: string[];
  /** Chosen among `people`. */
  assignees: string[];
  projectId: number | null;
  projectName: string | null;
}

interface ThreadTasks {
  get(teamId: string, channelId: string, threadTs: string): Promise<ThreadTask | undefined>;
  set(teamId: string, channelId: string, threadTs: string, value: ThreadTask): Promise<void>;
  savePreview(teamId: string, preview: ThreadPreview): Promise<string>;
  preview(teamId: string, id: string): Promise<ThreadPreview | undefined>;
  updatePreview(teamId: string, id: string, preview: ThreadPreview): Promise<void>;
  dropPreview(teamId: string, id: string): Promise<void>;
}

const PREVIEW_ID = /^[a-f0-9]{16}$/;

export function createThreadTasks(store: Store): ThreadTasks {
  return {
    get: (teamId, channelId, threadTs) =>
      store.get<ThreadTask>(storeKeys.threadTask(teamId, channelId, threadTs)),
    async set(teamId, channelId, threadTs, value) {
      await store.set(storeKeys.threadTask(teamId, channelId, threadTs), value, THREAD_TASK_TTL_MS);
    },
    async savePreview(teamId, preview) {
      const id = randomUUID().replaceAll('-', '').slice(0, 16);
      await store.set(storeKeys.threadPreview(teamId, id), preview, PREVIEW_TTL_MS);
      return id;
    },
    async preview(teamId, id) {
      if (!PREVIEW_ID.test(id)) return undefined;
      return store.get<ThreadPreview>(storeKeys.threadPreview(teamId, id));
    },
    async updatePreview(teamId, id, preview) {
      if (!PREVIEW_ID.test(id)) return;
      await store.set(storeKeys.threadPreview(teamId, id), preview, PREVIEW_TTL_MS);
    },
    async dropPreview(teamId, id) {
      if (!PREVIEW_ID.test(id)) return;
      await store.delete(storeKeys.threadPreview(teamId, id));
    },
  };
}
