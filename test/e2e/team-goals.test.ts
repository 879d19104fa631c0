/**
 * Goals (OKRs) from Slack, end to end: the list with each key result's bar, creating and updating
 * goals by form, setting a status in one command, adding a key result, and the refusal for
 * someone who may not change goals.
 */
import { describe, expect, it } from 'vitest';
import { pickedDate, select } from '../support/form-values.ts';
import { type Harness, USERS } from '../support/harness.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';
import { harnessForEachTest, slackSteps } from '../support/team-e2e.ts';

/** spec-minimal shows a goal's id and name only: status and key results are said to be not shown. */
const SHOWN = testSandboxProfile() === 'full';

let h: Harness;
const { answer, told, filledView, ephemeral } = slackSteps(() => h);

async function goal(id: number) {
  return (await h.api.goals.list({ per_page: 100 })).data.find((g) => g.id === id);
}

describe('goals from Slack', () => {
  harnessForEachTest({ link: ['ana', 'chloe'] }, (started) => {
    h = started;
  });

  it('lists goals with status, and each key result’s bar from start through current to target', async () => {
    await h.signer.command('/task goals');
    const list = await answer('Goals');
    const text = JSON.stringify(list.blocks);
    expect(text).toContain('Grow website sign-ups');
    if (!SHOWN) {
      expect(text).toContain('Ship a stable mobile app');
      expect(text).toContain('Status not shown by the service');
      expect(text).toContain('Key results and progress: not shown by the service');
      expect(text).not.toContain('On track');
      expect(text).not.toContain('0%');
      expect(text).toContain('team_goal_add_key_result');
      return;
    }
    expect(text).toContain('On track');
    expect(text).toContain('Ship a stable mobile app');
    expect(text).toContain('At risk');
    // Monthly sign-ups: 1,000 → 1,400 → 2,000 is 40% of the way.
    expect(text).toContain(
      'Monthly sign-ups ▓▓▓▓░░░░░░ 40% · 1,000 sign-ups → *1,400 sign-ups* → 2,000 sign-ups',
    );
    expect(text).toContain('2% → *2.6%* → 4%');
    expect(text).toContain('Launch the referral programme · not yet');
    expect(text).toContain('team_goal_add_key_result');
  });

  it('filters by status', async () => {
    await h.signer.command('/task goals at risk');
    const list = await answer('Goals');
    const text = JSON.stringify(list.blocks);
    if (!SHOWN) {
      // No status to filter by: no goal is listed as "at risk", and the list says why.
      expect(text).toContain('does not show the status of 2 goals, so they are left out');
      expect(text).not.toContain('Grow website sign-ups');
      return;
    }
    expect(text).toContain('Ship a stable mobile app');
    expect(text).not.toContain('Grow website sign-ups');
  });

  it('creates a goal by form, owned by the person who set it', async () => {
    await h.signer.command('/task goal new #Website');
    const form = await filledView('team_goal_form', 'gl_title');
    const res = await h.signer.viewSubmission({
      view: form,
      values: {
        gl_title: { gl_title_input: 'Halve page load time' },
        gl_status: { gl_status_select: select('on_track') },
        gl_project: { gl_project_select: select('1') },
        gl_start: { gl_start_picker: pickedDate('2099-01-01') },
        gl_due: { gl_due_picker: pickedDate('2099-03-31') },
      },
    });
    expect(res.status).toBe(200);
    await told('Halve page load time');
    const created = (await h.api.goals.list({ per_page: 100 })).data.find(
      (g) => g.title === 'Halve page load time',
    );
    expect(created).toMatchObject({
      project_id: 1,
      owner: { id: 1 },
      due_date: '2099-03-31',
      status: 'on_track',
    });
  });

  it('refuses a due date before the start date in the form', async () => {
    await h.signer.command('/task goal new');
    const form = await filledView('team_goal_form', 'gl_title');
    const res = await h.signer.viewSubmission({
      view: form,
      values: {
        gl_title: { gl_title_input: 'Backwards goal' },
        gl_start: { gl_start_picker: pickedDate('2099-03-01') },
        gl_due: { gl_due_picker: pickedDate('2099-01-01') },
      },
    });
    expect(res.body).toMatchObject({ response_action: 'errors', errors: { gl_due: expect.any(String) } });
  });

  it('sets a goal’s status in one command', async () => {
    await h.signer.command('/task goal status 1 off track');
    const reply = await answer('set the status');
    expect(JSON.stringify(reply.blocks)).toContain('Off track');
    if (!SHOWN) expect(JSON.stringify(reply.blocks)).toContain('asked the service to set the status');
    expect((await goal(1))?.status).toBe('off_track');
  });

  it('updates a goal from its Update button, the form prefilled', async () => {
    await h.signer.command('/task goals');
    await answer('Goals');
    const list = ephemeral(USERS.ana, 'team_goal_edit');
    await h.signer.blockAction({ actionId: 'team_goal_edit', value: 'g:2', message: list });
    const form = await filledView('team_goal_form', 'Ship a stable mobile app');
    await h.signer.viewSubmission({
      view: form,
      values: {
        gl_title: { gl_title_input: 'Ship a stable, fast mobile app' },
        gl_status: { gl_status_select: select('on_track') },
      },
    });
    await told('updated this goal');
    expect(await goal(2)).toMatchObject({ title: 'Ship a stable, fast mobile app', status: 'on_track' });
  });

  it('adds a key result by form, checking its numbers first, and shows the goal’s new progress', async () => {
    await h.signer.command('/task goal target 2');
    const form = await filledView('team_key_result_form', 'kr_title');
    const bad = await h.signer.viewSubmission({
      view: form,
      values: {
        kr_title: { kr_title_input: 'App rating' },
        kr_type: { kr_type_select: select('number') },
        kr_target: { kr_target_input: 'five' },
      },
    });
    expect(bad.body).toMatchObject({
      response_action: 'errors',
      errors: { kr_target: expect.stringContaining('five') },
    });
    const before = (await goal(2))!.targets.length;
    const ok = await h.signer.viewSubmission({
      view: form,
      values: {
        kr_title: { kr_title_input: 'App rating' },
        kr_type: { kr_type_select: select('number') },
        kr_start: { kr_start_input: '3.5' },
        kr_target: { kr_target_input: '4.5' },
        kr_current: { kr_current_input: '4' },
        kr_unit: { kr_unit_input: 'stars' },
      },
    });
    expect(ok.status).toBe(200);
    const message = await told('App rating');
    expect(JSON.stringify(message.blocks)).toContain(
      SHOWN ? '3.5 stars → *4 stars* → 4.5 stars' : 'Key results and progress: not shown by the service',
    );
    const after = await goal(2);
    expect(after!.targets).toHaveLength(before + 1);
    expect(after!.targets.at(-1)).toMatchObject({ title: 'App rating', progress: 50 });
  });

  it('opens the key result form from a goal’s button', async () => {
    await h.signer.command('/task goals');
    await answer('Goals');
    const list = ephemeral(USERS.ana, 'team_goal_add_key_result');
    await h.signer.blockAction({ actionId: 'team_goal_add_key_result', value: 'g:1', message: list });
    await filledView('team_key_result_form', 'Grow website sign-ups');
  });

  it('refuses to change goals for someone without a linked account', async () => {
    await h.signer.command('/task goal status 1 done', { user: USERS.zoe });
    const reply = await answer("can't update");
    expect(JSON.stringify(reply.blocks)).toContain('/task link');
    expect((await goal(1))?.status).toBe('on_track');
  });

  it('says when a goal number does not exist', async () => {
    await h.signer.command('/task goal status 999 done');
    await answer('no goal 999');
  });
});
