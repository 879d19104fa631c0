/**
 * What a project event still owes besides its thread replies: the direct messages to people it
 * newly assigns, and a project notice per channel for events about no task. Kept in the store from
 * before the service hears 2xx until sent, so that an instance that dies in between loses nothing:
 * one record per event, a per-workspace marker every instance lists, and a lease that lets one
 * instance at a time send a record. A record is removed once sent; one never sent expires in a day.
 */

import { storeKeys } from '../../store/keys.ts';
import { createTeamMarkers } from '../../store/repositories/team-markers.ts';
import type { Store } from '../../store/types.ts';
import type { ProjectEvent } from '../events/project-event.ts';
import { eventIdPart } from './event-id-part.ts';

interface OutboxEntry {
  event: ProjectEvent;
  /** Channels still owed the event's notice, each with its subscription's project name. */
  notices: Array<{ channelId: string; projectName: string }>;
  /** Whether the event's assignment messages are still to go. */
  directMessages: boolean;
}

/** A day, as for bursts: a workspace no instance drains for that long loses these then. */
const ENTRY_TTL_MS = 24 * 3_600_000;

export interface NotifyOutbox {
  /**
   * Writes the event's record, unless one is there: a repeat of the event must not restore what a
   * send under way has already sent.
   */
  add(teamId: string, entry: OutboxEntry): Promise<void>;
  get(teamId: string, eventId: string): Promise<OutboxEntry | undefined>;
  /** Saves what is left of a record part-way through its sends. */
  update(teamId: string, entry: OutboxEntry): Promise<void>;
  remove(teamId: string, eventId: string): Promise<void>;
  teams(): Promise<string[]>;
  /** The ids of the workspace's waiting events; forgets the workspace when there are none. */
  waiting(teamId: string): Promise<string[]>;
  /** True for one holder at a time until released or ttlMs passes (across processes). */
  lease(teamId: string, eventId: string, ttlMs: number): Promise<boolean>;
  releaseLease(teamId: string, eventId: string): Promise<void>;
}

export function createNotifyOutbox(store: Store): NotifyOutbox {
  const markers = createTeamMarkers(store, {
    prefix: storeKeys.notifyOutboxTeams(),
    key: storeKeys.notifyOutboxTeam,
    ttlMs: ENTRY_TTL_MS,
  });
  const keyOf = (teamId: string, eventId: string) =>
    `${storeKeys.notifyOutbox(teamId)}${eventIdPart(eventId)}`;
  const save = (teamId: string, entry: OutboxEntry) =>
    store.set(keyOf(teamId, entry.event.id), entry, ENTRY_TTL_MS);
  return {
    async add(teamId, entry) {
      if ((await store.get(keyOf(teamId, entry.event.id))) === undefined) await save(teamId, entry);
      // The record first, the marker after (see `team-markers.ts`).
      await markers.mark(teamId);
    },
    get: (teamId, eventId) => store.get<OutboxEntry>(keyOf(teamId, eventId)),
    update: save,
    async remove(teamId, eventId) {
      await store.delete(keyOf(teamId, eventId));
    },
    teams: () => markers.teams(),
    waiting: (teamId) =>
      markers.readOrForget(teamId, async () => {
        const ids: string[] = [];
        for await (const [, entry] of store.entries<OutboxEntry>(storeKeys.notifyOutbox(teamId)))
          ids.push(entry.event.id);
        return ids;
      }),
    lease: (teamId, eventId, ttlMs) =>
      store.claim(storeKeys.notifyOutboxLease(teamId, eventIdPart(eventId)), ttlMs),
    releaseLease: (teamId, eventId) =>
      store.release(storeKeys.notifyOutboxLease(teamId, eventIdPart(eventId))),
  };
}
