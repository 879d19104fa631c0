/**
 * Bursts of project events waiting for their thread reply, kept in the store so that any instance
 * can send them: one record per event under its task and channel (a repeat of an event writes the
 * same record), a per-workspace marker that the flush lists, and a lease that lets one instance at
 * a time send a task's burst in a channel. A record is removed once its reply has gone; one never
 * sent (nothing drains the workspace for a day) expires.
 */

import { storeKeys } from '../../store/keys.ts';
import { createTeamMarkers } from '../../store/repositories/team-markers.ts';
import type { Store } from '../../store/types.ts';
import type { ProjectEvent } from '../events/project-event.ts';
import { eventIdPart } from './event-id-part.ts';

export interface BurstEntry {
  event: ProjectEvent;
  /** The subscription's project name and broadcast switch when the event arrived. */
  projectName: string;
  broadcast: boolean;
  /** When the event was gathered, epoch ms by the app clock: the window runs from the first. */
  at: number;
  /**
   * Arrival order on the instance that gathered it: two events in one millisecond keep the order
   * they came in (a card must not show the older of two states). Absent on older records.
   */
  order?: number;
  /** Its card was tried and Slack refused it: the event is not told again. */
  cardFailed?: boolean;
}

interface StoredBurstEntry {
  key: string;
  entry: BurstEntry;
}

interface OpenBurst {
  channelId: string;
  taskId: number;
  /** When its oldest event was gathered, epoch ms: its window runs from there. */
  firstAt: number;
}

/** A day: far beyond any window; a workspace nothing drains for that long loses its replies then. */
const ENTRY_TTL_MS = 24 * 3_600_000;

export interface NotifyBursts {
  add(teamId: string, channelId: string, taskId: number, entry: BurstEntry): Promise<void>;
  /** The burst's records, oldest first. */
  list(teamId: string, channelId: string, taskId: number): Promise<StoredBurstEntry[]>;
  update(stored: StoredBurstEntry): Promise<void>;
  remove(stored: StoredBurstEntry[]): Promise<void>;
  /** Workspaces that have (or recently had) bursts waiting. */
  teams(): Promise<string[]>;
  /** The task-channel pairs with records in a workspace; forgets the workspace when there are none. */
  open(teamId: string): Promise<OpenBurst[]>;
  /** True for one holder at a time until released or ttlMs passes (across processes). */
  lease(teamId: string, channelId: string, taskId: number, ttlMs: number): Promise<boolean>;
  releaseLease(teamId: string, channelId: string, taskId: number): Promise<void>;
}

/** `team:<id>:notify-burst:<channel>:<task>:<event>` → the channel and task. */
function openBurstOf(key: string, prefix: string, at: number): OpenBurst | undefined {
  const [channelId, task] = key.slice(prefix.length).split(':');
  const taskId = Number(task);
  return channelId && Number.isInteger(taskId) ? { channelId, taskId, firstAt: at } : undefined;
}

const oldestFirst = (a: StoredBurstEntry, b: StoredBurstEntry) =>
  a.entry.at - b.entry.at ||
  (a.entry.order ?? 0) - (b.entry.order ?? 0) ||
  (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

export function createNotifyBursts(store: Store): NotifyBursts {
  const markers = createTeamMarkers(store, {
    prefix: storeKeys.notifyBurstTeams(),
    key: storeKeys.notifyBurstTeam,
    ttlMs: ENTRY_TTL_MS,
  });
  const list = async (prefix: string) => {
    const found: StoredBurstEntry[] = [];
    for await (const [key, entry] of store.entries<BurstEntry>(prefix)) found.push({ key, entry });
    return found;
  };
  return {
    async add(teamId, channelId, taskId, entry) {
      // The record first, the marker after: a flush that forgets the workspace in between finds
      // the record on its second look (`team-markers.ts`).
      const key = `${storeKeys.notifyBurst(teamId, channelId, taskId)}${eventIdPart(entry.event.id)}`;
      await store.set(key, entry, ENTRY_TTL_MS);
      await markers.mark(teamId);
    },
    async list(teamId, channelId, taskId) {
      return (await list(storeKeys.notifyBurst(teamId, channelId, taskId))).sort(oldestFirst);
    },
    update: (stored) => store.set(stored.key, stored.entry, ENTRY_TTL_MS),
    async remove(stored) {
      for (const { key } of stored) await store.delete(key);
    },
    teams: () => markers.teams(),
    async open(teamId) {
      const prefix = storeKeys.notifyBursts(teamId);
      const pairs = async () => {
        const seen = new Map<string, OpenBurst>();
        for (const { key, entry } of await list(prefix)) {
          const pair = openBurstOf(key, prefix, entry.at);
          if (!pair) continue;
          const id = `${pair.channelId}:${pair.taskId}`;
          const known = seen.get(id);
          if (!known || pair.firstAt < known.firstAt) seen.set(id, pair);
        }
        return [...seen.values()];
      };
      return markers.readOrForget(teamId, pairs);
    },
    lease: (teamId, channelId, taskId, ttlMs) =>
      store.claim(storeKeys.notifyBurstLease(teamId, channelId, taskId), ttlMs),
    releaseLease: (teamId, channelId, taskId) =>
      store.release(storeKeys.notifyBurstLease(teamId, channelId, taskId)),
  };
}
