import type { SandboxDb } from '../db/sandbox-db.ts';

export function insertMember(db: SandboxDb, id: number, name: string, email: string): void {
  db.run('INSERT INTO members (id, name, email) VALUES (?, ?, ?)', [id, name, email]);
}

export function joinWorkspace(db: SandboxDb, workspaceId: number, memberId: number, role: string): void {
  db.run('INSERT INTO workspace_members (workspace_id, member_id, role) VALUES (?, ?, ?)', [
    workspaceId,
    memberId,
    role,
  ]);
}

/** The instant `days` from `now` at `hour`:00 UTC, in the stored form. */
export function dayAt(now: Date, days: number, hour: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hour));
  return date.toISOString();
}
