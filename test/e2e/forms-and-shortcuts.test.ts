/**
 * The create form, the "Create task" shortcuts, connecting and linking, end to end: signed
 * interactions into the app, Slack's side in the emulator, the service's in the sandbox.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppWork, watchAppWork } from '../support/app-work.ts';
import { createValues } from '../support/create-form-values.ts';
import { type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';
import { tamperFirstCharacter } from '../support/tamper.ts';

/** spec-minimal shows no member emails: members are named alone, and nobody links by email. */
const EMAILS_SHOWN = testSandboxProfile() === 'full';

let h: Harness;
let work: AppWork;

type View = { id: string; callback_id: string; private_metadata: string; blocks: unknown[]; hash?: string };

async function openedView(method = 'views.open', predicate?: (v: View) => boolean): Promise<View> {
  const call = await h.emulator.waitForCall(
    method,
    (c) => (predicate ? predicate(c.response.view as View) : true),
    5_000,
  );
  return call.response.view as View;
}

async function tasksTitled(title: string) {
  return (await h.api.tasks.list({ q: title, per_page: 100 })).data.filter((t) => t.title === title);
}

describe('forms and shortcuts', () => {
  beforeEach(async () => {
    h = await startHarness({ link: ['ana', 'ben'] });
    work = watchAppWork(h.app);
  });
  afterEach(async () => {
    await h.close();
  });

  it('turns a message into a task and posts the card in its thread with a link back', async () => {
    const source = h.emulator.addMessage({
      channel: 'C0WEBSITE',
      user: USERS.chloe,
      text: 'The *checkout* page breaks on Safari &amp; Firefox, see <https://bugs.example.com/1|bug 1>',
    });
    await h.signer.messageShortcut({
      callbackId: 'create_task_message',
      message: source,
      channel: 'C0WEBSITE',
    });
    const view = await openedView();
    expect(JSON.stringify(view.blocks)).toContain('Safari & Firefox');
    const submitted = await h.signer.viewSubmission({
      view,
      values: createValues({
        projectId: 1,
        projectName: 'Website',
        title: 'Checkout breaks on Safari',
        assignees: [USERS.ben],
      }),
    });
    expect(submitted.status).toBe(200);
    const reply = await h.emulator.waitForCall(
      'chat.postMessage',
      (c) => c.args.thread_ts === source.ts,
      5_000,
    );
    expect(reply.args.channel).toBe('C0WEBSITE');
    const [task] = await tasksTitled('Checkout breaks on Safari');
    expect(task?.assignees.map((a) => a.id)).toEqual([2]);
    expect(task?.description).toContain('From Slack: ');
    expect(JSON.stringify(reply.args.blocks)).toContain('Checkout breaks on Safari');
  });

  it('answers field errors in the acknowledgement and creates nothing', async () => {
    await h.signer.globalShortcut({ callbackId: 'create_task_global' });
    const view = await openedView();
    const res = await h.signer.viewSubmission({
      view,
      values: createValues({ projectId: 1, projectName: 'Website', title: '   ' }),
    });
    expect(res.body).toMatchObject({ response_action: 'errors', errors: { ct_title: expect.any(String) } });
  });

  it('creates one task however often the same form is submitted', async () => {
    await h.signer.globalShortcut({ callbackId: 'create_task_global' });
    const view = await openedView();
    const values = createValues({
      projectId: 2,
      projectName: 'Mobile App',
      title: 'Submitted twice',
      date: '2026-12-01',
    });
    await Promise.all([h.signer.viewSubmission({ view, values }), h.signer.viewSubmission({ view, values })]);
    await h.emulator.waitForCall(
      'chat.postMessage',
      (c) => JSON.stringify(c.args).includes('Submitted twice'),
      5_000,
    );
    await work.settled();
    expect(await tasksTitled('Submitted twice')).toHaveLength(1);
  });

  it('refuses a form whose private_metadata was tampered with', async () => {
    await h.signer.globalShortcut({ callbackId: 'create_task_global' });
    const view = await openedView();
    const res = await h.signer.viewSubmission({
      view: { ...view, private_metadata: tamperFirstCharacter(view.private_metadata) },
      values: createValues({ projectId: 1, projectName: 'Website', title: 'Tampered form task' }),
    });
    expect(JSON.stringify(res.body)).toContain('out of date');
    expect(await tasksTitled('Tampered form task')).toHaveLength(0);
  });

  it('keeps what was typed when the service is down, and reopens it in one click', async () => {
    await h.signer.globalShortcut({ callbackId: 'create_task_global' });
    const view = await openedView();
    h.sandbox.faults.set({ outage: true });
    await h.signer.viewSubmission({
      view,
      values: createValues({ projectId: 1, projectName: 'Website', title: 'Typed during outage' }),
    });
    const notice = await h.emulator.waitForCall(
      'chat.postMessage',
      (c) => JSON.stringify(c.args).includes('reopen_task_draft'),
      5_000,
    );
    h.sandbox.faults.clear();
    const blocks = notice.args.blocks as Array<{ elements?: Array<{ value?: string }> }>;
    const draftId = blocks.flatMap((b) => b.elements ?? []).find((e) => e.value)?.value;
    h.emulator.clearCalls();
    await h.signer.blockAction({ actionId: 'reopen_task_draft', value: draftId!, channel: USERS.ana });
    const reopened = await openedView();
    expect(JSON.stringify(reopened.blocks)).toContain('Typed during outage');
    expect(await tasksTitled('Typed during outage')).toHaveLength(0);
  });

  it("searches projects and members for the forms' external selects from cached lists", async () => {
    const projects = await h.signer.blockSuggestion({ actionId: 'ct_project_select', value: 'mob' });
    expect(projects.body).toEqual({
      options: [{ text: { type: 'plain_text', text: 'Mobile App' }, value: '2' }],
    });
    const members = await h.signer.blockSuggestion({ actionId: 'ln_member_select', value: 'chloe' });
    expect(JSON.stringify(members.body)).toContain(
      EMAILS_SHOWN ? 'Chloe Martin (chloe@example.com)' : '"text":"Chloe Martin"',
    );
    await h.app.deps.connections.delete(TEAM);
    const unconnected = await h.signer.blockSuggestion({ actionId: 'ct_project_select', value: 'mob' });
    expect(unconnected.body).toEqual({ options: [] });
  });

  it('links a person at once to the member whose email is their Slack email, with nothing to pick', async () => {
    await h.signer.command('/task link', { user: USERS.chloe });
    const view = await openedView(
      'views.update',
      (v) => v.callback_id === 'link_member' && JSON.stringify(v.blocks).includes('Chloe'),
    );
    if (!EMAILS_SHOWN) {
      // No email to prove it: Chloe is suggested by name and asks an admin; nothing is linked yet.
      expect(JSON.stringify(view.blocks)).toContain('Suggested from your Slack profile: *Chloe Martin*');
      expect(JSON.stringify(view.blocks)).toContain(
        'does not show members’ emails, so an admin approves the link',
      );
      expect(await h.app.deps.userLinks.get(TEAM, USERS.chloe)).toBeUndefined();
      return;
    }
    expect(JSON.stringify(view.blocks)).toMatch(/You are linked to \*Chloe Martin\*/);
    expect(JSON.stringify(view)).not.toContain('ln_member_select');
    expect(await h.app.deps.userLinks.get(TEAM, USERS.chloe)).toMatchObject({ memberId: 3, proof: 'email' });
  });

  it('lets an admin connect after checking the token live, and never keeps a wrong one', async () => {
    await h.app.deps.connections.delete(TEAM);
    await h.signer.command('/task connect', { user: USERS.ana });
    const view = await openedView();
    const values = (token: string) => ({
      cn_base_url: { cn_base_url_input: h.sandbox.url },
      cn_token: { cn_token_input: token },
    });
    const wrong = await h.signer.viewSubmission({ view, values: values('not-a-valid-token') });
    expect(JSON.stringify(wrong.body)).toMatch(/refused this token/);
    expect(JSON.stringify(wrong.body)).not.toContain('not-a-valid-token');
    expect(await h.app.deps.connections.get(TEAM)).toBeUndefined();
    const right = await h.signer.viewSubmission({ view, values: values(h.sandbox.token) });
    expect(right.status).toBe(200);
    expect((await h.app.deps.connections.get(TEAM))?.baseUrl).toBe(h.sandbox.url);
  });

  it('does not let a non-admin connect the workspace', async () => {
    await h.signer.command('/task connect', { user: USERS.ben });
    const view = await openedView();
    expect(JSON.stringify(view.blocks)).toMatch(/Only a Slack workspace admin/);
  });

  it('forgets a workspace that uninstalls the app', async () => {
    await h.app.deps.digests.subscriptions.create({
      teamId: TEAM,
      channelId: 'C0WEBSITE',
      createdBy: USERS.ana,
      projectIds: [1],
      time: '09:00',
      timeZone: 'Europe/London',
      days: [1, 2, 3, 4, 5],
      sections: { overdue: true, dueToday: true, dueWithinDays: 0 },
      filters: {},
      postWhenEmpty: false,
    });
    await h.signer.event({ type: 'app_uninstalled' }, { eventId: 'Ev-uninstall-1' });
    await work.settled();
    expect(await h.app.deps.connections.get(TEAM)).toBeUndefined();
    expect(await h.app.deps.userLinks.get(TEAM, USERS.ana)).toBeUndefined();
    expect(await h.app.deps.digests.subscriptions.listByTeam(TEAM)).toEqual([]);
  });

  it('publishes the Home tab with my tasks when it opens', async () => {
    await h.signer.event({ type: 'app_home_opened', user: USERS.ana, tab: 'home', channel: 'D0ANA' });
    const home = await h.emulator.waitForCall('views.publish', undefined, 5_000);
    expect(home.args.user_id).toBe(USERS.ana);
    const mine = await h.api.tasks.list({ assignee_id: 1, done: 'false', per_page: 5 });
    expect(JSON.stringify(home.args.view)).toContain(mine.data[0]!.title.slice(0, 20));
  });
});
