/**
 * Emoji that make a message a task: a channel's mappings (`:ticket:` → a project), the task each
 * message became (one per message, held by an atomic claim across instances), and the way back from
 * a task to its message, for the ✅ when it is done. Everything sits under the workspace's prefix.
 */
import { checkEmojiName, storeKeys } from '../keys.ts';
import type { Store } from '../types.ts';
import { requirePositiveInt, requireText } from './validate.ts';

/** As long as the message may still be reacted to, or its task done. */
const REACTION_TASK_TTL_MS = 365 * 24 * 3_600_000;

export interface ReactionMapping {
  emoji: string;
  projectId: number;
  projectName: string;
  /** Slack user id of who set it. */
  setBy: string;
  /** Epoch ms. */
  setAt: number;
}

interface ReactionTask {
  taskId: number;
  channelId: string;
  messageTs: string;
  /** The thread the card and what the reactor hears went to (the message's own, or the message). */
  threadTs: string;
  /** Who reacted, and so created it: the only one whose unreacting undoes it. */
  userId: string;
  emoji: string;
  /** Epoch ms, by the app's clock: removing the reaction within the Undo minute deletes the task. */
  createdAt: number;
  /** The card posted in the message's thread. */
  cardTs: string | null;
}

interface ReactionSource {
  channelId: string;
  messageTs: string;
}

interface ReactionTasks {
  setMapping(teamId: string, channelId: string, mapping: ReactionMapping): Promise<void>;
  mapping(teamId: string, channelId: string, emoji: string): Promise<ReactionMapping | undefined>;
  mappings(teamId: string, channelId: string): Promise<ReactionMapping[]>;
  removeMapping(teamId: string, channelId: string, emoji: string): Promise<boolean>;
  /** True for exactly one caller per message, across instances, until `release`. */
  claimMessage(teamId: string, channelId: string, ts: string): Promise<boolean>;
  releaseMessage(teamId: string, channelId: string, ts: string): Promise<void>;
  task(teamId: string, channelId: string, ts: string): Promise<ReactionTask | undefined>;
  saveTask(teamId: string, task: ReactionTask): Promise<void>;
  /** Forgets the message's task and its way back (after Undo). */
  dropTask(teamId: string, task: ReactionTask): Promise<void>;
  source(teamId: string, taskId: number): Promise<ReactionSource | undefined>;
  /** True for exactly one caller per task: the one that adds the ✅. */
  claimDoneMark(teamId: string, taskId: number): Promise<boolean>;
  releaseDoneMark(teamId: string, taskId: number): Promise<void>;
}

/** Slack's reaction names carry a skin tone after `::`; a mapping is of the emoji itself. */
export function baseEmojiName(reaction: string): string {
  return reaction.split('::')[0] ?? reaction;
}

export function createReactionTasks(store: Store): ReactionTasks {
  return {
    async setMapping(teamId, channelId, mapping) {
      const value: ReactionMapping = {
        emoji: checkEmojiName(mapping.emoji),
        projectId: requirePositiveInt('projectId', mapping.projectId),
        projectName: requireText('projectName', mapping.projectName, 200),
        setBy: requireText('setBy', mapping.setBy, 64),
        setAt: mapping.setAt,
      };
      await store.set(storeKeys.reactionMap(teamId, channelId, value.emoji), value);
    },
    mapping: (teamId, channelId, emoji) =>
      store.get<ReactionMapping>(storeKeys.reactionMap(teamId, channelId, emoji)),
    async mappings(teamId, channelId) {
      const out: ReactionMapping[] = [];
      for await (const [, value] of store.entries<ReactionMapping>(storeKeys.reactionMaps(teamId, channelId)))
        out.push(value);
      return out.sort((a, b) => a.emoji.localeCompare(b.emoji));
    },
    removeMapping: (teamId, channelId, emoji) =>
      store.delete(storeKeys.reactionMap(teamId, channelId, emoji)),
    claimMessage: (teamId, channelId, ts) =>
      store.claim(storeKeys.reactionTaskClaim(teamId, channelId, ts), REACTION_TASK_TTL_MS),
    releaseMessage: (teamId, channelId, ts) =>
      store.release(storeKeys.reactionTaskClaim(teamId, channelId, ts)),
    task: (teamId, channelId, ts) => store.get<ReactionTask>(storeKeys.reactionTask(teamId, channelId, ts)),
    async saveTask(teamId, task) {
      await store.set(
        storeKeys.reactionTask(teamId, task.channelId, task.messageTs),
        task,
        REACTION_TASK_TTL_MS,
      );
      await store.set(
        storeKeys.reactionSource(teamId, task.taskId),
        { channelId: task.channelId, messageTs: task.messageTs } satisfies ReactionSource,
        REACTION_TASK_TTL_MS,
      );
    },
    async dropTask(teamId, task) {
      await store.delete(storeKeys.reactionSource(teamId, task.taskId));
      await store.delete(storeKeys.reactionTask(teamId, task.channelId, task.messageTs));
    },
    source: (teamId, taskId) => store.get<ReactionSource>(storeKeys.reactionSource(teamId, taskId)),
    claimDoneMark: (teamId, taskId) =>
      store.claim(storeKeys.reactionDoneMark(teamId, taskId), REACTION_TASK_TTL_MS),
    releaseDoneMark: (teamId, taskId) => store.release(storeKeys.reactionDoneMark(teamId, taskId)),
  };
}
