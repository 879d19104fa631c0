import { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FixedClock, fixedClock } from '../../../src/lib/clock.ts';
import { createSlackEmulator, type SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { emulatorClient } from './support/web-client.ts';

const { WebClient, ErrorCode } = webApi;

const modal = (title: string, extra: Record<string, unknown> = {}) => ({
  type: 'modal' as const,
  title: { type: 'plain_text' as const, text: title },
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text: title } }],
  ...extra,
});
const home = (text: string) => ({
  type: 'home' as const,
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }],
});

async function errorOf(call: Promise<unknown>): Promise<string> {
  const error = (await call.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as { code?: string; data?: { error: string } } | undefined;
  if (error?.code !== ErrorCode.PlatformError)
    throw new Error(`expected a Slack error, got ${String(error)}`);
  return error.data!.error;
}

describe('views and trigger_ids', () => {
  let clock: FixedClock;
  let emulator: SlackEmulator;
  let client: InstanceType<typeof WebClient>;
  beforeEach(async () => {
    clock = fixedClock('2026-03-02T09:00:00Z');
    emulator = await createSlackEmulator({ clock });
    client = emulatorClient(emulator.botToken, emulator.url);
  });
  afterEach(async () => {
    await emulator.close();
  });

  it('opens a modal with a fresh trigger_id and keeps it as the user’s open view', async () => {
    const trigger = emulator.issueTriggerId('U0ANA');
    const opened = await client.views.open({
      trigger_id: trigger,
      view: modal('New task', { callback_id: 'create_task' }),
    });
    expect(opened.view).toMatchObject({
      type: 'modal',
      callback_id: 'create_task',
      team_id: 'T0001',
      root_view_id: opened.view!.id,
    });
    expect(opened.view?.hash).toBeTruthy();
    expect(emulator.openModals('U0ANA').map((view) => view.id)).toEqual([opened.view!.id]);
    expect(emulator.view(opened.view!.id!)?.callback_id).toBe('create_task');
  });

  it('takes a trigger_id once and for 3 seconds only', async () => {
    const used = emulator.issueTriggerId('U0ANA');
    await client.views.open({ trigger_id: used, view: modal('One') });
    expect(await errorOf(client.views.open({ trigger_id: used, view: modal('Two') }))).toBe(
      'exchanged_trigger_id',
    );
    const late = emulator.issueTriggerId('U0ANA');
    clock.advance(3001);
    expect(await errorOf(client.views.open({ trigger_id: late, view: modal('Late') }))).toBe(
      'expired_trigger_id',
    );
    const justInTime = emulator.issueTriggerId('U0ANA');
    clock.advance(3000);
    expect((await client.views.open({ trigger_id: justInTime, view: modal('Ok') })).ok).toBe(true);
    expect(await errorOf(client.views.open({ trigger_id: 'made.up.id', view: modal('x') }))).toBe(
      'invalid_trigger_id',
    );
  });

  it('refuses an invalid view with the problems listed, without using the trigger', async () => {
    const trigger = emulator.issueTriggerId('U0ANA');
    const answer = await client.views
      .open({ trigger_id: trigger, view: modal('A title far longer than allowed') })
      .catch((error: { data: { error: string; response_metadata: { messages: string[] } } }) => error.data);
    expect(answer).toMatchObject({
      error: 'invalid_arguments',
      response_metadata: {
        messages: ['[ERROR] text must be at most 24 characters (got 31) [json-pointer:/view/title/text]'],
      },
    });
    expect((await client.views.open({ trigger_id: trigger, view: modal('Fixed') })).ok).toBe(true);
  });

  it('updates by id or external_id, refusing a stale hash', async () => {
    const opened = await client.views.open({
      trigger_id: emulator.issueTriggerId('U0BEN'),
      view: modal('Step 1', { external_id: 'wizard-1' }),
    });
    const first = opened.view!;
    const updated = await client.views.update({
      view_id: first.id!,
      hash: first.hash!,
      view: modal('Step 2'),
    });
    expect(updated.view).toMatchObject({ id: first.id, title: { text: 'Step 2' } });
    expect(updated.view!.hash).not.toBe(first.hash);
    expect(
      await errorOf(client.views.update({ view_id: first.id!, hash: first.hash!, view: modal('Stale') })),
    ).toBe('hash_conflict');
    const byExternal = await client.views.update({ external_id: 'wizard-1', view: modal('Step 3') });
    expect(byExternal.view?.title).toMatchObject({ text: 'Step 3' });
    expect(await errorOf(client.views.update({ view_id: 'V0NOPE', view: modal('x') }))).toBe('not_found');
  });

  it('pushes onto an open modal, up to three views', async () => {
    const root = await client.views.open({
      trigger_id: emulator.issueTriggerId('U0ANA'),
      view: modal('Root'),
    });
    const second = await client.views.push({
      trigger_id: emulator.issueTriggerId('U0ANA'),
      view: modal('Second'),
    });
    expect(second.view).toMatchObject({ root_view_id: root.view!.id, previous_view_id: root.view!.id });
    await client.views.push({ trigger_id: emulator.issueTriggerId('U0ANA'), view: modal('Third') });
    expect(
      await errorOf(
        client.views.push({ trigger_id: emulator.issueTriggerId('U0ANA'), view: modal('Fourth') }),
      ),
    ).toBe('push_limit_reached');
    expect(emulator.openModals('U0ANA').map((view) => (view.title as { text: string }).text)).toEqual([
      'Root',
      'Second',
      'Third',
    ]);
    expect(
      await errorOf(
        client.views.push({ trigger_id: emulator.issueTriggerId('U0BEN'), view: modal('Alone') }),
      ),
    ).toBe('not_found');
  });

  it('publishes Home tabs per user, with hash checks', async () => {
    const first = await client.views.publish({ user_id: 'U0DEV', view: home('Due today: 2') });
    expect(emulator.homeTab('U0DEV')?.blocks).toEqual(home('Due today: 2').blocks);
    const second = await client.views.publish({
      user_id: 'U0DEV',
      view: home('Due today: 1'),
      hash: first.view!.hash!,
    });
    expect(second.view?.id).toBe(first.view?.id);
    expect(
      await errorOf(client.views.publish({ user_id: 'U0DEV', view: home('x'), hash: first.view!.hash! })),
    ).toBe('hash_conflict');
    expect(emulator.homeTab('U0ANA')).toBeUndefined();
    expect(await errorOf(client.views.publish({ user_id: 'U0NOBODY', view: home('x') }))).toBe(
      'user_not_found',
    );
    expect(await errorOf(client.views.publish({ user_id: 'U0DEV', view: modal('x') as never }))).toBe(
      'invalid_arguments',
    );
  });

  it('applies view_submission acks as Slack does', async () => {
    const input = {
      type: 'input',
      block_id: 'title',
      label: { type: 'plain_text', text: 'Title' },
      element: { type: 'plain_text_input', action_id: 'value' },
    };
    const withInput = modal('Create', { blocks: [input], submit: { type: 'plain_text', text: 'Create' } });
    const root = (await client.views.open({ trigger_id: emulator.issueTriggerId('U0ANA'), view: withInput }))
      .view!;
    expect(
      emulator.applyViewSubmissionAck(root.id!, { response_action: 'errors', errors: { title: 'Required' } }),
    ).toEqual({
      ok: true,
    });
    expect(emulator.viewErrors(root.id!)).toEqual({ title: 'Required' });
    expect(
      emulator.applyViewSubmissionAck(root.id!, { response_action: 'errors', errors: { nope: 'x' } }),
    ).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
    });
    const pushed = emulator.applyViewSubmissionAck(root.id!, {
      response_action: 'push',
      view: modal('Confirm'),
    });
    expect(emulator.openModals('U0ANA')).toHaveLength(2);
    expect(
      emulator.applyViewSubmissionAck(root.id!, {
        response_action: 'update',
        view: modal('Title too long for Slack!'),
      }),
    ).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
    });
    emulator.applyViewSubmissionAck((pushed.view as { id: string }).id, {});
    expect(emulator.openModals('U0ANA').map((view) => view.id)).toEqual([root.id]);
    emulator.applyViewSubmissionAck(root.id!, { response_action: 'clear' });
    expect(emulator.openModals('U0ANA')).toEqual([]);
    expect(emulator.calls('response_action')).toHaveLength(6);
  });
});
