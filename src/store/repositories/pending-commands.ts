/**
 * Commands acknowledged to Slack that still owe their person a result, kept in the store from
 * before the app promises one (the empty ack, the busy note) until the result has gone: one record
 * per command, a per-workspace marker every instance lists, and a lease that the instance running
 * the command renews. An instance that dies mid-command stops renewing; once the lease lapses,
 * another instance (or the restarted one) takes it and tells the person what became of the command.
 * The same outbox pattern as `notify-outbox.ts`.
 */
import { createHash } from 'node:crypto';
import { storeKeys } from '../keys.ts';
import type { Store } from '../types.ts';
import { createTeamMarkers } from './team-markers.ts';

export interface PendingCommand {
  /** The command's own id (a hash of its trigger id). */
  id: string;
  teamId: string;
  userId: string;
  channelId: string;
  /** `/task` */
  command: string;
  text: string;
  triggerId: string;
  /** Valid 30 minutes from `receivedAt` and five times: the way back to the person. */
  responseUrl: string;
  /** When the command arrived (epoch ms, the app's clock). */
  receivedAt: number;
  /**
   * When another instance first found the command's own instance gone (epoch ms): by then that
   * instance had sent its last request, so a request's time after it, every answer is in.
   */
  orphanedAt?: number;
}

/** Past the response_url's 30 minutes: after that a record is of no use to anyone. */
const ENTRY_TTL_MS = 60 * 60_000;

export interface PendingCommands {
  /** The command's record id for a trigger. */
  idOf(triggerId: string): string;
  add(entry: PendingCommand): Promise<void>;
  get(teamId: string, id: string): Promise<PendingCommand | undefined>;
  /** Saves a record again (what a look learnt of it). */
  update(entry: PendingCommand): Promise<void>;
  remove(teamId: string, id: string): Promise<void>;
  teams(): Promise<string[]>;
  /** The workspace's pending command ids; forgets the workspace when there are none. */
  waiting(teamId: string): Promise<string[]>;
  /** True for one holder at a time until released or ttlMs passes (across processes). */
  lease(teamId: string, id: string, ttlMs: number): Promise<boolean>;
  /** The holder's renewal: false when the lease had lapsed (and may be another's). */
  renewLease(teamId: string, id: string, ttlMs: number): Promise<boolean>;
  releaseLease(teamId: string, id: string): Promise<void>;
}

export function createPendingCommands(store: Store): PendingCommands {
  const markers = createTeamMarkers(store, {
    prefix: storeKeys.pendingCommandTeams(),
    key: storeKeys.pendingCommandTeam,
    ttlMs: ENTRY_TTL_MS,
  });
  const keyOf = (teamId: string, id: string) => `${storeKeys.pendingCommand(teamId)}${id}`;
  const leaseOf = (teamId: string, id: string) => storeKeys.pendingCommandLease(teamId, id);
  return {
    idOf: (triggerId) => createHash('sha256').update(triggerId).digest('hex').slice(0, 32),
    async add(entry) {
      await store.set(keyOf(entry.teamId, entry.id), entry, ENTRY_TTL_MS);
      // The record first, the marker after (see `team-markers.ts`).
      await markers.mark(entry.teamId);
    },
    get: (teamId, id) => store.get<PendingCommand>(keyOf(teamId, id)),
    update: (entry) => store.set(keyOf(entry.teamId, entry.id), entry, ENTRY_TTL_MS),
    async remove(teamId, id) {
      await store.delete(keyOf(teamId, id));
    },
    teams: () => markers.teams(),
    waiting: (teamId) =>
      markers.readOrForget(teamId, async () => {
        const ids: string[] = [];
        for await (const [, entry] of store.entries<PendingCommand>(storeKeys.pendingCommand(teamId)))
          ids.push(entry.id);
        return ids;
      }),
    lease: (teamId, id, ttlMs) => store.claim(leaseOf(teamId, id), ttlMs),
    renewLease: (teamId, id, ttlMs) => store.extend(leaseOf(teamId, id), ttlMs),
    releaseLease: (teamId, id) => store.release(leaseOf(teamId, id)),
  };
}
