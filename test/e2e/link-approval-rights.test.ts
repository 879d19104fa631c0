/**
 * Rights are never handed upward by a link's approval, end to end: requests signed as Slack sends
 * them, Slack's side (who is a Slack admin) in the emulator, roles in the sandbox, changed through
 * the service's API while the app runs. Seed: Ana owns the service's workspace (and administers
 * every project), Ben administers Website (and is a plain member of Mobile App), Chloe is a plain
 * member of both, Dev of Website only, Eve a viewer of Website. Ana is the only Slack admin.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../src/slack-emulator/index.ts';
import { type AppWork, watchAppWork } from '../support/app-work.ts';
import { type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';

/** spec-minimal shows no roles: only Slack admins may approve, whoever asks to be linked. */
const ROLES_SHOWN = testSandboxProfile() === 'full';
const ROLES_NOT_SHOWN = /does not show members' roles, so only Slack workspace admins can approve links/;

const SAM = 'U0SAM';
const CARL = 'U0CARL';
const ANA = { id: 1, name: 'Ana Silva' };
const CHLOE = { id: 3, name: 'Chloe Martin' };
const DEV = { id: 4, name: 'Dev Patel' };
const EVE = { id: 5, name: 'Eve Novak' };

let h: Harness;
let work: AppWork;

type View = { id: string; callback_id: string; private_metadata: string; blocks: unknown[] };

/** The requester opens `/task link` and asks to be linked to the member. */
async function requestLink(user: string, member: { id: number; name: string }): Promise<void> {
  const before = new Set(h.emulator.calls('views.update'));
  await h.signer.command('/task link', { user });
  const call = await h.emulator.waitForCall(
    'views.update',
    (c) => !before.has(c) && (c.response.view as View).callback_id === 'link_member',
  );
  const res = await h.signer.viewSubmission({
    user,
    view: call.response.view as View,
    values: {
      ln_member: {
        ln_member_select: {
          type: 'static_select',
          selected_option: { text: { type: 'plain_text', text: member.name }, value: String(member.id) },
        },
      },
    },
  });
  expect(JSON.stringify(res.body)).toContain('to approve linking you to');
  await work.settled();
}

/** Someone clicks Approve (or Decline) on the request; the answer they are given (on the response_url). */
async function approve(
  user: string,
  requester: string,
  memberId: number,
  button = 'approve',
): Promise<string> {
  const before = new Set(h.emulator.calls('response_url'));
  await h.signer.blockAction({ actionId: `link_request_${button}`, value: `${requester}:${memberId}`, user });
  const reply = await h.emulator.waitForCall('response_url', (c) => !before.has(c));
  await work.settled();
  return String(reply.args.text);
}

const dmsTo = (user: string): RecordedCall[] =>
  h.emulator.calls('chat.postMessage').filter((c) => c.args.channel === user);

/** A refused approval: nothing saved, the request still waits, the requester told nothing. */
async function expectRefused(
  reply: string,
  pattern: RegExp,
  requester: string,
  memberId: number,
  dmsBefore: number,
): Promise<void> {
  expect(reply).toMatch(/^:no_entry_sign: /);
  expect(reply).toMatch(ROLES_SHOWN ? pattern : ROLES_NOT_SHOWN);
  expect((await h.app.deps.userLinks.get(TEAM, requester))?.memberId).not.toBe(memberId);
  expect(await h.app.deps.linkRequests.get(TEAM, requester)).toMatchObject({ memberId });
  expect(dmsTo(requester)).toHaveLength(dmsBefore);
}

async function projectId(name: string): Promise<number> {
  for await (const p of h.api.projects.list.all({ per_page: 100 })) if (p.name === name) return p.id;
  throw new Error(`no project ${name}`);
}

async function makeAdmin(project: string, memberId: number): Promise<void> {
  await h.api.members.updateRole(await projectId(project), memberId, { role: 'admin' });
}

describe('a link is approved only by someone holding the member’s rights', () => {
  beforeEach(async () => {
    h = await startHarness({ link: ['ana', 'ben', 'chloe'] });
    work = watchAppWork(h.app);
    h.emulator.addUser({ id: SAM, teamId: TEAM, name: 'sam', email: 'sam@example.com' });
    h.emulator.addUser({ id: CARL, teamId: TEAM, name: 'carl', email: 'carl@example.com' });
  });
  afterEach(async () => {
    await h.close();
  });

  it('refuses a project admin’s approval of a link to the workspace owner, and saves nothing', async () => {
    await requestLink(USERS.zoe, ANA);
    const dms = dmsTo(USERS.zoe).length;
    // Ben administers Website, where Ana is: that is not enough to hand over the owner's account.
    const reply = await approve(USERS.ben, USERS.zoe, ANA.id);
    await expectRefused(
      reply,
      /Only a Slack workspace admin can approve a link to Ana Silva \(the service's workspace owner\)\. Ask a Slack workspace admin to decide/,
      USERS.zoe,
      ANA.id,
      dms,
    );
    expect(await h.app.deps.userLinks.get(TEAM, USERS.ana)).toMatchObject({ memberId: ANA.id });
  });

  it('lets a Slack workspace admin approve the same link, as Slack says now', async () => {
    await requestLink(USERS.zoe, ANA);
    const dms = dmsTo(USERS.zoe).length;
    // Sam is no Slack admin yet: refused (and his profile is now known to the app).
    await expectRefused(
      await approve(SAM, USERS.zoe, ANA.id),
      /Only a Slack workspace admin can approve a link to Ana Silva/,
      USERS.zoe,
      ANA.id,
      dms,
    );
    h.emulator.user(SAM)!.isAdmin = true;
    expect(await approve(SAM, USERS.zoe, ANA.id)).toMatch(
      /<@U0SAM> approved: <@U0ZOE> is linked to \*Ana Silva\*/,
    );
    expect(await h.app.deps.userLinks.get(TEAM, USERS.zoe)).toMatchObject({
      memberId: ANA.id,
      proof: 'approved',
      approvedBy: SAM,
    });
    expect(await h.app.deps.linkRequests.get(TEAM, USERS.zoe)).toBeUndefined();
  });

  it('refuses a Slack admin who is one no longer, though the app read them as one moments before', async () => {
    h.emulator.user(SAM)!.isAdmin = true;
    await requestLink(USERS.zoe, ANA);
    // Sam's own /task link reads his profile as a Slack admin's.
    await h.signer.command('/task link', { user: SAM });
    await h.emulator.waitForCall(
      'views.update',
      (c) => (c.response.view as View).callback_id === 'link_member',
    );
    await work.settled();
    h.emulator.user(SAM)!.isAdmin = false;
    const dms = dmsTo(USERS.zoe).length;
    await expectRefused(
      await approve(SAM, USERS.zoe, ANA.id),
      /Only a Slack workspace admin can approve a link to Ana Silva/,
      USERS.zoe,
      ANA.id,
      dms,
    );
  });

  it('refuses a project admin’s approval of a member who also administers another project', async () => {
    // Chloe administers Mobile App, where Ben is a plain member.
    await makeAdmin('Mobile App', CHLOE.id);
    await h.app.deps.userLinks.unlink(TEAM, USERS.chloe);
    await requestLink(USERS.zoe, CHLOE);
    const dms = dmsTo(USERS.zoe).length;
    await expectRefused(
      await approve(USERS.ben, USERS.zoe, CHLOE.id),
      /Chloe Martin administers \*Mobile App\*, and you don't: only a Slack workspace admin, or an admin of every project Chloe Martin administers, can approve this link/,
      USERS.zoe,
      CHLOE.id,
      dms,
    );
  });

  it('lets a project admin approve a plain member of their project, by the roles of the moment', async () => {
    await requestLink(USERS.zoe, DEV);
    const dms = dmsTo(USERS.zoe).length;
    // Chloe is a plain member of Website, Dev's project: refused (the app has now read its members).
    await expectRefused(
      await approve(USERS.chloe, USERS.zoe, DEV.id),
      /Only a Slack workspace admin, or an admin of a project Dev Patel is in, can approve this link/,
      USERS.zoe,
      DEV.id,
      dms,
    );
    // Made an admin of Website in the service since: her next click counts it.
    await makeAdmin('Website', 3);
    const reply = await approve(USERS.chloe, USERS.zoe, DEV.id);
    if (!ROLES_SHOWN) {
      await expectRefused(reply, ROLES_NOT_SHOWN, USERS.zoe, DEV.id, dms);
      return;
    }
    expect(reply).toMatch(/<@U0CHLOE> approved: <@U0ZOE> is linked to \*Dev Patel\*/);
    expect(await h.app.deps.userLinks.get(TEAM, USERS.zoe)).toMatchObject({
      memberId: DEV.id,
      proof: 'approved',
      approvedBy: USERS.chloe,
    });
    await h.emulator.waitForCall(
      'chat.postMessage',
      (c) => c.args.channel === USERS.zoe && /approved your request/.test(String(c.args.text)),
    );
  });

  it('stops a chain of approvals at the rights its first link carried', async () => {
    // Dev administers Website only: Ben, Website's admin, holds every right Dev has.
    await makeAdmin('Website', DEV.id);
    await requestLink(USERS.zoe, DEV);
    const first = await approve(USERS.ben, USERS.zoe, DEV.id);
    if (ROLES_SHOWN) {
      expect(first).toMatch(/<@U0BEN> approved: <@U0ZOE> is linked to \*Dev Patel\*/);
    } else {
      // No roles shown: only a Slack admin could link Zoe at all.
      expect(first).toMatch(ROLES_NOT_SHOWN);
      await approve(USERS.ana, USERS.zoe, DEV.id);
    }
    expect(await h.app.deps.userLinks.get(TEAM, USERS.zoe)).toMatchObject({ memberId: DEV.id });

    // Zoe, now Dev, cannot hand on the owner's account...
    await requestLink(CARL, ANA);
    let dms = dmsTo(CARL).length;
    await expectRefused(
      await approve(USERS.zoe, CARL, ANA.id),
      /Only a Slack workspace admin can approve a link to Ana Silva \(the service's workspace owner\)/,
      CARL,
      ANA.id,
      dms,
    );
    // ...nor a member who administers a project Dev does not (Ana, a Slack admin, clears the first ask).
    expect(await approve(USERS.ana, CARL, ANA.id, 'decline')).toMatch(/declined <@U0CARL>'s request/);
    await makeAdmin('Mobile App', CHLOE.id);
    await requestLink(CARL, CHLOE);
    dms = dmsTo(CARL).length;
    await expectRefused(
      await approve(USERS.zoe, CARL, CHLOE.id),
      /Chloe Martin administers \*Mobile App\*, and you don't/,
      CARL,
      CHLOE.id,
      dms,
    );
    // What Dev does hold, Zoe may hand on: Eve views Website, which Dev administers.
    expect(await approve(USERS.ana, CARL, CHLOE.id, 'decline')).toMatch(/declined/);
    await requestLink(CARL, EVE);
    const last = await approve(USERS.zoe, CARL, EVE.id);
    if (!ROLES_SHOWN) {
      expect(last).toMatch(ROLES_NOT_SHOWN);
      expect(await h.app.deps.userLinks.get(TEAM, CARL)).toBeUndefined();
      return;
    }
    expect(last).toMatch(/<@U0ZOE> approved: <@U0CARL> is linked to \*Eve Novak\*/);
    expect(await h.app.deps.userLinks.get(TEAM, CARL)).toMatchObject({
      memberId: EVE.id,
      approvedBy: USERS.zoe,
    });
  });
});
