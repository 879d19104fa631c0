import type { Invitation, ProjectRole } from '../../contract/index.ts';
import type { SandboxDb } from '../db/sandbox-db.ts';

interface InvitationRow {
  id: number;
  project_id: number;
  email: string;
  role: ProjectRole;
  status: Invitation['status'];
  invited_by: number | null;
  inviter_name: string | null;
  created_at: string;
  expires_at: string;
}

function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    project_id: row.project_id,
    email: row.email,
    role: row.role,
    status: row.status,
    invited_by: row.invited_by === null ? null : { id: row.invited_by, name: row.inviter_name ?? '' },
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}

const INVITATION_SELECT = `
  SELECT i.id, i.project_id, i.email, i.role, i.status, i.invited_by, m.name AS inviter_name, i.created_at,
         i.expires_at
    FROM invitations i LEFT JOIN members m ON m.id = i.invited_by`;

export function getInvitation(db: SandboxDb, id: number): Invitation | undefined {
  const row = db.get<InvitationRow>(`${INVITATION_SELECT} WHERE i.id = ?`, [id]);
  return row && toInvitation(row);
}

/** A still-open invitation of this address to this project (expired ones do not count). */
export function pendingInvitation(
  db: SandboxDb,
  projectId: number,
  email: string,
  now: string,
): Invitation | undefined {
  const row = db.get<InvitationRow>(
    `${INVITATION_SELECT} WHERE i.project_id = ? AND i.email = ? AND i.status = 'pending' AND i.expires_at > ?`,
    [projectId, email, now],
  );
  return row && toInvitation(row);
}

export function insertInvitation(
  db: SandboxDb,
  values: Omit<Invitation, 'id' | 'invited_by'> & { invitedBy: number },
): number {
  return db.run(
    `INSERT INTO invitations (project_id, email, role, status, invited_by, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      values.project_id,
      values.email,
      values.role,
      values.status,
      values.invitedBy,
      values.created_at,
      values.expires_at,
    ],
  ).lastInsertRowid;
}

export function renewInvitation(db: SandboxDb, id: number, role: ProjectRole, expiresAt: string): void {
  db.run('UPDATE invitations SET role = ?, expires_at = ? WHERE id = ?', [role, expiresAt, id]);
}
