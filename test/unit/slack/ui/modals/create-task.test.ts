import { describe, expect, it } from 'vitest';
import {
  type CreateTaskMetadata,
  decodeCreateTaskMetadata,
  encodeCreateTaskMetadata,
} from '../../../../../src/slack/features/create/create-task-metadata.ts';
import { renderCreateTaskView } from '../../../../../src/slack/features/create/create-task-modal.ts';
import { readCreateTaskSubmission } from '../../../../../src/slack/features/create/create-task-submission.ts';
import { createMetadataSigner } from '../../../../../src/slack/kit/metadata-signer.ts';
import { prefillFromMessage } from '../../../../../src/slack/services/prefill-from-message.ts';
import type { InputBlock } from '../../../../../src/slack/ui/block-types.ts';
import { CREATE_TASK_FIELDS as F, VIEWS } from '../../../../../src/slack/ui/ids.ts';
import { expectViewWithinLimits } from '../../support/block-kit.ts';
import { STATUSES } from '../../support/fixtures.ts';

const NY = 'America/New_York';
const NOW = new Date('2026-11-20T15:00:00.000Z');
const META: CreateTaskMetadata = {
  source: 'message',
  channelId: 'C123',
  messageTs: '1700000000.000100',
  threadTs: null,
  permalink: 'https://acme.slack.com/archives/C123/p1700000000000100',
  projectId: 7,
};

function input(view: ReturnType<typeof renderCreateTaskView>, blockId: string): InputBlock {
  const block = view.blocks.find((b): b is InputBlock => b.type === 'input' && b.block_id === blockId);
  if (!block) throw new Error(`no input ${blockId}`);
  return block;
}

describe('renderCreateTaskView', () => {
  it('has project (external select showing recent ones), title, description, people, date, time, priority', () => {
    const view = renderCreateTaskView({ privateMetadata: '{}' });
    expectViewWithinLimits(view);
    expect(view.callback_id).toBe(VIEWS.createTask);
    expect(view.blocks.map((b) => b.block_id)).toEqual([
      F.project.block,
      F.title.block,
      F.description.block,
      F.assignees.block,
      F.dueDate.block,
      F.dueTime.block,
      F.priority.block,
    ]);
    expect(input(view, F.project.block)).toMatchObject({
      dispatch_action: true,
      element: { type: 'external_select', action_id: F.project.action, min_query_length: 0 },
    });
    expect(input(view, F.priority.block).element).toMatchObject({ initial_option: { value: 'none' } });
  });

  it('prefills everything it is given, with date and time in the person’s zone', () => {
    const view = renderCreateTaskView({
      privateMetadata: encodeCreateTaskMetadata(META),
      project: { id: 7, name: 'Website' },
      statuses: STATUSES,
      timeZone: NY,
      initial: {
        title: 'Fix login',
        description: 'Steps…',
        assigneeSlackUserIds: ['U0ANA', 'U0ANA', 'bogus'],
        due: new Date('2026-11-21T22:00:00.000Z'),
        priority: 'high',
        statusId: 2,
      },
    });
    expectViewWithinLimits(view);
    expect(input(view, F.project.block).element).toMatchObject({ initial_option: { value: '7' } });
    expect(input(view, F.title.block).element).toMatchObject({ initial_value: 'Fix login' });
    expect(input(view, F.assignees.block).element).toMatchObject({ initial_users: ['U0ANA'] });
    expect(input(view, F.dueDate.block).element).toMatchObject({ initial_date: '2026-11-21' });
    expect(input(view, F.dueTime.block).element).toMatchObject({ initial_time: '17:00' });
    expect(input(view, F.priority.block).element).toMatchObject({ initial_option: { value: 'high' } });
    expect(input(view, F.status.block).element).toMatchObject({ initial_option: { value: '2' } });
  });

  it('leaves the time empty for an end-of-day due date', () => {
    const view = renderCreateTaskView({
      privateMetadata: '',
      timeZone: NY,
      initial: { due: new Date('2026-11-21T04:59:59.999Z') },
    });
    expect(input(view, F.dueDate.block).element).toMatchObject({ initial_date: '2026-11-20' });
    expect(input(view, F.dueTime.block).element).not.toHaveProperty('initial_time');
  });

  it('names people who have not linked, and shows a notice', () => {
    const view = renderCreateTaskView({
      privateMetadata: '',
      unlinkedSlackUserIds: ['U0BOB'],
      notice: 'I couldn’t find project <Web>; pick one.',
    });
    expectViewWithinLimits(view);
    const text = JSON.stringify(view.blocks);
    expect(text).toContain("<@U0BOB> hasn't linked a service account yet");
    expect(text).toContain('I couldn’t find project &lt;Web&gt;; pick one.');
  });

  it('stays within limits with huge inputs', () => {
    const view = renderCreateTaskView({
      privateMetadata: encodeCreateTaskMetadata({ ...META, permalink: `https://x.test/${'p'.repeat(5000)}` }),
      project: { id: 7, name: 'P'.repeat(500) },
      statuses: Array.from({ length: 150 }, (_, i) => ({
        id: i + 1,
        name: 's'.repeat(200),
        color: '#000000',
        is_done: false,
        position: i,
      })),
      initial: {
        title: 't'.repeat(3000),
        description: 'd'.repeat(30_000),
        assigneeSlackUserIds: Array.from({ length: 80 }, (_, i) => `U${String(i).padStart(6, '0')}`),
        statusId: 149,
      },
      unlinkedSlackUserIds: Array.from({ length: 300 }, (_, i) => `U${String(i).padStart(6, '0')}`),
      notice: 'n'.repeat(5000),
    });
    expectViewWithinLimits(view);
  });
});

describe('create-task metadata', () => {
  it('round-trips, plain or sealed by the signer', () => {
    expect(decodeCreateTaskMetadata(encodeCreateTaskMetadata(META))).toEqual(META);
    const signer = createMetadataSigner('secret');
    const sealed = encodeCreateTaskMetadata(META, (p) => signer.seal(p));
    expect(decodeCreateTaskMetadata(sealed, (t) => signer.open(t))).toEqual(META);
  });

  it('reads a tampered, foreign or malformed value as null', () => {
    const signer = createMetadataSigner('secret');
    const sealed = encodeCreateTaskMetadata(META, (p) => signer.seal(p));
    expect(decodeCreateTaskMetadata(`x${sealed}`, (t) => signer.open(t))).toBeNull();
    expect(decodeCreateTaskMetadata('{"s":"elsewhere"}')).toBeNull();
    expect(decodeCreateTaskMetadata('not json')).toBeNull();
    expect(decodeCreateTaskMetadata(undefined)).toBeNull();
  });

  it('drops bad fields instead of trusting them', () => {
    expect(
      decodeCreateTaskMetadata('{"s":"command","c":"<!here>","m":"x","l":"javascript:x","p":-1}'),
    ).toEqual({
      source: 'command',
      channelId: null,
      messageTs: null,
      threadTs: null,
      permalink: null,
      projectId: null,
    });
  });

  it('keeps within 3000 characters by leaving out an overlong permalink', () => {
    const encoded = encodeCreateTaskMetadata({ ...META, permalink: `https://x.test/${'p'.repeat(5000)}` });
    expect(encoded.length).toBeLessThanOrEqual(3000);
    expect(decodeCreateTaskMetadata(encoded)).toEqual({ ...META, permalink: null });
  });
});

function values(parts: {
  project?: string;
  title?: string;
  description?: string;
  users?: string[];
  date?: string | null;
  time?: string | null;
  priority?: string;
  status?: string;
}) {
  const option = (value: string | undefined) =>
    value === undefined ? null : { value, text: { type: 'plain_text', text: value } };
  return {
    [F.project.block]: {
      [F.project.action]: { type: 'external_select', selected_option: option(parts.project) },
    },
    [F.title.block]: { [F.title.action]: { type: 'plain_text_input', value: parts.title ?? null } },
    [F.description.block]: {
      [F.description.action]: { type: 'plain_text_input', value: parts.description ?? null },
    },
    [F.assignees.block]: {
      [F.assignees.action]: { type: 'multi_users_select', selected_users: parts.users ?? [] },
    },
    [F.dueDate.block]: { [F.dueDate.action]: { type: 'datepicker', selected_date: parts.date ?? null } },
    [F.dueTime.block]: { [F.dueTime.action]: { type: 'timepicker', selected_time: parts.time ?? null } },
    [F.priority.block]: {
      [F.priority.action]: { type: 'static_select', selected_option: option(parts.priority) },
    },
    [F.status.block]: { [F.status.action]: { type: 'static_select', selected_option: option(parts.status) } },
  };
}

describe('readCreateTaskSubmission', () => {
  const zone = { timeZone: NY, now: NOW };

  it('reads a full submission, the date in the person’s zone', () => {
    expect(
      readCreateTaskSubmission(
        values({
          project: '7',
          title: '  Fix login  ',
          description: 'Steps',
          users: ['U0ANA', 'U0ANA'],
          date: '2026-11-23',
          time: '09:30',
          priority: 'urgent',
          status: '2',
        }),
        zone,
      ),
    ).toEqual({
      ok: true,
      value: {
        projectId: 7,
        title: 'Fix login',
        description: 'Steps',
        assigneeSlackUserIds: ['U0ANA'],
        due: { date: new Date('2026-11-23T14:30:00.000Z'), hasTime: true },
        priority: 'urgent',
        statusId: 2,
      },
      warnings: [],
    });
  });

  it('defaults priority to none, and reads a date alone as the end of that day', () => {
    const result = readCreateTaskSubmission(values({ project: '7', title: 'x', date: '2026-11-23' }), zone);
    expect(result).toMatchObject({
      ok: true,
      value: {
        priority: 'none',
        statusId: null,
        description: null,
        due: { date: new Date('2026-11-24T04:59:59.999Z'), hasTime: false },
      },
    });
  });

  it('gives an error per field, keyed by block', () => {
    const result = readCreateTaskSubmission(
      values({
        title: '   ',
        time: '10:00',
        priority: 'extreme',
        status: 'abc',
        users: Array.from({ length: 51 }, (_, i) => `U${i}AA`),
      }),
      zone,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        [F.project.block]: 'Choose a project.',
        [F.title.block]: 'Give the task a title.',
        [F.assignees.block]: 'Choose at most 50 people.',
        [F.dueDate.block]: 'Pick a date for this time, or clear the time.',
        [F.priority.block]: 'Choose a priority from the list.',
        [F.status.block]: 'Choose a status from the list.',
      },
    });
  });

  it('says how long a title is that is too long', () => {
    const result = readCreateTaskSubmission(values({ project: '7', title: 'x'.repeat(501) }), zone);
    expect(result).toEqual({
      ok: false,
      errors: { [F.title.block]: 'Keep the title to 500 characters (it has 501).' },
    });
  });

  it('allows a past due date with a warning', () => {
    const result = readCreateTaskSubmission(values({ project: '7', title: 'x', date: '2026-11-01' }), zone);
    expect(result).toMatchObject({ ok: true, warnings: ['The due date you picked has already passed.'] });
  });

  it('never throws on malformed state', () => {
    for (const bad of [
      null,
      undefined,
      42,
      'x',
      [],
      { [F.title.block]: null },
      { [F.title.block]: { [F.title.action]: 7 } },
    ]) {
      expect(readCreateTaskSubmission(bad, zone)).toMatchObject({ ok: false });
    }
  });
});

describe('prefillFromMessage', () => {
  it('makes the first line the title and keeps the permalink in the description', () => {
    const prefill = prefillFromMessage(
      {
        text: '*Login* is broken for <@U1|ana> &amp; others\nsee <https://x.test|logs>',
        permalink: 'https://acme.slack.com/archives/C1/p1',
      },
      { users: { U1: 'Ana Lima' } },
    );
    expect(prefill).toEqual({
      title: 'Login is broken for @Ana Lima & others',
      description:
        'Login is broken for @Ana Lima & others\nsee logs (https://x.test)\n\nFrom Slack: https://acme.slack.com/archives/C1/p1',
    });
  });

  it('cuts a long first line at a word and keeps the permalink whatever the length', () => {
    const prefill = prefillFromMessage({
      text: `${'word '.repeat(100)}\n${'y'.repeat(5000)}`,
      permalink: 'https://p.test/1',
    });
    expect(prefill.title.length).toBeLessThanOrEqual(120);
    expect(prefill.title.endsWith('word…')).toBe(true);
    expect(prefill.description.length).toBeLessThanOrEqual(3000);
    expect(prefill.description.endsWith('From Slack: https://p.test/1')).toBe(true);
  });
});
