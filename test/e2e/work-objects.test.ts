/**
 * Work Objects end to end: task cards and unfurls carry the task's entity in their metadata (checked
 * by the emulator against Slack's entity shapes), a click opens the task's flexpane, an edit saved
 * there reaches the service as the person, and a person without a link or rights is told why in the
 * flexpane. A metadata warning from Slack is counted in /metrics.
 */
import { WebClient } from '@slack/web-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.ts';
import { createMetrics } from '../../src/ops/metrics.ts';
import { reportMetadataWarning } from '../../src/slack/kit/metadata-warnings.ts';
import { flexpaneOf, requestEntityDetails, submitEntityEdit } from '../../src/slack-emulator/index.ts';
import { messageMetadataProblems } from '../../src/slack-platform/entity-metadata.ts';
import { fixedClock, type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { notifyTools, startNotifyHarness } from '../support/notify-tools.ts';

let h: Harness;
const LINK = (task: number, project = 1) => `https://work.example.com/projects/${project}/tasks/${task}`;
type Entity = {
  external_ref: { id: string };
  entity_payload: { fields: Record<string, Record<string, unknown>> };
};

const entityOf = (task: number, project = 1) => ({
  entityUrl: LINK(task, project),
  externalRef: { id: String(task), type: 'task' },
  channel: 'C0GENERAL',
  messageTs: '1700000000.000100',
});

async function openFlexpane(user: string, task: number, project = 1) {
  const seen = h.emulator.calls('entity.presentDetails').length;
  await requestEntityDetails(h.signer, h.emulator, { userId: user, ...entityOf(task, project) });
  await h.emulator.waitForCall(
    'entity.presentDetails',
    () => h.emulator.calls('entity.presentDetails').length > seen,
    8_000,
  );
  return flexpaneOf(h.emulator.state, TEAM, user)!;
}

async function saveEdit(
  user: string,
  task: number,
  fields: Parameters<typeof submitEntityEdit>[3],
  project = 1,
) {
  const seen = h.emulator.calls('entity.presentDetails').length;
  await submitEntityEdit(h.signer, h.emulator, { userId: user, ...entityOf(task, project) }, fields);
  await h.emulator.waitForCall(
    'entity.presentDetails',
    () => h.emulator.calls('entity.presentDetails').length > seen,
    8_000,
  );
  return flexpaneOf(h.emulator.state, TEAM, user)!;
}

describe('task entities in metadata', () => {
  afterEach(async () => {
    await h.close();
  });

  it('an unfurl carries the task entity beside its card, in Slack’s shape', async () => {
    h = await startHarness({ link: ['ana'], clock: fixedClock('2026-11-20T12:00:00.000Z') });
    const message = h.emulator.addMessage({ channel: 'C0GENERAL', user: USERS.ben, text: `<${LINK(1)}>` });
    await h.signer.event({
      type: 'link_shared',
      channel: 'C0GENERAL',
      user: USERS.ben,
      message_ts: message.ts,
      links: [{ url: LINK(1), domain: 'work.example.com' }],
    });
    const call = await h.emulator.waitForCall('chat.unfurl', undefined, 8_000);
    const metadata = call.args.metadata as { entities: Entity[] };
    expect(messageMetadataProblems(metadata, [LINK(1)])).toEqual([]);
    expect(call.response.warning).toBeUndefined();
    const task = await h.api.tasks.get(1);
    const [entity] = metadata.entities;
    expect(entity).toMatchObject({
      entity_type: 'slack#/entities/task',
      app_unfurl_url: LINK(1),
      external_ref: { id: '1', type: 'task' },
      entity_payload: { attributes: { title: { text: task.title } } },
    });
    expect(entity!.entity_payload.fields.status!.value).toBe(task.status.name);
    expect(entity!.entity_payload.fields.priority).toBeDefined();
    // The Block Kit card stays as the fallback.
    expect(JSON.stringify(call.args.unfurls)).toContain(task.title);
    expect(h.emulator.message('C0GENERAL', message.ts)?.unfurl_metadata).toEqual(metadata);
  });

  it('a task card posted in a channel carries its entity, and the blocks stay', async () => {
    let clock = fixedClock('2026-03-04T10:00:00.000Z');
    ({ h, clock } = await startNotifyHarness('2026-03-04T10:00:00.000Z'));
    const { mark } = notifyTools(() => ({ h, clock }), { projectId: 1 });
    const answered = mark('response_url');
    await h.signer.command('/task subscribe #Website', { channel: 'C0WEBSITE' });
    await answered();
    const carded = mark('chat.postMessage');
    await h.signer.command('/task new Write the entity docs #Website', { channel: 'C0WEBSITE' });
    const card = await carded(
      (c) => c.args.channel === 'C0WEBSITE' && JSON.stringify(c.args).includes('entity docs'),
    );
    const metadata = card.args.metadata as { entities: Entity[] };
    expect(messageMetadataProblems(metadata)).toEqual([]);
    expect(metadata.entities[0]!.entity_payload).toMatchObject({
      attributes: { title: { text: 'Write the entity docs' } },
    });
    expect(Array.isArray(card.args.blocks)).toBe(true);
    const posted = h.emulator.message('C0WEBSITE', card.response.ts as string)!;
    expect(posted.metadata).toEqual(metadata);

    // Done on the card redraws the card and its entity in place.
    const done = (posted.blocks as Array<{ elements?: Array<{ action_id?: string; value?: string }> }>)
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === 'task_done')!;
    const updated = mark('chat.update');
    await h.signer.blockAction({
      actionId: 'task_done',
      value: done.value!,
      message: posted,
      channel: 'C0WEBSITE',
    });
    const update = await updated((c) => c.args.ts === posted.ts);
    const redrawn = (update.args.metadata as { entities: Entity[] }).entities[0]!;
    expect(messageMetadataProblems(update.args.metadata)).toEqual([]);
    expect(redrawn.entity_payload.fields.status!.value).toBe('Done');
    expect(redrawn.external_ref.id).toBe(metadata.entities[0]!.external_ref.id);
    expect(update.response.warning).toBeUndefined();
    expect(
      (h.emulator.message('C0WEBSITE', posted.ts)!.metadata as { entities: Entity[] }).entities[0]!
        .entity_payload.fields.status!.value,
    ).toBe('Done');
  });
});

describe('a task’s flexpane', () => {
  beforeEach(async () => {
    h = await startHarness({ link: ['ana', 'dev'], clock: fixedClock('2026-11-20T12:00:00.000Z') });
  });
  afterEach(async () => {
    await h.close();
  });

  it('opens with the task’s fields, editable for a linked member, and an edit reaches the service', async () => {
    const before = await h.api.tasks.get(2);
    const pane = await openFlexpane(USERS.ana, 2);
    const fields = (pane.metadata as unknown as Entity).entity_payload.fields;
    expect(fields.status).toMatchObject({ value: before.status.name, edit: { enabled: true } });
    const options = (
      fields.status!.edit as { select: { static_options: Array<{ value: string; text: { text: string } }> } }
    ).select.static_options;
    const other = options.find((o) => o.value !== String(before.status.id))!;
    const after = await saveEdit(USERS.ana, 2, {
      status: { kind: 'select', value: other.value },
      priority: { kind: 'select', value: before.priority === 'urgent' ? 'low' : 'urgent' },
      due_date: { kind: 'date', date: '2026-12-01' },
    });
    const saved = await h.api.tasks.get(2);
    expect(String(saved.status.id)).toBe(other.value);
    expect(saved.priority).toBe(before.priority === 'urgent' ? 'low' : 'urgent');
    expect(saved.due_date?.slice(0, 10)).toBe('2026-12-01');
    expect(after.error).toBeUndefined();
    expect((after.metadata as unknown as Entity).entity_payload.fields.status!.value).toBe(other.text.text);
  });

  it('assigns from the flexpane', async () => {
    await saveEdit(USERS.ana, 3, { assignee: { kind: 'user', userId: USERS.dev } });
    const saved = await h.api.tasks.get(3);
    expect(saved.assignees.map((a) => a.id)).toEqual([4]);
  });

  it('refuses an edit from someone not linked, says why in the flexpane, and changes nothing', async () => {
    const before = await h.api.tasks.get(2);
    const pane = await openFlexpane(USERS.zoe, 2);
    expect((pane.metadata as unknown as Entity).entity_payload.fields.status!.edit).toBeUndefined();
    const after = await saveEdit(USERS.zoe, 2, { priority: { kind: 'select', value: 'low' } });
    expect(after.error).toMatchObject({ status: 'custom', custom_title: 'Link your account to edit' });
    expect(after.error?.custom_message).toContain('/task link');
    const saved = await h.api.tasks.get(2);
    expect(saved.priority).toBe(before.priority);
    expect(saved.updated_at).toBe(before.updated_at);
  });

  it('refuses an edit from a linked person outside the task’s project', async () => {
    const [mobileTask] = (await h.api.tasks.list({ project_id: 2, per_page: 1 })).data;
    const before = mobileTask!;
    const after = await saveEdit(USERS.dev, before.id, { priority: { kind: 'select', value: 'low' } }, 2);
    expect(after.error).toMatchObject({ status: 'custom', custom_title: 'You cannot edit this task' });
    expect(after.error?.custom_message).toContain('not a member');
    expect((await h.api.tasks.get(before.id)).updated_at).toBe(before.updated_at);
  });
});

describe('a metadata warning from Slack', () => {
  afterEach(async () => {
    await h.close();
  });

  it('is counted in /metrics, and Slack drops the metadata', async () => {
    h = await startHarness({ link: ['ana'] });
    const metrics = createMetrics();
    const client = new WebClient(h.emulator.botToken, { slackApiUrl: `${h.emulator.origin}/api/` });
    const answer = await client.chat.postMessage({
      channel: 'C0GENERAL',
      text: 'A task',
      metadata: {
        entities: [{ entity_type: 'slack#/entities/task', url: '', external_ref: { id: '' } }],
      } as never,
    });
    expect(answer.ok).toBe(true);
    expect((answer as { warning?: string }).warning).toBe('invalid_metadata_format');
    expect(h.emulator.message('C0GENERAL', answer.ts as string)?.metadata).toBeUndefined();
    expect(reportMetadataWarning(createLogger({ level: 'silent' }), 'chat.postMessage', answer)).toBe(true);
    const text = await metrics.registry.getSingleMetricAsString('taskbridge_slack_metadata_warnings_total');
    expect(text).toMatch(/taskbridge_slack_metadata_warnings_total\{method="chat.postMessage"\} 1/);
  });
});

describe('a task’s flexpane over Socket Mode', () => {
  beforeEach(async () => {
    h = await startHarness({
      link: ['ana'],
      transport: 'socket',
      clock: fixedClock('2026-11-20T12:00:00.000Z'),
    });
  });
  afterEach(async () => {
    await h.close();
  });

  it('opens and saves an edit', async () => {
    const wanted = (await h.api.tasks.get(5)).priority === 'high' ? 'low' : 'high';
    const pane = await openFlexpane(USERS.ana, 5);
    expect(pane.error).toBeUndefined();
    await saveEdit(USERS.ana, 5, { priority: { kind: 'select', value: wanted } });
    expect((await h.api.tasks.get(5)).priority).toBe(wanted);
  });
});
