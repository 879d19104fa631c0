/**
 * Automations from Slack, end to end: the list with trigger, action and state; creating a rule by
 * form; the switch for project admins, which shows the state the service returned even when the
 * rule changed since the list was drawn; and the refusal for everyone else.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness, USERS } from '../support/harness.ts';

let h: Harness;

type View = { id: string; callback_id: string; private_metadata: string; blocks: unknown[] };

async function answer(has: string | RegExp): Promise<Record<string, unknown>> {
  const matches = (text: string) => (typeof has === 'string' ? text.includes(has) : has.test(text));
  const call = await h.emulator.waitForCall('response_url', (c) => matches(JSON.stringify(c.args)), 5_000);
  expect(call.status).toBe(200);
  return call.args;
}

async function filledView(callbackId: string, has = ''): Promise<View> {
  const call = await h.emulator.waitForCall(
    'views.update',
    (c) => {
      const view = c.response.view as View | undefined;
      return view?.callback_id === callbackId && JSON.stringify(view.blocks).includes(has);
    },
    5_000,
  );
  expect(call.status).toBe(200);
  return call.response.view as View;
}

function ephemeral(user: string, has: string) {
  const found = h.emulator
    .ephemeralMessages(user)
    .filter((m) => JSON.stringify(m).includes(has))
    .at(-1);
  if (!found) throw new Error(`no ephemeral message with ${has}`);
  return found;
}

/** The toggle button's value on the row of the rule called `name`. */
function toggleOf(message: { blocks?: unknown[] }, name: string): string {
  const blocks = (message.blocks ?? []) as Array<{
    text?: { text?: string };
    accessory?: { value?: string };
  }>;
  const value = blocks.find((b) => b.text?.text?.includes(name))?.accessory?.value;
  if (!value) throw new Error(`no toggle on ${name}`);
  return value;
}

const select = (value: string) => ({
  type: 'static_select',
  selected_option: { text: { type: 'plain_text', text: value }, value },
});

async function automation(id: number) {
  return (await h.api.automations.list({ per_page: 100 })).data.find((a) => a.id === id)!;
}

describe('automations from Slack', () => {
  beforeEach(async () => {
    h = await startHarness({ link: ['ana', 'ben', 'chloe'] });
  });
  afterEach(async () => {
    await h.close();
  });

  it('lists rules with their trigger, actions and state', async () => {
    await h.signer.command('/task automations');
    const list = await answer('Automations');
    const text = JSON.stringify(list.blocks);
    expect(text).toContain('Announce new tasks');
    expect(text).toContain('When a task is created: notify #website.');
    expect(text).toContain('Escalate overdue high-priority tasks');
    expect(text).toContain('if priority in urgent, high: set the priority urgent, notify #mobile.');
    expect(text).toMatch(/On\*.*Announce new tasks/);
    expect(text).toMatch(/Off\*.*Escalate overdue/);
  });

  it('switches a rule for a project admin and shows the state the service returned', async () => {
    await h.signer.command('/task automations #Website');
    await answer('Announce new tasks');
    const list = ephemeral(USERS.ana, 'Announce new tasks');
    h.emulator.clearCalls();
    await h.signer.blockAction({
      actionId: 'team_automation_toggle',
      value: toggleOf(list, 'Announce new tasks'),
      message: list,
    });
    const reply = await answer('turned');
    expect(reply.replace_original).toBe(true);
    expect((await automation(1)).is_active).toBe(false);
    expect(JSON.stringify(reply.blocks)).toMatch(/Off\*.*turned \*Announce new tasks\* off/);
  });

  it('shows what the service holds when the rule changed between the list and the click', async () => {
    await h.signer.command('/task automations #Website');
    await answer('Announce new tasks');
    const stale = ephemeral(USERS.ana, 'Announce new tasks');
    // Someone else switches it off; the list still shows it on, with its "Turn off" button.
    await h.api.automations.toggle(1);
    expect((await automation(1)).is_active).toBe(false);
    h.emulator.clearCalls();
    await h.signer.blockAction({
      actionId: 'team_automation_toggle',
      value: toggleOf(stale, 'Announce new tasks'),
      message: stale,
    });
    const reply = await answer('Announce new tasks');
    const held = (await automation(1)).is_active;
    // A blind flip of what the service holds would have switched it back on; the app asked for
    // "off" and shows the state the service answered.
    expect(held).toBe(false);
    const text = JSON.stringify(reply.blocks);
    expect(text).toMatch(/Off\*/);
    expect(text).not.toMatch(/On\* · \*Announce new tasks/);
    expect(text).toContain('Turn on');
  });

  it('offers no switch to someone who is not an admin of the project, and refuses a forged click', async () => {
    await h.signer.command('/task automations #Website', { user: USERS.chloe });
    const list = await answer('Announce new tasks');
    expect(JSON.stringify(list.blocks)).not.toContain('team_automation_toggle');
    await h.signer.blockAction({
      actionId: 'team_automation_toggle',
      value: 'a:1:1:0:1',
      user: USERS.chloe,
      channel: 'C0GENERAL',
    });
    const refused = await answer("can't switch automations");
    expect(String(refused.text)).toContain('Only admins of Website');
    expect((await automation(1)).is_active).toBe(true);
  });

  it('creates a rule by form for a project admin', async () => {
    await h.signer.command('/task automations new #Website', { user: USERS.ben });
    const form = await filledView('team_automation_form', 'au_name');
    const bad = await h.signer.viewSubmission({
      user: USERS.ben,
      view: form,
      values: {
        au_name: { au_name_input: 'Bump blockers' },
        au_trigger: { au_trigger_select: select('status_changed') },
        au_action: { au_action_select: select('set_priority') },
        au_setting: { au_setting_input: 'sky-high' },
      },
    });
    expect(bad.body).toMatchObject({
      response_action: 'errors',
      errors: { au_setting: expect.stringContaining('sky-high') },
    });
    const ok = await h.signer.viewSubmission({
      user: USERS.ben,
      view: form,
      values: {
        au_name: { au_name_input: 'Bump blockers' },
        au_trigger: { au_trigger_select: select('status_changed') },
        au_action: { au_action_select: select('set_priority') },
        au_setting: { au_setting_input: 'Urgent' },
      },
    });
    expect(ok.status).toBe(200);
    const told = await h.emulator.waitForCall(
      'chat.postEphemeral',
      (c) => JSON.stringify(c.args).includes('Bump blockers'),
      5_000,
    );
    expect(told.status).toBe(200);
    const created = (await h.api.automations.list({ project_id: 1 })).data.find(
      (a) => a.name === 'Bump blockers',
    );
    expect(created).toMatchObject({
      is_active: true,
      trigger: { type: 'status_changed' },
      actions: [{ type: 'set_priority', config: { priority: 'urgent' } }],
    });
  });

  it('refuses the form to someone who administers no project', async () => {
    await h.signer.command('/task automations new', { user: USERS.chloe, channel: 'C0RANDOM' });
    await filledView('team_automation_form', "can't add automations");
  });
});
