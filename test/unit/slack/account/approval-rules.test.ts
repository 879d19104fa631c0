import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ApprovalCase,
  type MemberRights,
  ruleOnLinkApproval,
} from '../../../../src/slack/features/account/approval-rules.ts';

const WORKSPACE = 'Acme';
const PROJECTS: Record<number, string> = { 1: 'Website', 2: 'Mobile App', 3: 'Operations' };

/** A member: their workspace role and their role per project id. */
function member(
  name: string,
  workspaceRole: string | null,
  projects: Record<number, string> = {},
): MemberRights {
  return {
    id: name.length,
    name,
    workspaces: workspaceRole ? [{ id: 1, name: WORKSPACE, role: workspaceRole }] : [],
    projects: Object.entries(projects).map(([id, role]) => ({
      id: Number(id),
      name: PROJECTS[Number(id)]!,
      role,
    })),
  };
}

const owner = member('Ana Silva', 'owner', { 1: 'admin', 2: 'admin', 3: 'admin' });
const wsAdmin = member('Ben Okafor', 'admin', { 1: 'admin', 2: 'member' });
const p1Admin = member('Ria', 'member', { 1: 'admin' });
const p1AdminGuest = member('Gus', 'guest', { 1: 'admin' });
const p1AdminP2Member = member('Sam', 'member', { 1: 'admin', 2: 'member' });
const p1AdminP2Viewer = member('Vic', 'member', { 1: 'admin', 2: 'viewer' });
const p1Member = member('Chloe', 'member', { 1: 'member' });
const p1Viewer = member('Eve', 'guest', { 1: 'viewer' });
const p1OnlyAdmin = member('Dev', 'member', { 1: 'admin' });
const p1p2Admin = member('Kim', 'member', { 1: 'admin', 2: 'admin' });
const p1p2Member = member('Lou', 'member', { 1: 'member', 2: 'member' });
const p2Member = member('Max', 'member', { 2: 'member' });
const noProject = member('Ned', 'member');
const wsMember = member('Ola', 'member', { 1: 'member' });
const unknownRoles = member('Una', 'unknown', { 1: 'unknown' });
const p1Unknown = member('Uri', 'member', { 1: 'unknown' });
const strangeRole = member('Sid', 'member', { 1: 'superuser' });
const ownerRolesUnshown = member('Ana Silva', 'owner', { 1: 'unknown' });

type Row = [string, boolean, MemberRights | null, MemberRights, 'allowed' | string];

// approver (Slack admin?, member) × target → allowed, or the reason for the refusal.
const TABLE: Row[] = [
  ['a Slack admin, a link to the owner', true, null, owner, 'allowed'],
  ['a Slack admin linked to a plain member, a link to the owner', true, p1Member, owner, 'allowed'],
  ['a Slack admin, a link to a workspace admin', true, null, wsAdmin, 'allowed'],
  ['a Slack admin, when the service shows no roles', true, null, unknownRoles, 'allowed'],
  ['a project admin, a link to the owner', false, p1Admin, owner, 'owner'],
  ['the owner (not a Slack admin), a link to the owner', false, owner, owner, 'owner'],
  ['a workspace admin (not a Slack admin), a link to the owner', false, wsAdmin, owner, 'owner'],
  ['someone unlinked, a link to the owner', false, null, owner, 'owner'],
  [
    'a project admin, a link to the owner whose project roles are not shown',
    false,
    p1Admin,
    ownerRolesUnshown,
    'owner',
  ],
  ['a project admin, a link to a workspace admin', false, p1p2Admin, wsAdmin, 'workspace admin'],
  ['someone unlinked, a link to a plain member', false, null, p1Member, 'not linked'],
  ['a project admin, a plain member of that project', false, p1Admin, p1Member, 'allowed'],
  ['a project admin, a viewer of that project', false, p1Admin, p1Viewer, 'allowed'],
  ['a project admin, an admin of that project only', false, p1Admin, p1OnlyAdmin, 'allowed'],
  ['a project admin, an admin of that project and another', false, p1Admin, p1p2Admin, 'administers more'],
  ['an admin of two projects, an admin of both', false, p1p2Admin, p1p2Admin, 'allowed'],
  ['a project admin and member elsewhere, a member of both', false, p1AdminP2Member, p1p2Member, 'allowed'],
  ['a project admin, a member of that project and of another', false, p1Admin, p1p2Member, 'higher role'],
  ['a project admin and viewer elsewhere, a member there', false, p1AdminP2Viewer, p1p2Member, 'higher role'],
  [
    'a project admin who is a workspace guest, a workspace member',
    false,
    p1AdminGuest,
    wsMember,
    'higher role',
  ],
  ['a project admin, a member of another project only', false, p1Admin, p2Member, 'higher role'],
  [
    'a plain member, a plain member of the same project',
    false,
    p1Member,
    wsMember,
    'no project administered',
  ],
  ['a project admin, a member in no project', false, p1Admin, noProject, 'no project administered'],
  ['a project admin, when the service shows no roles', false, p1Admin, unknownRoles, 'roles unknown'],
  ['someone whose own role is not shown, a plain member', false, p1Unknown, p1Member, 'roles unknown'],
  [
    'a project admin, a member with a role the app does not know',
    false,
    p1Admin,
    strangeRole,
    'roles unknown',
  ],
];

describe('who may approve a link', () => {
  it.each(TABLE)('%s', (_, isSlackAdmin, approver, target, expected) => {
    const ruling = ruleOnLinkApproval({ approverIsSlackAdmin: isSlackAdmin, approver, target });
    expect(ruling.allowed ? 'allowed' : ruling.reason).toBe(expected);
  });

  it('tells the approver plainly why and what to do', () => {
    const owned = ruleOnLinkApproval({ approverIsSlackAdmin: false, approver: p1Admin, target: owner });
    expect(owned).toMatchObject({
      why: "Only a Slack workspace admin can approve a link to Ana Silva (the service's workspace owner).",
      next: expect.stringContaining('Ask a Slack workspace admin'),
    });
    const more = ruleOnLinkApproval({ approverIsSlackAdmin: false, approver: p1Admin, target: p1p2Admin });
    expect(more).toMatchObject({
      why: expect.stringMatching(/^Kim administers \*Mobile App\*, and you don't/),
    });
    const declined = ruleOnLinkApproval(
      { approverIsSlackAdmin: false, approver: p1Admin, target: owner },
      'decline',
    );
    expect(declined).toMatchObject({ why: expect.stringContaining('can decline a link to Ana Silva') });
  });

  it('escapes names from the service, so a name cannot mention or link anyone', () => {
    const target = { ...owner, name: '<!channel> Ana' };
    const ruling = ruleOnLinkApproval({ approverIsSlackAdmin: false, approver: p1Admin, target });
    expect(ruling.allowed ? '' : ruling.why).toContain('&lt;!channel&gt; Ana');
  });
});

const PROJECT_RANK: Record<string, number> = { viewer: 1, member: 2, admin: 3 };
const WORKSPACE_RANK: Record<string, number> = { guest: 1, member: 2, admin: 3, owner: 4 };

/** A member with any known roles in workspaces 1–2 and projects 1–3 (or none there). */
const rights = (id: number): fc.Arbitrary<MemberRights> =>
  fc
    .record({
      ws: fc.array(fc.constantFrom(null, 'guest', 'member', 'admin', 'owner'), {
        minLength: 2,
        maxLength: 2,
      }),
      projects: fc.array(fc.constantFrom(null, 'viewer', 'member', 'admin'), { minLength: 3, maxLength: 3 }),
    })
    .map(({ ws, projects }) => ({
      id,
      name: `M${id}`,
      workspaces: ws.flatMap((role, i) => (role ? [{ id: i + 1, name: `W${i + 1}`, role }] : [])),
      projects: projects.flatMap((role, i) => (role ? [{ id: i + 1, name: `P${i + 1}`, role }] : [])),
    }));

const roleOf = (list: MemberRights['projects'], id: number) => list.find((r) => r.id === id)?.role;

describe('who may approve a link, for any roles', () => {
  it('an approver never hands rights it does not hold', () => {
    fc.assert(
      fc.property(fc.option(rights(1), { nil: null }), rights(2), (approver, target) => {
        const c: ApprovalCase = { approverIsSlackAdmin: false, approver, target };
        if (!ruleOnLinkApproval(c).allowed) return;
        expect(approver).not.toBeNull();
        for (const p of target.projects) {
          expect(PROJECT_RANK[roleOf(approver!.projects, p.id) ?? ''] ?? 0).toBeGreaterThanOrEqual(
            PROJECT_RANK[p.role]!,
          );
        }
        for (const w of target.workspaces) {
          expect(['owner', 'admin']).not.toContain(w.role);
          expect(WORKSPACE_RANK[roleOf(approver!.workspaces, w.id) ?? ''] ?? 0).toBeGreaterThanOrEqual(
            WORKSPACE_RANK[w.role]!,
          );
        }
        expect(target.projects.some((p) => roleOf(approver!.projects, p.id) === 'admin')).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a Slack admin may approve any link; a member may hand on exactly their own rights', () => {
    fc.assert(
      fc.property(fc.option(rights(1), { nil: null }), rights(2), (approver, target) => {
        expect(ruleOnLinkApproval({ approverIsSlackAdmin: true, approver, target }).allowed).toBe(true);
        const same = ruleOnLinkApproval({
          approverIsSlackAdmin: false,
          approver: { ...target, id: 1 },
          target,
        });
        const workspaceLevel = target.workspaces.some((w) => w.role === 'owner' || w.role === 'admin');
        const administers = target.projects.some((p) => p.role === 'admin');
        expect(same.allowed).toBe(!workspaceLevel && administers);
      }),
    );
  });
});
