/**
 * Linking proves identity, end to end: signed requests into the app, Slack's side (profiles,
 * admins, direct messages) in the emulator, members in the sandbox. Emails: the emulator's seeded
 * people share their sandbox member's email except Zoe (zoe@example.com), who has no member.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/manual-clock.ts';
import { watchAppWork } from '../support/app-work.ts';
import { type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';
import { moveTimeUntil, movingUntilDone } from '../support/move-time.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';

/** spec-minimal shows no member roles: only Slack admins may approve, and people are told why. */
const ROLES_SHOWN = testSandboxProfile() === 'full';

let h: Harness;

type View = { id: string; callback_id: string; private_metadata: string; blocks: unknown[] };

async function linkForm(user: string): Promise<View> {
  await h.signer.command('/task link', { user });
  const call = await h.emulator.waitForCall(
    'views.update',
    (c) => (c.response.view as View).callback_id === 'link_member',
    5_000,
  );
  return call.response.view as View;
}

function choose(memberId: number, name: string) {
  return {
    ln_member: {
      ln_member_select: {
        type: 'static_select',
        selected_option: { text: { type: 'plain_text', text: name }, value: String(memberId) },
      },
    },
  };
}

async function dmTo(user: string, pattern: RegExp) {
  return h.emulator.waitForCall(
    'chat.postMessage',
    (c) => c.args.channel === user && pattern.test(JSON.stringify(c.args)),
    5_000,
  );
}

async function decisionReply(pattern: RegExp) {
  return h.emulator.waitForCall('response_url', (c) => pattern.test(String(c.args.text)), 5_000);
}

describe('linking proves identity', () => {
  beforeEach(async () => {
    // Ana (a Slack admin) and Ben are linked, as their Slack emails prove.
    h = await startHarness({ link: ['ana', 'ben'] });
  });
  afterEach(async () => {
    await h.close();
  });

  it('never links someone to a member they pick: Zoe choosing Ana is only a request, and Ana keeps her tasks', async () => {
    const form = await linkForm(USERS.zoe);
    expect(JSON.stringify(form)).toContain('Ask to be linked');
    const res = await h.signer.viewSubmission({
      user: USERS.zoe,
      view: form,
      values: choose(1, 'Ana Silva'),
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toMatch(/admins to approve linking you to \*Ana Silva\*/);
    expect(await h.app.deps.userLinks.get(TEAM, USERS.zoe)).toBeUndefined();
    expect(await h.app.deps.userLinks.get(TEAM, USERS.ana)).toMatchObject({ memberId: 1 });
    // The attack of issue 11: deleting someone else's task as them. Zoe has no account to act as.
    const before = await h.api.tasks.get(8);
    await h.signer.command('/task delete 8', { user: USERS.zoe });
    const answer = await h.emulator.waitForCall('response_url', (c) => !isInterimNote(c.args), 5_000);
    expect(JSON.stringify(answer.args)).toContain('offer_link');
    expect((await h.api.tasks.get(8)).id).toBe(before.id);
  });

  it('asks the workspace admins by direct message; a plain member cannot approve, an admin can', async () => {
    const form = await linkForm(USERS.zoe);
    await h.signer.viewSubmission({ user: USERS.zoe, view: form, values: choose(4, 'Dev Patel') });
    const ask = await dmTo(USERS.ana, /asks to be linked to \*Dev Patel\*/);
    expect(JSON.stringify(ask.args.blocks)).toContain('link_request_approve');
    // Chloe is a plain member of Dev's project (Website) and no Slack admin.
    await linkForm(USERS.chloe);
    await h.signer.blockAction({
      actionId: 'link_request_approve',
      value: `${USERS.zoe}:4`,
      user: USERS.chloe,
    });
    await decisionReply(
      ROLES_SHOWN
        ? /Only a Slack workspace admin, or an admin of a project Dev Patel is in, can approve this link/
        : /does not show members' roles, so only Slack workspace admins can approve links/,
    );
    expect(await h.app.deps.userLinks.get(TEAM, USERS.zoe)).toBeUndefined();
    // A forged value (a member other than the one asked for) decides nothing.
    await h.signer.blockAction({
      actionId: 'link_request_approve',
      value: `${USERS.zoe}:1`,
      user: USERS.ana,
    });
    await decisionReply(/already decided, withdrawn, or has expired/);
    expect(await h.app.deps.userLinks.get(TEAM, USERS.zoe)).toBeUndefined();
    await h.signer.blockAction({
      actionId: 'link_request_approve',
      value: `${USERS.zoe}:4`,
      user: USERS.ana,
    });
    await decisionReply(/approved: <@U0ZOE> is linked to \*Dev Patel\*/);
    expect(await h.app.deps.userLinks.get(TEAM, USERS.zoe)).toMatchObject({
      memberId: 4,
      proof: 'approved',
      approvedBy: USERS.ana,
    });
    await dmTo(USERS.zoe, /approved your request: you are linked to \*Dev Patel\*/);
  });

  it('lets an admin of a project the member is in approve', async () => {
    const form = await linkForm(USERS.zoe);
    await h.signer.viewSubmission({ user: USERS.zoe, view: form, values: choose(4, 'Dev Patel') });
    // Ben administers Website, where Dev is a member.
    await h.signer.blockAction({
      actionId: 'link_request_approve',
      value: `${USERS.zoe}:4`,
      user: USERS.ben,
    });
    if (!ROLES_SHOWN) {
      // The service does not show that Ben administers Website: he is told only Slack admins may.
      await decisionReply(/does not show members' roles/);
      expect(await h.app.deps.userLinks.get(TEAM, USERS.zoe)).toBeUndefined();
      return;
    }
    await decisionReply(/<@U0BEN> approved: <@U0ZOE> is linked to \*Dev Patel\*/);
    expect(await h.app.deps.userLinks.get(TEAM, USERS.zoe)).toMatchObject({
      memberId: 4,
      approvedBy: USERS.ben,
    });
  });

  it('tells the requester when an admin declines, and links no one', async () => {
    const form = await linkForm(USERS.zoe);
    await h.signer.viewSubmission({ user: USERS.zoe, view: form, values: choose(2, 'Ben Okafor') });
    await dmTo(USERS.ana, /asks to be linked to \*Ben Okafor\*/);
    await h.signer.blockAction({
      actionId: 'link_request_decline',
      value: `${USERS.zoe}:2`,
      user: USERS.ana,
    });
    await decisionReply(/declined <@U0ZOE>'s request/);
    await dmTo(USERS.zoe, /declined your request to be linked to \*Ben Okafor\*/);
    expect(await h.app.deps.userLinks.get(TEAM, USERS.zoe)).toBeUndefined();
    expect(await h.app.deps.userLinks.get(TEAM, USERS.ben)).toMatchObject({ memberId: 2 });
  });

  it('never moves a link silently: the person who loses a member is told', async () => {
    const form = await linkForm(USERS.zoe);
    await h.signer.viewSubmission({ user: USERS.zoe, view: form, values: choose(2, 'Ben Okafor') });
    await h.signer.blockAction({
      actionId: 'link_request_approve',
      value: `${USERS.zoe}:2`,
      user: USERS.ana,
    });
    await decisionReply(/approved/);
    expect(await h.app.deps.userLinks.get(TEAM, USERS.zoe)).toMatchObject({ memberId: 2 });
    expect(await h.app.deps.userLinks.get(TEAM, USERS.ben)).toBeUndefined();
    await dmTo(USERS.ben, /no longer linked to \*Ben Okafor\*.*<@U0ZOE>, approved by an admin/);
  });

  it('re-checks a link saved before links needed proof, on its first use', async () => {
    // Saved the old way (no proof): Zoe as Ana's member, Chloe as her own.
    await h.app.deps.userLinks.unlink(TEAM, USERS.ana);
    await h.app.deps.userLinks.link(TEAM, USERS.zoe, {
      memberId: 1,
      memberName: 'Ana Silva',
      email: 'ana@example.com',
    });
    await h.app.deps.userLinks.link(TEAM, USERS.chloe, {
      memberId: 3,
      memberName: 'Chloe Martin',
      email: 'chloe@example.com',
    });
    await h.signer.command('/task mine', { user: USERS.zoe });
    const offer = await h.emulator.waitForCall('response_url', (c) => !isInterimNote(c.args), 5_000);
    expect(JSON.stringify(offer.args)).toContain('offer_link');
    await dmTo(USERS.zoe, /without proof that it is yours/);
    expect(await h.app.deps.userLinks.get(TEAM, USERS.zoe)).toBeUndefined();
    // Chloe's Slack email is her member's: kept, and marked proven.
    expect(await h.app.deps.userLinks.get(TEAM, USERS.chloe)).toMatchObject({ memberId: 3, proof: 'email' });
  });

  it('checks someone else’s unproven link before it maps a mention to a member', async () => {
    // Zoe was linked the old way to Dev's member; Ana assigns a task to @zoe.
    await h.app.deps.userLinks.link(TEAM, USERS.zoe, {
      memberId: 4,
      memberName: 'Dev Patel',
      email: 'dev@example.com',
    });
    await h.signer.command(`/task assign 8 <@${USERS.zoe}|zoe>`, { user: USERS.ana });
    await h.emulator.waitForCall('response_url', (c) => !isInterimNote(c.args), 5_000);
    expect((await h.api.tasks.get(8)).assignees.map((a) => a.id)).not.toContain(4);
    await dmTo(USERS.zoe, /without proof that it is yours/);
    expect(await h.app.deps.userLinks.get(TEAM, USERS.zoe)).toBeUndefined();
  });

  it('checks an unproven link before a card mentions its person for the member', async () => {
    // Zoe was linked the old way to Dev's member; Dev is assigned task 4.
    await h.app.deps.userLinks.link(TEAM, USERS.zoe, {
      memberId: 4,
      memberName: 'Dev Patel',
      email: 'dev@example.com',
    });
    await h.signer.command('/task show 4', { user: USERS.ana });
    const card = await h.emulator.waitForCall('response_url', (c) => !isInterimNote(c.args), 5_000);
    expect(JSON.stringify(card.args)).not.toContain(USERS.zoe);
    await dmTo(USERS.zoe, /without proof that it is yours/);
    expect(await h.app.deps.userLinks.get(TEAM, USERS.zoe)).toBeUndefined();
  });

  it('says nothing went wrong when the person closes the form before it is filled', async () => {
    // On a clock the test moves, so the service's slowness is not waited out.
    await h.close();
    const clock = new ManualClock(Date.now());
    h = await startHarness({ link: ['ana', 'ben'], clock });
    const work = watchAppWork(h.app);
    // Every service answer takes 1.5 s, so the person closes the loading view before the form comes.
    h.sandbox.faults.set({ latencyMs: 1_500 });
    const before = h.emulator.calls('views.open').length;
    await movingUntilDone(clock, 'the ack', h.signer.command('/task link', { user: USERS.zoe }));
    const opened = await moveTimeUntil(clock, 'the loading view', () =>
      h.emulator.calls('views.open').at(before),
    );
    const loading = opened.response.view as View;
    await h.signer.viewClosed({ view: loading, user: USERS.zoe });
    await moveTimeUntil(clock, 'the fill', () =>
      h.emulator.calls('views.update').find((c) => c.args.view_id === loading.id),
    );
    await movingUntilDone(clock, 'the app work', work.settled(15_000));
    h.sandbox.faults.clear();
    // The fill was tried and Slack said the view is gone; the person is told nothing about it.
    const fills = h.emulator.calls('views.update').filter((c) => c.args.view_id === loading.id);
    expect(fills.every((c) => c.response.error === 'not_found')).toBe(true);
    const everything = JSON.stringify(h.emulator.calls().map((c) => c.args));
    expect(everything).not.toMatch(/went wrong/i);
  });
});
