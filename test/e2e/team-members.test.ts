/**
 * Members and invitations from Slack, end to end: the member list, inviting by Slack profile or
 * typed email (an existing member is told so, not failed), changing roles as a project admin, and
 * the refusals for everyone else.
 */
import { describe, expect, it } from 'vitest';
import { type Harness, USERS } from '../support/harness.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';
import { harnessForEachTest, slackSteps } from '../support/team-e2e.ts';

/** spec-minimal shows no roles: lists say so, and only Slack admins (Ana) change them. */
const ROLES_SHOWN = testSandboxProfile() === 'full';
const ROLES_NOT_SHOWN = /does not show members’ roles/;

let h: Harness;
const { answer } = slackSteps(() => h);

async function membersOf(projectId: number) {
  return (await h.api.members.listByProject(projectId, { per_page: 100 })).data;
}

describe('members and invitations from Slack', () => {
  harnessForEachTest({ link: ['ana', 'ben', 'chloe', 'dev'] }, (started) => {
    h = started;
  });

  it('lists a project’s members with their roles, mentioning linked people', async () => {
    await h.signer.command('/task members #Website');
    const list = await answer('Members');
    const text = JSON.stringify(list.blocks);
    for (const m of await membersOf(1)) {
      expect(text).toContain(m.name);
      if (ROLES_SHOWN) expect(text).toContain(`_${m.role}_`);
    }
    if (!ROLES_SHOWN) {
      expect(text).toMatch(ROLES_NOT_SHOWN);
      expect(text).not.toContain('unknown');
    }
    expect(text).toContain(`<@${USERS.ben}>`);
  });

  it('invites a Slack person by the email of their profile', async () => {
    await h.signer.command(`/task invite <@${USERS.zoe}|zoe> viewer #Website`);
    const reply = await answer('Invited');
    expect(String(reply.text)).toContain(`<@${USERS.zoe}>`);
    // The service's answer shows the role only in the full profile; never a made-up one.
    expect(String(reply.text)).toMatch(ROLES_SHOWN ? /viewer/ : /^(?!.*unknown)/);
    // Zoe has no account: the invitation waits for her. Inviting again renews it.
    await h.signer.command(`/task invite <@${USERS.zoe}|zoe> #Website`);
    const again = await answer('already invited');
    expect(String(again.text)).toContain('renewed');
  });

  it('invites a person typed by hand (@zoe) as it would the one picked from the menu', async () => {
    await h.signer.command('/task invite @zoe viewer #Website');
    const reply = await answer('Invited');
    expect(String(reply.text)).toContain(`<@${USERS.zoe}>`);
    await h.signer.command('/task invite @nobody-here #Website');
    const refused = await answer('Nobody was invited');
    expect(String(refused.text)).toContain('Nobody in this Slack workspace is called “@nobody-here”');
  });

  it('invites a typed email, as Slack sends it escaped', async () => {
    await h.signer.command('/task invite <mailto:newcomer@example.org|newcomer@example.org> #Operations');
    const reply = await answer('Invited');
    expect(String(reply.text)).toContain('newcomer@example.org');
    expect(String(reply.text)).toContain('Operations');
  });

  it('adds at once someone who already has an account in the workspace', async () => {
    await h.signer.command(`/task invite <@${USERS.dev}|dev> #"Mobile App"`);
    // spec-minimal's invitation shows no status: the reply cannot say Dev joined, only that he is invited.
    const reply = await answer(ROLES_SHOWN ? 'joined' : 'Invited');
    expect(String(reply.text)).toContain(`<@${USERS.dev}>`);
    expect((await membersOf(2)).find((m) => m.id === 4)?.role).toBe('member');
  });

  it('tells that an existing member is already one, and changes nothing', async () => {
    const before = await membersOf(1);
    await h.signer.command(`/task invite <@${USERS.chloe}|chloe> admin #Website`);
    const reply = await answer('already a member');
    expect(String(reply.text)).toContain(`<@${USERS.chloe}>`);
    expect(String(reply.text)).not.toMatch(/warning|wrong/i);
    expect(await membersOf(1)).toEqual(before);
  });

  it('lets a project admin (by their linked role, not Slack admin) change a role', async () => {
    await h.signer.command(`/task role <@${USERS.chloe}|chloe> admin #Website`, { user: USERS.ben });
    if (!ROLES_SHOWN) {
      // Ben's role cannot be seen: he is refused, told why; a Slack admin (Ana) may.
      expect(String((await answer("can't change roles")).text)).toMatch(ROLES_NOT_SHOWN);
      expect((await membersOf(1)).find((m) => m.id === 3)?.role).toBe('member');
      await h.signer.command(`/task role <@${USERS.chloe}|chloe> admin #Website`, { user: USERS.ana });
      expect(String((await answer('took the change')).text)).toMatch(ROLES_NOT_SHOWN);
      expect((await membersOf(1)).find((m) => m.id === 3)?.role).toBe('admin');
      return;
    }
    const reply = await answer('is now');
    expect(String(reply.text)).toContain('(was member)');
    expect((await membersOf(1)).find((m) => m.id === 3)?.role).toBe('admin');
  });

  it('refuses a role change, and an invitation, to someone who is not an admin of the project', async () => {
    await h.signer.command(`/task role <@${USERS.dev}|dev> admin #Website`, { user: USERS.chloe });
    const reply = await answer("can't change roles");
    if (ROLES_SHOWN) {
      expect(String(reply.text)).toContain('Only admins of Website');
      expect(String(reply.text)).toContain('You are a member there');
    } else {
      expect(String(reply.text)).toMatch(ROLES_NOT_SHOWN);
    }
    expect((await membersOf(1)).find((m) => m.id === 4)?.role).toBe('member');

    // Ben administers Website but is only a member of Mobile App.
    await h.signer.command(`/task invite <@${USERS.zoe}|zoe> #"Mobile App"`, { user: USERS.ben });
    const refused = await answer("can't invite people");
    expect(String(refused.text)).toMatch(ROLES_SHOWN ? /Only admins of Mobile App/ : ROLES_NOT_SHOWN);
  });

  it('refuses someone whose Slack account is not linked, saying how to link it', async () => {
    await h.signer.command(`/task invite <@${USERS.chloe}|chloe> #Operations`, { user: USERS.zoe });
    const reply = await answer("can't invite people");
    expect(JSON.stringify(reply.blocks)).toContain('/task link');
  });

  it('explains that the last admin of a project cannot be demoted', async () => {
    await h.signer.command('/task role me member #Operations');
    const reply = await answer('did not change');
    expect(String(reply.text)).toMatch(/last admin/);
    expect((await membersOf(3)).find((m) => m.id === 1)?.role).toBe('admin');
  });

  it('says when the person to promote is not a member of the project', async () => {
    await h.signer.command(`/task role <@${USERS.dev}|dev> admin #Operations`);
    const reply = await answer("isn't a member of Operations");
    expect(JSON.stringify(reply.blocks)).toContain('/task invite');
  });
});
