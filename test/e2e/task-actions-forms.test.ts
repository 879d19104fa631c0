/**
 * The edit and delete forms opened from a card's overflow menu, end to end: saving in place, the
 * conflict when the task changed meanwhile (shown, not overwritten), a change made meanwhile to
 * another field kept, a task deleted while its form was open, and the tombstone after deleting.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../src/slack-emulator/index.ts';
import { type Harness, startHarness, USERS } from '../support/harness.ts';
import { isInterimNote } from '../support/interim-notes.ts';
import { testSandboxProfile } from '../support/sandbox-profile.ts';

let h: Harness;
const EMAILS_SHOWN = testSandboxProfile() === 'full';

type Block = { block_id?: string; elements?: Element[]; accessory?: Element };
type Element = { action_id?: string; value?: string; options?: Array<{ value?: string }> };
type Message = { ts: string; channel: string; text: string; blocks?: Block[] };
type View = {
  id: string;
  callback_id: string;
  private_metadata: string;
  blocks: Array<Record<string, unknown>>;
};

// `?? ""`: a post without blocks (the busy note a slow handler gets first) must not throw in a predicate.
const text = (value: unknown) => JSON.stringify(value) ?? '';

function mark(method: string) {
  const seen = new Set(h.emulator.calls(method));
  return (predicate: (c: RecordedCall) => boolean = () => true) =>
    h.emulator.waitForCall(method, (c) => !seen.has(c) && !isInterimNote(c.args) && predicate(c), 5_000);
}

/** A card of the bot's in #general, as `/task show` + "Share in channel" leaves it. */
async function channelCard(taskId: number, projectId: number): Promise<Message> {
  const shown = mark('response_url');
  await h.signer.command(`/task show ${taskId}`);
  await shown();
  const mine = h.emulator.ephemeralMessages(USERS.ana).at(-1)!;
  const shared = mark('response_url');
  await h.signer.blockAction({ actionId: 'task_share', value: `${taskId}.${projectId}`, message: mine });
  await shared((c) => c.args.response_type === 'in_channel');
  return h.emulator.messages('C0GENERAL').at(-1) as unknown as Message;
}

async function openFromMenu(
  card: Message,
  choice: 'edit' | 'delete',
  user: string = USERS.ana,
): Promise<View> {
  const updated = mark('views.update');
  const ref = text(card.blocks).match(/"value":"edit:(\d+\.\d+)"/)?.[1];
  await h.signer.blockAction({
    actionId: 'task_overflow',
    type: 'overflow',
    user,
    selectedOption: { text: { type: 'plain_text', text: choice }, value: `${choice}:${ref}` },
    message: card,
  });
  return (await updated()).response.view as View;
}

/** The form's state as Slack would send it with nothing touched, plus `changes`. */
function formValues(view: View, changes: Record<string, Record<string, unknown>> = {}) {
  const values: Record<string, Record<string, unknown>> = {};
  for (const block of view.blocks) {
    if (block.type !== 'input') continue;
    const element = block.element as Record<string, unknown>;
    const id = element.action_id as string;
    let state: unknown;
    switch (element.type) {
      case 'plain_text_input':
        state = (element.initial_value as string | undefined) ?? '';
        break;
      case 'multi_users_select':
        state = { type: element.type, selected_users: element.initial_users ?? [] };
        break;
      case 'datepicker':
        state = { type: element.type, selected_date: element.initial_date ?? null };
        break;
      case 'timepicker':
        state = { type: element.type, selected_time: element.initial_time ?? null };
        break;
      case 'checkboxes':
        state = { type: element.type, selected_options: element.initial_options ?? [] };
        break;
      default:
        state = { type: element.type, selected_option: element.initial_option ?? null };
    }
    values[block.block_id as string] = { [id]: state };
  }
  return { ...values, ...changes };
}

const option = (value: string) => ({
  type: 'static_select',
  selected_option: { text: { type: 'plain_text', text: value }, value },
});

describe('edit and delete forms', () => {
  beforeEach(async () => {
    h = await startHarness({ link: ['ana', 'ben', 'chloe'] });
  });
  afterEach(async () => {
    await h.close();
  });

  it('edits a task from the card’s menu and redraws the card in place', async () => {
    const card = await channelCard(5, 1);
    const form = await openFromMenu(card, 'edit');
    expect(form.callback_id).toBe('edit_task');
    expect(text(form.blocks)).toContain('Compress hero images');
    const saved = mark('chat.update');
    const res = await h.signer.viewSubmission({
      view: form,
      values: formValues(form, {
        et_title: { et_title_input: 'Compress and lazy-load hero images' },
        et_priority: { et_priority_select: option('urgent') },
        et_assignees: { et_assignees_select: { type: 'multi_users_select', selected_users: [USERS.ben] } },
      }),
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    const update = await saved((c) => c.args.ts === card.ts);
    const task = await h.api.tasks.get(5);
    expect(task.title).toBe('Compress and lazy-load hero images');
    expect(task.priority).toBe('urgent');
    expect(task.assignees.map((a) => a.id)).toEqual([2]);
    // Untouched fields stay as they were.
    expect(task.status.name).toBe('In progress');
    expect(text(update.args.blocks)).toContain('edited this: title, assignees, priority');
    expect(text(h.emulator.message('C0GENERAL', card.ts)?.blocks)).toContain(
      'Compress and lazy-load hero images',
    );
  });

  it('shows a conflict instead of overwriting, and saves the person’s value when they save again', async () => {
    const card = await channelCard(6, 1);
    const form = await openFromMenu(card, 'edit');
    await h.api.tasks.update(6, { title: 'Uptime monitoring with alerts' });
    const values = formValues(form, { et_title: { et_title_input: 'Set up uptime checks' } });
    const first = await h.signer.viewSubmission({ view: form, values });
    expect(first.body).toMatchObject({ response_action: 'errors', errors: { et_title: expect.any(String) } });
    expect(text(first.body)).toContain('now “Uptime monitoring with alerts”');
    expect((await h.api.tasks.get(6)).title).toBe('Uptime monitoring with alerts');
    const second = await h.signer.viewSubmission({ view: form, values });
    expect(second.text).toBe('');
    await h.emulator.waitForCall('chat.update', (c) => c.args.ts === card.ts, 5_000);
    expect((await h.api.tasks.get(6)).title).toBe('Set up uptime checks');
  });

  it('keeps a change someone else made meanwhile to a field the person did not touch', async () => {
    const card = await channelCard(7, 1);
    const form = await openFromMenu(card, 'edit');
    await h.api.tasks.update(7, { priority: 'low', status_id: 2 });
    const res = await h.signer.viewSubmission({
      view: form,
      values: formValues(form, { et_title: { et_title_input: 'Write the onboarding emails' } }),
    });
    expect(res.text).toBe('');
    await h.emulator.waitForCall('chat.update', (c) => c.args.ts === card.ts, 5_000);
    const task = await h.api.tasks.get(7);
    expect(task.title).toBe('Write the onboarding emails');
    expect(task.priority).toBe('low');
    expect(task.status.name).toBe('In progress');
  });

  it('shows every assignee Slack knows in the picker, names the others, and keeps them unless unticked', async () => {
    // Ben is linked; Dev is not, but Slack has his email; Eve has no Slack account at all.
    await h.api.tasks.update(4, { assignee_ids: [2, 4, 5] });
    const card = await channelCard(4, 1);
    const form = await openFromMenu(card, 'edit');
    const picker = form.blocks.find((b) => b.block_id === 'et_assignees')!.element as {
      initial_users?: string[];
    };
    const kept = form.blocks.find((b) => b.block_id === 'et_kept')!;
    const keptNames = (kept.element as { options: Array<{ text: { text: string } }> }).options.map(
      (o) => o.text.text,
    );
    if (EMAILS_SHOWN) {
      expect(picker.initial_users).toEqual([USERS.ben, USERS.dev]);
      expect(keptNames).toEqual(['Eve Novak']);
      expect(text(kept)).toContain(
        'Eve Novak has no Slack account linked, so the picker above cannot show them. Untick to unassign.',
      );
    } else {
      // A service that shows no emails: only links are known.
      expect(picker.initial_users).toEqual([USERS.ben]);
      expect(keptNames).toEqual(['Dev Patel', 'Eve Novak']);
    }
    // Ben swapped for Chloe; whoever the picker could not show stays assigned.
    const swapped = (picker.initial_users ?? []).filter((u) => u !== USERS.ben).concat(USERS.chloe);
    await h.signer.viewSubmission({
      view: form,
      values: formValues(form, {
        et_assignees: { et_assignees_select: { type: 'multi_users_select', selected_users: swapped } },
      }),
    });
    await h.emulator.waitForCall('chat.update', (c) => c.args.ts === card.ts, 5_000);
    expect((await h.api.tasks.get(4)).assignees.map((a) => a.id).sort()).toEqual([3, 4, 5]);

    // Unticking Eve unassigns her, and nobody else.
    const again = await openFromMenu(h.emulator.message('C0GENERAL', card.ts) as unknown as Message, 'edit');
    const boxes = again.blocks.find((b) => b.block_id === 'et_kept')!.element as {
      options: Array<{ value: string; text: { text: string } }>;
    };
    const stay = boxes.options.filter((o) => o.text.text !== 'Eve Novak');
    const saved = mark('chat.update');
    await h.signer.viewSubmission({
      view: again,
      values: formValues(again, {
        et_kept: { et_kept_select: { type: 'checkboxes', selected_options: stay } },
      }),
    });
    await saved((c) => c.args.ts === card.ts);
    expect((await h.api.tasks.get(4)).assignees.map((a) => a.id).sort()).toEqual([3, 4]);
  });

  it('answers field problems in the acknowledgement and saves nothing', async () => {
    const card = await channelCard(2, 1);
    const form = await openFromMenu(card, 'edit');
    const res = await h.signer.viewSubmission({
      view: form,
      values: formValues(form, {
        et_title: { et_title_input: '   ' },
        et_due_date: { et_due_date_picker: { type: 'datepicker', selected_date: null } },
        et_due_time: { et_due_time_picker: { type: 'timepicker', selected_time: '09:00' } },
      }),
    });
    expect(res.body).toMatchObject({
      response_action: 'errors',
      errors: { et_title: expect.any(String), et_due_date: expect.any(String) },
    });
    expect((await h.api.tasks.get(2)).title).toBe('Update pricing page copy');
  });

  it('says a task deleted while its form was open is gone, and marks its card gone', async () => {
    const card = await channelCard(10, 1);
    const form = await openFromMenu(card, 'edit');
    await h.api.tasks.delete(10);
    const res = await h.signer.viewSubmission({
      view: form,
      values: formValues(form, { et_title: { et_title_input: 'Too late' } }),
    });
    expect(res.body).toMatchObject({ response_action: 'update' });
    expect(text(res.body)).toContain('Task #10 no longer exists');
    await h.emulator.waitForCall(
      'chat.update',
      (c) => c.args.ts === card.ts && text(c.args.blocks).includes('~Collect customer testimonials~'),
      5_000,
    );
  });

  it('deletes from the card’s menu after confirming, leaving a tombstone in place', async () => {
    const card = await channelCard(9, 1);
    const form = await openFromMenu(card, 'delete');
    expect(form.callback_id).toBe('delete_task');
    await h.signer.viewSubmission({ view: form });
    await h.emulator.waitForCall(
      'chat.update',
      (c) => c.args.ts === card.ts && text(c.args.blocks).includes('~Migrate blog to the new CMS~'),
      5_000,
    );
    await expect(h.api.tasks.get(9)).rejects.toThrow(/not found/i);
    expect(text(h.emulator.message('C0GENERAL', card.ts)?.blocks)).not.toContain('task_done');
  });

  it('refuses Delete to someone who neither created the task nor administers its project', async () => {
    const card = await channelCard(9, 1);
    const form = await openFromMenu(card, 'delete', USERS.chloe);
    // spec-minimal shows no creator and no roles: the refusal says only Slack admins may, and why.
    expect(text(form.blocks)).toMatch(
      testSandboxProfile() === 'full'
        ? /Only the task’s creator/
        : /does not show who created task #9 or who administers its project/,
    );
    expect((await h.api.tasks.get(9)).title).toBe('Migrate blog to the new CMS');
  });

  it('offers the link to an unlinked person instead of opening a form', async () => {
    const card = await channelCard(9, 1);
    const note = mark('response_url');
    await h.signer.blockAction({
      actionId: 'task_overflow',
      type: 'overflow',
      user: USERS.zoe,
      selectedOption: { text: { type: 'plain_text', text: 'Edit' }, value: 'edit:9.1' },
      message: card,
    });
    expect(text((await note()).args.blocks)).toContain('offer_link');
    expect(h.emulator.openModals(USERS.zoe)).toHaveLength(0);
  });
});
