/**
 * `/task show | done | assign | due | delete` end to end: signed commands into the real app, the
 * answers through the emulator's response_urls and modals, the service's state in the sandbox.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../src/slack-emulator/index.ts';
import { type AppWork, watchAppWork } from '../support/app-work.ts';
import { type Harness, startHarness, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';
import { tamperFirstCharacter } from '../support/tamper.ts';

let h: Harness;
let work: AppWork;

type View = {
  id: string;
  callback_id: string;
  private_metadata: string;
  blocks: unknown[];
  submit?: unknown;
};

// `?? ""`: a post without blocks (the busy note a slow handler gets first) must not throw in a predicate.
const text = (value: unknown) => JSON.stringify(value) ?? '';

function mark(method: string) {
  const seen = new Set(h.emulator.calls(method));
  return (predicate: (c: RecordedCall) => boolean = () => true) =>
    h.emulator.waitForCall(method, (c) => !seen.has(c) && !isInterimNote(c.args) && predicate(c), 5_000);
}

/** Runs a command and resolves with the first response_url post it made. */
async function answerTo(command: string, user: string = USERS.ana, predicate?: (c: RecordedCall) => boolean) {
  const next = mark('response_url');
  const res = await h.signer.command(command, { user });
  expect(res.status).toBe(200);
  return (await next(predicate)).args;
}

/** The delete form once loaded (the loading view is replaced by views.update). */
async function deleteForm(command: string, user: string): Promise<View> {
  const updated = mark('views.update');
  await h.signer.command(command, { user });
  return (await updated()).response.view as View;
}

describe('task verbs', () => {
  beforeEach(async () => {
    h = await startHarness({ link: ['ana', 'ben', 'chloe'] });
    work = watchAppWork(h.app);
  });
  afterEach(async () => {
    await h.close();
  });

  it('shows a card only the person sees, and shares it in the channel on request', async () => {
    const answer = await answerTo('/task show 1');
    expect(answer.response_type).toBe('ephemeral');
    expect(text(answer.blocks)).toContain('Fix login redirect loop');
    expect(text(answer.blocks)).toContain('task_share');
    const card = h.emulator.ephemeralMessages(USERS.ana).at(-1)!;
    const posted = mark('response_url');
    await h.signer.blockAction({ actionId: 'task_share', value: '1.1', message: card });
    await posted((c) => c.args.response_type === 'in_channel');
    const shared = h.emulator.messages('C0GENERAL').at(-1)!;
    expect(text(shared.blocks)).toContain('Fix login redirect loop');
    expect(text(shared.blocks)).not.toContain('task_share');
    expect(h.emulator.ephemeralMessages(USERS.ana).some((m) => m.ts === card.ts)).toBe(false);
  });

  it('says plainly when a task number names nothing', async () => {
    const answer = await answerTo('/task show 9999');
    expect(String(answer.text)).toMatch(/There is no task #9999/);
    const done = await answerTo('/task done 9999');
    expect(String(done.text)).toMatch(/There is no task #9999/);
  });

  it('marks a task done with an Undo, and says so when it already is', async () => {
    const answer = await answerTo('/task done 2');
    expect((await h.api.tasks.get(2)).status.name).toBe('Done');
    expect(text(answer.blocks)).toContain('task_undo');
    const again = await answerTo('/task done 2');
    expect(text(again.blocks)).toContain('already *Done*');
    expect(text(again.blocks)).not.toContain('task_undo');
  });

  it('acts once when Slack delivers the same command again', async () => {
    const triggerId = h.emulator.issueTriggerId(USERS.ana);
    const next = mark('response_url');
    await h.signer.command('/task done 4', { triggerId });
    await next();
    await h.signer.command('/task done 4', { triggerId, retryNum: 1 });
    await work.settled();
    const answers = h.emulator.calls('response_url').filter((c) => text(c.args.blocks).includes('Task #4'));
    expect(answers).toHaveLength(1);
  });

  it('sets who a task is assigned to: people, me, nobody', async () => {
    await answerTo('/task assign 9 <@U0BEN|ben> <@U0CHLOE|chloe>');
    expect((await h.api.tasks.get(9)).assignees.map((a) => a.id).sort()).toEqual([2, 3]);
    await answerTo('/task assign 9 me');
    expect((await h.api.tasks.get(9)).assignees.map((a) => a.id)).toEqual([1]);
    const none = await answerTo('/task assign 9 none');
    expect((await h.api.tasks.get(9)).assignees).toEqual([]);
    expect(text(none.blocks)).toContain('unassigned everyone');
  });

  it('refuses the whole assignment when someone has no account in the project', async () => {
    const answer = await answerTo('/task assign 9 <@U0BEN|ben> <@U0ZOE|zoe>');
    expect(String(answer.text)).toMatch(
      /Nobody was assigned to task #9\. <@U0ZOE> has no account in this project yet\. They can link theirs with `\/task link`/,
    );
    expect((await h.api.tasks.get(9)).assignees).toEqual([]);
  });

  it('sets a due date read in the person’s zone, clears it, and refuses what it cannot read', async () => {
    // The app reads dates against the real clock here, and a date already past is refused: next
    // year's 3 December stays ahead whenever this runs (a fixed 2026-12-03 stopped passing after it).
    const year = new Date().getUTCFullYear() + 1;
    await answerTo(`/task due 9 ${year}-12-03`, USERS.ben);
    // Ben is in New York: the end of 3 December there (EST, five hours behind UTC).
    expect((await h.api.tasks.get(9)).due_date).toBe(`${year}-12-04T04:59:59.999Z`);
    const bad = await answerTo('/task due 9 blorpday');
    expect(String(bad.text)).toMatch(/Nothing was changed\. I couldn't read “blorpday”/);
    expect((await h.api.tasks.get(9)).due_date).toBe(`${year}-12-04T04:59:59.999Z`);
    await answerTo('/task due 9 none');
    expect((await h.api.tasks.get(9)).due_date).toBeNull();
  });

  it('offers an unlinked person the link instead of acting', async () => {
    const answer = await answerTo('/task done 2', USERS.zoe);
    expect(text(answer.blocks)).toContain('offer_link');
    expect((await h.api.tasks.get(2)).status.name).toBe('To do');
  });

  it('asks before deleting, deletes on confirmation, and answers with the tombstone', async () => {
    const form = await deleteForm('/task delete 8', USERS.ana);
    expect(form.callback_id).toBe('delete_task');
    expect(text(form.blocks)).toContain('Plan Q3 content calendar');
    const answer = mark('response_url');
    const res = await h.signer.viewSubmission({ view: form });
    expect(res.status).toBe(200);
    const tomb = await answer();
    expect(text(tomb.args.blocks)).toContain('~Plan Q3 content calendar~');
    expect(text(tomb.args.blocks)).toContain('deleted by <@U0ANA>');
    await expect(h.api.tasks.get(8)).rejects.toThrow(/not found/i);
  });

  it('lets only the creator or a project admin delete', async () => {
    if (testSandboxProfile() === 'spec-minimal') {
      // The service shows neither creators nor roles: only Slack admins (Ana) may, and others hear why.
      const refused = await deleteForm('/task delete 18', USERS.ben);
      expect(text(refused.blocks)).toMatch(
        /does not show who created task #18 or who administers its project, so only Slack workspace admins/,
      );
      expect(refused.submit).toBeUndefined();
      expect((await h.api.tasks.get(18)).id).toBe(18);
      const admin = await deleteForm('/task delete 18', USERS.ana);
      await h.signer.viewSubmission({ view: admin, user: USERS.ana });
      await mark('response_url')();
      await expect(h.api.tasks.get(18)).rejects.toThrow(/not found/i);
      return;
    }
    // Chloe is a member of Website, and Ana created task 8.
    const refused = await deleteForm('/task delete 8', USERS.chloe);
    expect(text(refused.blocks)).toMatch(/Only the task’s creator \(Ana Silva\) or an admin of its project/);
    expect(refused.submit).toBeUndefined();
    expect((await h.api.tasks.get(8)).title).toBe('Plan Q3 content calendar');
    // Ben is a plain member of Mobile App but created task 18 there.
    const creator = await deleteForm('/task delete 18', USERS.ben);
    expect(creator.callback_id).toBe('delete_task');
    await h.signer.viewSubmission({ view: creator, user: USERS.ben });
    await mark('response_url')();
    await expect(h.api.tasks.get(18)).rejects.toThrow(/not found/i);
    // Ben is an admin of Website: he may delete Ana's task there.
    const admin = await deleteForm('/task delete 8', USERS.ben);
    await h.signer.viewSubmission({ view: admin, user: USERS.ben });
    await mark('response_url')();
    await expect(h.api.tasks.get(8)).rejects.toThrow(/not found/i);
  });

  it('deletes once however often the confirmation is submitted', async () => {
    const form = await deleteForm('/task delete 22', USERS.ana);
    await Promise.all([h.signer.viewSubmission({ view: form }), h.signer.viewSubmission({ view: form })]);
    await h.emulator.waitForCall(
      'response_url',
      (c) => text(c.args.blocks).includes('Quarterly access review'),
      5_000,
    );
    await work.settled();
    const answers = h.emulator
      .calls('response_url')
      .filter((c) => text(c.args).includes('Quarterly access review'));
    expect(answers).toHaveLength(1);
  });

  it('refuses a confirmation whose metadata was tampered with', async () => {
    const form = await deleteForm('/task delete 21', USERS.ana);
    const res = await h.signer.viewSubmission({
      view: { ...form, private_metadata: tamperFirstCharacter(form.private_metadata) },
    });
    expect(text(res.body)).toContain('Nothing was deleted');
    expect((await h.api.tasks.get(21)).title).toBe('Renew SSL certificates');
  });
});
