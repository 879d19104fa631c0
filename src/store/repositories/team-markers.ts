/**
 * Which workspaces have records of one kind waiting to be sent (notification bursts, the outbox):
 * a global marker per workspace, listed by every instance at each look, written after a record and
 * forgotten by a look that finds none. A look forgets, then reads again, so that a record written
 * in between keeps its workspace listed.
 */
import type { Store } from '../types.ts';

interface TeamMarkers {
  /** Lists the workspace; call after writing its record. */
  mark(teamId: string): Promise<void>;
  /** Workspaces that have (or recently had) records waiting. */
  teams(): Promise<string[]>;
  /** The workspace's records as `read` finds them; when there are none, the workspace is forgotten. */
  readOrForget<T>(teamId: string, read: () => Promise<T[]>): Promise<T[]>;
}

export function createTeamMarkers(
  store: Store,
  o: { prefix: string; key: (teamId: string) => string; ttlMs: number },
): TeamMarkers {
  const mark = (teamId: string) => store.set(o.key(teamId), teamId, o.ttlMs);
  return {
    mark,
    async teams() {
      const teams: string[] = [];
      for await (const [, teamId] of store.entries<string>(o.prefix)) teams.push(teamId);
      return teams;
    },
    async readOrForget(teamId, read) {
      const found = await read();
      if (found.length > 0) return found;
      await store.delete(o.key(teamId));
      const again = await read();
      if (again.length > 0) await mark(teamId);
      return again;
    },
  };
}
