import { InviteMemberBodySchema, PageQuerySchema, UpdateMemberBodySchema } from '../../contract/index.ts';
import { ApiError, conflict } from '../http/api-error.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import { getInvitation, insertInvitation, pendingInvitation, renewInvitation } from '../store/invitations.ts';
import { findMemberByEmail, getProjectMember, listProjectMembers, workspaceRole } from '../store/members.ts';
import { addProjectMember } from '../store/projects.ts';
import { assertActive, projectById } from './access.ts';
import { created, type Handler, list, ok } from './handler-context.ts';

/** How long an invitation stays open. */
const INVITATION_DAYS = 7;

export const memberHandlers = {
  'members.listByProject': (ctx) => {
    projectById(ctx, ctx.id, 'read');
    const query = ctx.query(PageQuerySchema);
    return list(pageOf(listProjectMembers(ctx.db, ctx.id), pageRequest(query)));
  },

  /**
   * Inviting is idempotent: someone already in the project answers 200 with the member, an open
   * invitation answers 200 with that invitation (role and expiry refreshed). A member of the
   * workspace joins at once (the invitation is `accepted`); anyone else gets a `pending` one.
   */
  'members.invite': (ctx) => {
    const project = projectById(ctx, ctx.id, 'admin');
    const body = ctx.body(InviteMemberBodySchema);
    assertActive(project);
    const email = body.email.toLowerCase();
    const role = body.role ?? 'member';
    const expiresAt = new Date(ctx.now.getTime() + INVITATION_DAYS * 86_400_000).toISOString();
    const person = findMemberByEmail(ctx.db, email);
    if (person) {
      const member = getProjectMember(ctx.db, project.id, person.id);
      if (member) return ok(member);
    }
    const open = pendingInvitation(ctx.db, project.id, email, ctx.nowIso);
    if (open) {
      renewInvitation(ctx.db, open.id, role, expiresAt);
      return ok(getInvitation(ctx.db, open.id));
    }
    const joinsNow = person !== undefined && workspaceRole(ctx.db, project.workspace_id, person.id) !== null;
    if (joinsNow) addProjectMember(ctx.db, project.id, person.id, role);
    const id = insertInvitation(ctx.db, {
      project_id: project.id,
      email,
      role,
      status: joinsNow ? 'accepted' : 'pending',
      invitedBy: ctx.viewer.id,
      created_at: ctx.nowIso,
      expires_at: expiresAt,
    });
    return created(getInvitation(ctx.db, id));
  },

  'members.updateRole': (ctx) => {
    const project = projectById(ctx, ctx.id, 'admin');
    const member = getProjectMember(ctx.db, project.id, ctx.uid);
    if (!member) throw new ApiError(404, `Member ${ctx.uid} is not a member of project ${project.id}.`);
    const body = ctx.body(UpdateMemberBodySchema);
    assertActive(project);
    if (member.role === 'admin' && body.role !== 'admin') {
      const admins = listProjectMembers(ctx.db, project.id).filter((m) => m.role === 'admin').length;
      if (admins <= 1) throw conflict(`Member ${member.id} is the last admin of project ${project.id}.`);
    }
    addProjectMember(ctx.db, project.id, member.id, body.role);
    return ok(getProjectMember(ctx.db, project.id, member.id));
  },
} satisfies Record<string, Handler>;
