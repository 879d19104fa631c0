/**
 * Sprints from Slack, end to end: listing with progress, planning by form, starting after a
 * confirm (and refusing while another sprint runs, or asking for a missing end date), the report
 * of an active sprint, and the refusal for someone who may not start sprints.
 */
import { describe, expect, it } from 'vitest';
import type { EphemeralMessage } from '../../src/slack-emulator/model.ts';
import type { BlockActionInput } from '../../src/slack-emulator/signer.ts';
import { pickedDate } from '../support/form-values.ts';
import { type Harness, USERS } from '../support/harness.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';
import { harnessForEachTest, slackSteps } from '../support/team-e2e.ts';

let h: Harness;
const { answer, told, filledView, ephemeral, shown, clickAfresh } = slackSteps(() => h);

/** The value of the element with `actionId` anywhere in the message's blocks. */
function buttonValue(message: { blocks?: unknown[] }, actionId: string): string {
  const stack: unknown[] = [...(message.blocks ?? [])];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (record.action_id === actionId && typeof record.value === 'string') return record.value;
      stack.push(...Object.values(record));
    }
  }
  throw new Error(`no ${actionId} element`);
}

/** Clicks the `actionId` element of `message`, with the value it carries, as a fresh click. */
function clickButton(message: EphemeralMessage, actionId: string, options: Partial<BlockActionInput> = {}) {
  return clickAfresh({ actionId, value: buttonValue(message, actionId), message, ...options });
}

/** spec-minimal shows a sprint's id and name only, and no task's sprint. */
const MINIMAL = testSandboxProfile() === 'spec-minimal';

/** Starts the sprint from a start question that asks for its dates (what spec-minimal needs). */
async function startWithDates(question: EphemeralMessage) {
  await h.signer.blockAction({
    actionId: 'team_sprint_set_dates',
    value: buttonValue(question, 'team_sprint_set_dates'),
    message: question,
  });
  const form = await filledView('team_sprint_start_dates');
  return h.signer.viewSubmission({
    view: form,
    values: {
      sp_start: { sp_start_picker: pickedDate('2099-02-01') },
      sp_end: { sp_end_picker: pickedDate('2099-02-14') },
    },
  });
}

async function sprintsOf(projectId: number) {
  return (await h.api.sprints.listByProject(projectId, { per_page: 100 })).data;
}

describe('sprints from Slack', () => {
  harnessForEachTest({ link: ['ana', 'ben', 'chloe', 'dev'] }, (started) => {
    h = started;
  });

  it('lists a project’s sprints with a bar of done versus all tasks and a Start button', async () => {
    await h.signer.command('/task sprint #Website');
    const list = await answer('Sprint 1');
    const text = JSON.stringify(list.blocks);
    if (testSandboxProfile() === 'spec-minimal') {
      // Neither a sprint's status and dates nor a task's sprint are shown: the list says so, counts nothing.
      expect(text).toContain('Status and dates not shown by the service');
      expect(text).toContain('progress not shown: the service does not show which sprint a task is in');
      expect(text).not.toContain('no tasks yet');
      return;
    }
    const [sprint] = await sprintsOf(1);
    const done = await h.api.tasks.list({ sprint_id: sprint!.id, done: 'true', per_page: 100 });
    expect(text).toContain(`${done.data.length}/${sprint!.tasks_count} done`);
    expect(text).toContain('team_sprint_start');
    expect(list.response_type).toBe('ephemeral');
  });

  it('asks from the list’s Start button, and Cancel takes the question away', async () => {
    await h.signer.command('/task sprint #Website');
    const list = await shown('team_sprint_start');
    await clickButton(list, 'team_sprint_start');
    // Without the sprint's dates shown, the question asks for them instead of a Confirm.
    const asks = MINIMAL ? 'Pick dates and start' : 'Confirm: start it';
    const scope = await answer(asks);
    expect(scope.replace_original).toBe(false);
    const question = ephemeral(USERS.ana, asks);
    await h.signer.blockAction({ actionId: 'team_dismiss', value: 'cancel', message: question });
    await h.emulator.waitForCall('response_url', (c) => c.args.delete_original === true, 5_000);
    expect(h.emulator.ephemeralMessages(USERS.ana).some((m) => m.text.includes('Confirm'))).toBe(false);
    expect((await sprintsOf(1))[0]!.status).toBe('planned');
  });

  it('shows the scope first, starts on Confirm, and then reports done, remaining, days left and risks', async () => {
    await h.signer.command('/task sprint start "Sprint 1" #Website');
    if (MINIMAL) {
      // Its tasks and dates are not shown: the question says so and asks for the dates.
      const question = await shown('Pick dates and start');
      expect(JSON.stringify(question.blocks)).toContain('its tasks are not shown by the service');
      expect((await sprintsOf(1))[0]!.status).toBe('planned');
      expect((await startWithDates(question)).status).toBe(200);
      // News for the channel: the card is posted there, and the starter is told so.
      const posted = await h.emulator.waitForCall(
        'chat.postMessage',
        (c) => c.args.channel === 'C0GENERAL' && JSON.stringify(c.args).includes('started *Sprint 1*'),
        5_000,
      );
      await told('its card is posted in this channel');
      expect((await sprintsOf(1))[0]!.status).toBe('active');
      expect(JSON.stringify(posted.args.blocks)).toContain('Done, remaining and risks: not shown');
      return;
    }
    const scope = await shown('Confirm: start it');
    expect(scope.text).toContain('4 tasks');
    expect((await sprintsOf(1))[0]!.status).toBe('planned');

    await clickButton(scope, 'team_sprint_confirm_start', { channel: 'C0GENERAL' });
    // News for the channel: the card is posted there for everyone, the question becomes a note.
    const card = await answer('started *Sprint 1*');
    expect(card.response_type).toBe('in_channel');
    expect(card.replace_original).toBe(false);
    const note = await answer('its card is posted in this channel');
    expect(note).toMatchObject({ response_type: 'ephemeral', replace_original: true });
    expect(h.emulator.messages('C0GENERAL').some((m) => m.text.includes('Sprint 1'))).toBe(true);
    expect((await sprintsOf(1))[0]!.status).toBe('active');
    const text = JSON.stringify(card.blocks);
    expect(text).toMatch(/Done\*\\n1 of 4/);
    expect(text).toMatch(/Remaining\*\\n3/);
    expect(text).toMatch(/13 days left|14 days left|12 days left/);
    // "Fix login redirect loop" was due yesterday and is still open.
    expect(text).toContain('Fix login redirect loop');
    expect(text).toContain('overdue');
  });

  it('names the active sprint and offers it, instead of a Confirm, while another sprint runs', async () => {
    await h.api.sprints.start(1);
    await h.api.sprints.create({ project_id: 1, name: 'Sprint 2', end_date: '2099-01-31' });
    await h.signer.command('/task sprint start "Sprint 2" #Website');
    if (MINIMAL) {
      // No sprint's status is shown, so the active one cannot be named beforehand: the start is
      // tried, and the service's refusal is what the person reads; Sprint 2 stays planned.
      await startWithDates(await shown('Pick dates and start'));
      await told('The service did not start it');
      expect((await sprintsOf(1)).find((x) => x.name === 'Sprint 2')?.status).toBe('planned');
      return;
    }
    const reply = await answer('already active');
    const text = JSON.stringify(reply.blocks);
    expect(text).toContain('Sprint 1');
    expect(text).toContain('team_sprint_show');
    expect(text).not.toContain('team_sprint_confirm_start');

    // The offered button shows the active sprint's report.
    const message = ephemeral(USERS.ana, 'already active');
    await clickButton(message, 'team_sprint_show');
    const card = await answer('Remaining');
    expect(JSON.stringify(card.blocks)).toContain('Sprint 1');
  });

  it('tells why when another sprint became active between the confirm and the click', async () => {
    await h.api.sprints.create({ project_id: 1, name: 'Sprint 2', end_date: '2099-01-31' });
    await h.signer.command('/task sprint start "Sprint 2" #Website');
    if (MINIMAL) {
      const question = await shown('Pick dates and start');
      await h.api.sprints.start(1);
      await startWithDates(question);
      await told('The service did not start it');
      expect((await sprintsOf(1)).find((x) => x.name === 'Sprint 2')?.status).toBe('planned');
      return;
    }
    const scope = await shown('Confirm: start it');
    await h.api.sprints.start(1);
    await clickButton(scope, 'team_sprint_confirm_start');
    const reply = await answer('did not start');
    expect(JSON.stringify(reply.blocks)).toContain('Sprint 1');
    const sprint2 = (await sprintsOf(1)).find((s) => s.name === 'Sprint 2');
    expect(sprint2?.status).toBe('planned');
  });

  it('asks for the dates of a sprint without an end date, in a form, then starts it', async () => {
    await h.signer.command('/task sprint start #"Mobile App"');
    const scope = await shown('Pick dates and start');
    expect(JSON.stringify(scope.blocks)).not.toContain('team_sprint_confirm_start');
    await h.signer.blockAction({
      actionId: 'team_sprint_set_dates',
      value: buttonValue(scope, 'team_sprint_set_dates'),
      message: scope,
    });
    const form = await filledView('team_sprint_start_dates');
    const missing = await h.signer.viewSubmission({
      view: form,
      values: { sp_end: { sp_end_picker: pickedDate(null) } },
    });
    expect(missing.body).toMatchObject({ response_action: 'errors', errors: { sp_end: expect.any(String) } });
    const backwards = await h.signer.viewSubmission({
      view: form,
      values: {
        sp_start: { sp_start_picker: pickedDate('2099-02-10') },
        sp_end: { sp_end_picker: pickedDate('2099-02-01') },
      },
    });
    expect(backwards.body).toMatchObject({
      response_action: 'errors',
      errors: { sp_end: expect.any(String) },
    });
    expect((await sprintsOf(2))[0]!.status).toBe('planned');

    const ok = await h.signer.viewSubmission({
      view: form,
      values: {
        sp_start: { sp_start_picker: pickedDate('2099-02-01') },
        sp_end: { sp_end_picker: pickedDate('2099-02-14') },
      },
    });
    expect(ok.status).toBe(200);
    await told('its card is posted in this channel');
    const posted = h.emulator.messages('C0GENERAL').at(-1)!;
    expect(posted.text).toContain('Mobile Sprint 1');
    const [sprint] = await sprintsOf(2);
    expect(sprint).toMatchObject({ status: 'active', start_date: '2099-02-01', end_date: '2099-02-14' });
  });

  it('gives the starter the card where the app cannot post in the channel', async () => {
    // The app is not in #random: the start stays the starter's, by direct message.
    await h.signer.command('/task sprint start #"Mobile App"', { channel: 'C0RANDOM' });
    const scope = await shown('Pick dates and start');
    await h.signer.blockAction({
      actionId: 'team_sprint_set_dates',
      value: buttonValue(scope, 'team_sprint_set_dates'),
      message: scope,
      channel: 'C0RANDOM',
    });
    const form = await filledView('team_sprint_start_dates');
    await h.signer.viewSubmission({
      view: form,
      values: {
        sp_start: { sp_start_picker: pickedDate('2099-02-01') },
        sp_end: { sp_end_picker: pickedDate('2099-02-14') },
      },
    });
    const card = await h.emulator.waitForCall(
      'chat.postMessage',
      (c) => c.args.channel === USERS.ana && JSON.stringify(c.args).includes('started *Mobile Sprint 1*'),
      5_000,
    );
    expect(card.response.ok).toBe(true);
    expect(h.emulator.messages('C0RANDOM').some((m) => m.text.includes('Mobile Sprint 1'))).toBe(false);
    expect((await sprintsOf(2))[0]!.status).toBe('active');
  });

  it('plans a sprint by form and answers its card with a Start button', async () => {
    await h.signer.command('/task sprint new Sprint 9 #Website');
    const form = await filledView('team_sprint_new');
    expect(JSON.stringify(form.blocks)).toContain('Sprint 9');
    const res = await h.signer.viewSubmission({
      view: form,
      values: {
        sp_name: { sp_name_input: 'Sprint 9' },
        sp_goal: { sp_goal_input: 'Ship <the> & things' },
        sp_start: { sp_start_picker: pickedDate('2099-03-01') },
        sp_end: { sp_end_picker: pickedDate('2099-03-14') },
      },
    });
    expect(res.status).toBe(200);
    const posted = await told('Sprint 9');
    expect(JSON.stringify(posted.blocks)).toContain('team_sprint_start');
    // The answer to the create shows its goal only where the service shows it.
    expect(JSON.stringify(posted.blocks)).toContain(
      MINIMAL ? 'Status and dates not shown by the service' : 'Ship &lt;the&gt; &amp; things',
    );
    const created = (await sprintsOf(1)).find((s) => s.name === 'Sprint 9');
    expect(created).toMatchObject({ status: 'planned', goal: 'Ship <the> & things', end_date: '2099-03-14' });
  });

  it('refuses to start a sprint for someone who is not a member of the project', async () => {
    await h.signer.command('/task sprint start #"Mobile App"', { user: USERS.dev });
    const reply = await answer("can't start sprints");
    expect(String(reply.text)).toMatch(/Only members of Mobile App/);
    expect(JSON.stringify(reply.blocks)).not.toContain('team_sprint');
  });
});
