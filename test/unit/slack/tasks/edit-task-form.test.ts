import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Task } from '../../../../src/contract/index.ts';
import { renderEditTaskView } from '../../../../src/slack/features/tasks/edit-task.ts';
import {
  fromEditPayload,
  hashesOf,
  toEditPayload,
  valueHash,
} from '../../../../src/slack/features/tasks/edit-task-metadata.ts';
import { readEditTaskSubmission } from '../../../../src/slack/features/tasks/edit-task-submission.ts';
import { dueWidgetValue, taskFormValues } from '../../../../src/slack/features/tasks/edit-task-values.ts';
import { createMetadataSigner } from '../../../../src/slack/kit/metadata-signer.ts';
import { expectViewWithinLimits } from '../support/block-kit.ts';
import { ANA, BOB, LINKS, manyMembers, STATUSES, task } from '../support/fixtures.ts';

type Input = { type: string; block_id: string; element: Record<string, unknown> };

/** What Slack sends back for a form nobody touched. */
function untouched(view: ReturnType<typeof renderEditTaskView>) {
  const values: Record<string, Record<string, unknown>> = {};
  for (const block of view.blocks as unknown as Input[]) {
    if (block.type !== 'input') continue;
    const e = block.element;
    const state =
      e.type === 'plain_text_input'
        ? { type: e.type, value: e.initial_value ?? null }
        : e.type === 'multi_users_select'
          ? { type: e.type, selected_users: e.initial_users ?? [] }
          : e.type === 'datepicker'
            ? { type: e.type, selected_date: e.initial_date ?? null }
            : e.type === 'timepicker'
              ? { type: e.type, selected_time: e.initial_time ?? null }
              : e.type === 'checkboxes'
                ? { type: e.type, selected_options: e.initial_options ?? [] }
                : { type: e.type, selected_option: e.initial_option ?? null };
    values[block.block_id] = { [e.action_id as string]: state };
  }
  return values;
}

function view(t: Task, timeZone = 'America/New_York') {
  return renderEditTaskView({
    task: t,
    statuses: STATUSES,
    projectName: 'Website',
    timeZone,
    slackUserIds: LINKS,
    privateMetadata: 'sealed',
  });
}

describe('the edit form', () => {
  it('shows the task as it is, within Slack’s limits', () => {
    const form = view(task({ assignees: [ANA, BOB], description: 'Steps: <1> & <2>' }));
    expectViewWithinLimits(form);
    const text = JSON.stringify(form.blocks);
    expect(text).toContain('"initial_value":"Fix login bug"');
    expect(text).toContain('"initial_users":["U0ANA"]');
    expect(text).toContain('Bob Stone has no Slack account linked, so the picker above cannot show them.');
    expect(text).toContain('"initial_date":"2026-11-20"');
    expect(form.callback_id).toBe('edit_task');
  });

  it('stays within limits with a 500-character title, 50 assignees and a description too long to edit', () => {
    const { members, links } = manyMembers(50, 25);
    const form = renderEditTaskView({
      task: task({ title: '&'.repeat(500), assignees: members, description: 'd'.repeat(20_000) }),
      statuses: STATUSES,
      timeZone: 'UTC',
      slackUserIds: links,
      privateMetadata: 'sealed',
    });
    expectViewWithinLimits(form);
    expect(JSON.stringify(form.blocks)).not.toContain('et_description');
    expect(JSON.stringify(form.blocks)).toContain('longer than this form can hold');
  });

  it('reads back exactly what it showed when nothing is touched, for any due date and zone', () => {
    const zones = [
      'UTC',
      'America/New_York',
      'Europe/London',
      'Asia/Kolkata',
      'Pacific/Auckland',
      'Pacific/Honolulu',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.option(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }), { nil: null }),
        fc.constantFrom('exact', 'minute', 'end-of-day', 'calendar'),
        fc.constantFrom('urgent', 'none', 'someday'),
        (zone, ms, kind, priority) => {
          let due: string | null = null;
          if (ms !== null) {
            const d = new Date(ms);
            if (kind === 'minute') d.setUTCSeconds(0, 0);
            if (kind === 'end-of-day') d.setUTCSeconds(59, 999);
            if (kind === 'calendar') d.setUTCHours(0, 0, 0, 0);
            due = d.toISOString();
          }
          const t = task({ due_date: due, priority: priority as Task['priority'], assignees: [ANA, BOB] });
          const shown = taskFormValues(t, zone, LINKS);
          const read = readEditTaskSubmission(untouched(view(t, zone)), zone);
          if (!read.ok) throw new Error(JSON.stringify(read.errors));
          // Equal in the form's terms (a due's seconds are not in a time picker, nor compared).
          expect(read.value.values).toEqual(shown.values);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('names each field problem under its field', () => {
    const values = untouched(view(task()));
    values.et_title = { et_title_input: { type: 'plain_text_input', value: '  ' } };
    values.et_due_date = { et_due_date_picker: { type: 'datepicker', selected_date: null } };
    values.et_due_time = { et_due_time_picker: { type: 'timepicker', selected_time: '09:00' } };
    values.et_priority = {
      et_priority_select: { type: 'static_select', selected_option: { value: 'extreme' } },
    };
    values.et_status = { et_status_select: { type: 'static_select', selected_option: { value: 'x' } } };
    const read = readEditTaskSubmission(values, 'UTC');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors).sort()).toEqual(['et_due_date', 'et_priority', 'et_status', 'et_title']);
  });
});

describe('due dates in the form’s terms', () => {
  it('shows a date alone for an end-of-day or calendar due, a time for a timed one', () => {
    expect(dueWidgetValue({ due_date: '2026-11-21T04:59:59.999Z' }, 'America/New_York')).toBe('2026-11-20|');
    expect(dueWidgetValue({ due_date: '2026-11-21T00:00:00.000Z' }, 'America/New_York')).toBe('2026-11-21|');
    expect(dueWidgetValue({ due_date: '2026-11-21T17:00:00.000Z' }, 'America/New_York')).toBe(
      '2026-11-21|12:00',
    );
    expect(dueWidgetValue({ due_date: null }, 'UTC')).toBe('|');
  });
});

describe('edit form metadata', () => {
  const signer = createMetadataSigner('test-secret');
  const meta = {
    teamId: 'T0001',
    userId: 'U0ANA',
    taskId: 42,
    projectId: 7,
    version: '2026-11-19T10:00:00.000Z',
    timeZone: 'America/New_York',
    hashes: hashesOf(taskFormValues(task(), 'UTC', LINKS).values, '11,12'),
    title: 'T'.repeat(500),
    location: {
      kind: 'response_url' as const,
      url: `https://hooks.slack.com/actions/${'x'.repeat(200)}`,
      replace: true,
    },
    byEmail: new Map(Array.from({ length: 20 }, (_, i) => [1000 + i, `U0EMAIL${i}ABCDEFGH`] as const)),
  };

  it('round-trips sealed, within 3000 characters, with a long title shortened', () => {
    const sealed = signer.seal(toEditPayload(meta));
    expect(sealed.length).toBeLessThanOrEqual(3000);
    expect(fromEditPayload(signer.open(sealed))).toEqual({ ...meta, title: 'T'.repeat(150) });
  });

  it('refuses metadata that is missing a part or holds the wrong kinds', () => {
    const payload = toEditPayload(meta);
    expect(fromEditPayload({ ...payload, k: 'x' })).toBeNull();
    expect(fromEditPayload({ ...payload, l: { kind: 'channel', channelId: 'C1', ts: 'nope' } })).toBeNull();
    expect(fromEditPayload({ ...payload, h: { title: valueHash('x') } })).toBeNull();
    expect(fromEditPayload({ ...payload, e: { 12: 'not a user' } })).toBeNull();
    expect(fromEditPayload(null)).toBeNull();
  });
});
