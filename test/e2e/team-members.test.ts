/**
 * Members and invitations from Slack, end to end: the member list, inviting by Slack profile or
 * typed email (an existing member is told so, not failed), changing roles as a project admin, and
 * the refusals for everyone else.
 */
import { describe, expect, it } from 'vitest';
import { type Harness, USERS } from '../support/harness.ts';
import { harnessForEachTest, slackSteps } from '../support/team-e2e.ts';

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
      expect(text).toContain(`_${m.role}_`);
    }
    expect(text).toContain(`<@${USERS.ben}>`);
  });

  it('invites a Slack person by the email of their profile', async () => {
    await h.signer.command(`/task invite <@${USERS.zoe}|zoe> viewer #Website`);
    const reply = await answer('Invited');
    expect(String(reply.text)).toContain(`<@${USERS.zoe}>`);
    expect(String(reply.text)).toContain('viewer');
    // Zoe has no account: the invitation waits for her. Inviting again renews it.
    await h.signer.command(`/task invite <@${USERS.zoe}|zoe> #Website`);
    const again = await answer('already invited');
    expect(String(again.text)).toContain('renewed');
  });

  it('invites a typed email, as Slack sends it escaped', async () => {
    await h.signer.command('/task invite <mailto:newcomer@example.org|newcomer@example.org> #Operations');
    const reply = await answer('Invited');
    expect(String(reply.text)).toContain('newcomer@example.org');
    expect(String(reply.text)).toContain('Operations');
  });

  it('adds at once someone who already has an account in the workspace', async () => {
    await h.signer.command(`/task invite <@${USERS.dev}|dev> #"Mobile App"`);
    const reply = await answer('joined');
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
    const reply = await answer('is now');
    expect(String(reply.text)).toContain('(was member)');
    expect((await membersOf(1)).find((m) => m.id === 3)?.role).toBe('admin');
  });

  it('refuses a role change, and an invitation, to someone who is not an admin of the project', async () => {
    await h.signer.command(`/task role <@${USERS.dev}|dev> admin #Website`, { user: USERS.chloe });
    const reply = await answer("can't change roles");
    expect(String(reply.text)).toContain('Only admins of Website');
    expect(String(reply.text)).toContain('You are a member there');
    expect((await membersOf(1)).find((m) => m.id === 4)?.role).toBe('member');

    // Ben administers Website but is only a member of Mobile App.
    await h.signer.command(`/task invite <@${USERS.zoe}|zoe> #"Mobile App"`, { user: USERS.ben });
    const refused = await answer("can't invite people");
    expect(String(refused.text)).toContain('Only admins of Mobile App');
  });

  it('refuses someone whose Slack account is not linked, saying how to link it', async () => {
    await h.signer.command(`/task invite <@${USERS.chloe}|chloe> #Operations`, { user: USERS.zoe });
    const reply = await answer("can't invite people");
    expect(JSON.stringify(reply.blocks)).toContain('/task link');
  });

  it('explains that the last admin of a project cannot be demoted', async () => {
    await h.signer.command('/task role me member #Operations');
    const reply = await answer('still admin');
    expect(String(reply.text)).toMatch(/last admin/);
    expect((await membersOf(3)).find((m) => m.id === 1)?.role).toBe('admin');
  });

  it('says when the person to promote is not a member of the project', async () => {
    await h.signer.command(`/task role <@${USERS.dev}|dev> admin #Operations`);
    const reply = await answer("isn't a member of Operations");
    expect(JSON.stringify(reply.blocks)).toContain('/task invite');
  });
});
