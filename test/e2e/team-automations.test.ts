/**
 * Automations from Slack, end to end: the list with trigger, action and state; creating a rule by
 * form; the switch for project admins, which shows the state the service returned even when the
 * rule changed since the list was drawn; and the refusal for everyone else.
 */
import { describe, expect, it } from 'vitest';
import type { EphemeralMessage } from '../../src/slack-emulator/model.ts';
import { select } from '../support/form-values.ts';
import { type Harness, USERS } from '../support/harness.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';
import { harnessForEachTest, slackSteps, type View } from '../support/team-e2e.ts';

/** spec-minimal shows a rule's id and name only, and no member roles: lists say so, Slack admins act. */
const SHOWN = testSandboxProfile() === 'full';

let h: Harness;
const { answer, told, filledView, shown, clickAfresh } = slackSteps(() => h);

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

/** Submits Ben's rule "Bump blockers": on a status change, set the priority named `priority`. */
function submitBumpBlockers(form: View, priority: string, user: string = USERS.ben) {
  return h.signer.viewSubmission({
    user,
    view: form,
    values: {
      au_name: { au_name_input: 'Bump blockers' },
      au_trigger: { au_trigger_select: select('status_changed') },
      au_action: { au_action_select: select('set_priority') },
      au_setting: { au_setting_input: priority },
    },
  });
}

/** Clicks the switch on the row of the rule called `name` in `list`, as a fresh click. */
function clickToggle(list: EphemeralMessage, name: string) {
  return clickAfresh({ actionId: 'team_automation_toggle', value: toggleOf(list, name), message: list });
}

async function automation(id: number) {
  return (await h.api.automations.list({ per_page: 100 })).data.find((a) => a.id === id)!;
}

describe('automations from Slack', () => {
  harnessForEachTest({ link: ['ana', 'ben', 'chloe'] }, (started) => {
    h = started;
  });

  it('lists rules with their trigger, actions and state', async () => {
    await h.signer.command('/task automations');
    const list = await answer('Automations');
    const text = JSON.stringify(list.blocks);
    expect(text).toContain('Announce new tasks');
    if (!SHOWN) {
      expect(text).toContain('Escalate overdue high-priority tasks');
      expect(text).toContain('its trigger (the service does not show it)');
      expect(text).toContain('On or off: not shown by the service');
      expect(text).toContain('does not show whether a rule is on, so Taskbridge offers no switch');
      expect(text).not.toContain('team_automation_toggle');
      return;
    }
    expect(text).toContain('When a task is created: notify #website.');
    expect(text).toContain('Escalate overdue high-priority tasks');
    expect(text).toContain('if priority in urgent, high: set the priority urgent, notify #mobile.');
    expect(text).toMatch(/On\*.*Announce new tasks/);
    expect(text).toMatch(/Off\*.*Escalate overdue/);
  });

  it('switches a rule for a project admin and shows the state the service returned', async () => {
    await h.signer.command('/task automations #Website');
    const list = await shown('Announce new tasks');
    if (!SHOWN) {
      // No state to word a switch with: none is offered, and the list says so.
      expect(JSON.stringify(list.blocks)).not.toContain('team_automation_toggle');
      expect(JSON.stringify(list.blocks)).toContain('offers no switch');
      return;
    }
    await clickToggle(list, 'Announce new tasks');
    const reply = await answer('turned');
    expect(reply.replace_original).toBe(true);
    expect((await automation(1)).is_active).toBe(false);
    expect(JSON.stringify(reply.blocks)).toMatch(/Off\*.*turned \*Announce new tasks\* off/);
  });

  it('shows what the service holds when the rule changed between the list and the click', async () => {
    if (!SHOWN) {
      // A switch drawn when the state was known, clicked now: the app asks for the state it names
      // ("off") and, the answer showing no state, says it asked rather than claiming a result.
      await h.signer.blockAction({
        actionId: 'team_automation_toggle',
        value: 'a:1:1:0:1',
        user: USERS.ana,
        channel: 'C0GENERAL',
      });
      const reply = await answer('Announce new tasks');
      expect(JSON.stringify(reply.blocks)).toContain('does not show whether it is on');
      expect((await automation(1)).is_active).toBe(false);
      return;
    }
    await h.signer.command('/task automations #Website');
    const stale = await shown('Announce new tasks');
    // Someone else switches it off; the list still shows it on, with its "Turn off" button.
    await h.api.automations.toggle(1);
    expect((await automation(1)).is_active).toBe(false);
    await clickToggle(stale, 'Announce new tasks');
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
    expect(String(refused.text)).toMatch(SHOWN ? /Only admins of Website/ : /does not show members’ roles/);
    expect((await automation(1)).is_active).toBe(true);
  });

  it('creates a rule by form for a project admin', async () => {
    // Ben administers Website; where the service shows no roles only a Slack admin (Ana) may.
    const user = SHOWN ? USERS.ben : USERS.ana;
    if (!SHOWN) {
      await h.signer.command('/task automations new #Website', { user: USERS.ben });
      await filledView('team_automation_form', 'does not show members’ roles');
    }
    await h.signer.command('/task automations new #Website', { user });
    const form = await filledView('team_automation_form', 'au_name');
    const bad = await submitBumpBlockers(form, 'sky-high', user);
    expect(bad.body).toMatchObject({
      response_action: 'errors',
      errors: { au_setting: expect.stringContaining('sky-high') },
    });
    const ok = await submitBumpBlockers(form, 'Urgent', user);
    expect(ok.status).toBe(200);
    await told('Bump blockers');
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
