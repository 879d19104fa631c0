/** The digest form: what it offers within Block Kit's limits, and how a submission is read back. */
import { describe, expect, it } from 'vitest';
import {
  type DigestFormInitial,
  renderDigestForm,
} from '../../../../src/slack/features/digest/digest-form.ts';
import {
  readDigestForm,
  selectedOptionLabels,
} from '../../../../src/slack/features/digest/digest-form-values.ts';
import { DIGEST_FIELDS } from '../../../../src/slack/ui/ids.ts';
import { expectViewWithinLimits } from '../support/block-kit.ts';

const NOW = new Date('2026-07-01T08:00:00.000Z');

const INITIAL: DigestFormInitial = {
  projectIds: [2],
  time: '09:00',
  timeZone: 'Europe/London',
  days: [1, 2, 3, 4, 5],
  sections: { overdue: true, dueToday: true, dueWithinDays: 0 },
  statuses: [],
  assigneeIds: [],
  postWhenEmpty: false,
};

type Input = { block_id: string; element: Record<string, unknown> };

function inputs(view: { blocks: unknown[] }): Map<string, Input> {
  return new Map(
    (view.blocks as Input[]).filter((b) => b.element).map((b) => [b.block_id, b] as [string, Input]),
  );
}

const option = (value: string, label = value) => ({ text: { type: 'plain_text', text: label }, value });

function values(overrides: Record<string, Record<string, unknown>> = {}) {
  return {
    dg_projects: {
      dg_projects_select: { type: 'multi_static_select', selected_options: [option('1', 'Website')] },
    },
    dg_time: { dg_time_picker: { type: 'timepicker', selected_time: '07:45' } },
    dg_zone: { dg_zone_select: { type: 'external_select', selected_option: option('Asia/Tokyo') } },
    dg_days: { dg_days_checks: { type: 'checkboxes', selected_options: [option('5'), option('1')] } },
    dg_sections: { dg_sections_checks: { type: 'checkboxes', selected_options: [option('due_today')] } },
    dg_upcoming: { dg_upcoming_select: { type: 'static_select', selected_option: option('7') } },
    dg_statuses: { dg_statuses_input: { type: 'plain_text_input', value: ' To do ,, In progress ,To do' } },
    dg_assignees: { dg_assignees_select: { type: 'multi_static_select', selected_options: [option('3')] } },
    dg_options: {
      dg_options_checks: {
        type: 'checkboxes',
        selected_options: [option('preview'), option('post_when_empty')],
      },
    },
    ...overrides,
  };
}

describe('the digest form', () => {
  it('starts from the initial choices and stays within Block Kit’s limits with many projects and people', () => {
    const projects = Array.from({ length: 150 }, (_, i) => ({
      id: i + 1,
      name: `Project ${i + 1} ${'x'.repeat(90)}`,
    }));
    const members = Array.from({ length: 150 }, (_, i) => ({
      id: i + 1,
      name: `P${i}`,
      email: `p${i}@e.co`,
    }));
    const view = renderDigestForm(
      { privateMetadata: 'm', destination: '<#C1>', projects, members, initial: INITIAL },
      NOW,
    );
    expectViewWithinLimits(view);
    const byId = inputs(view);
    const projectSelect = byId.get('dg_projects')!.element as {
      options: unknown[];
      initial_options: Array<{ value: string }>;
    };
    expect(projectSelect.options).toHaveLength(100);
    expect(projectSelect.initial_options.map((o) => o.value)).toEqual(['2']);
    expect(byId.get('dg_time')!.element.initial_time).toBe('09:00');
    // BST in July: the label follows the zone's clock.
    expect(JSON.stringify(byId.get('dg_zone')!.element.initial_option)).toContain('Europe/London (BST)');
    expect(byId.has('dg_assignees')).toBe(true);
    expect(view.title).toMatchObject({ text: 'Schedule a digest' });
  });

  it('leaves the people filter out when no members could be listed, and says Edit when editing', () => {
    const view = renderDigestForm(
      {
        privateMetadata: 'm',
        destination: '<#C1>',
        projects: [{ id: 2, name: 'Mobile' }],
        members: [],
        initial: {
          ...INITIAL,
          postWhenEmpty: true,
          sections: { overdue: false, dueToday: false, dueWithinDays: 14 },
        },
        editing: true,
      },
      NOW,
    );
    expectViewWithinLimits(view);
    const byId = inputs(view);
    expect(byId.has('dg_assignees')).toBe(false);
    expect(byId.get('dg_sections')!.element.initial_options).toBeUndefined();
    expect(JSON.stringify(byId.get('dg_upcoming')!.element.initial_option)).toContain('"14"');
    expect(JSON.stringify(byId.get('dg_options')!.element.initial_options)).toContain('post_when_empty');
    expect(view.title).toMatchObject({ text: 'Edit digest' });
  });

  it('reads a good submission into a digest', () => {
    const read = readDigestForm(values());
    expect(read).toEqual({
      ok: true,
      value: {
        projectIds: [1],
        time: '07:45',
        timeZone: 'Asia/Tokyo',
        days: [1, 5],
        sections: { overdue: false, dueToday: true, dueWithinDays: 7 },
        statuses: ['To do', 'In progress'],
        assigneeIds: [3],
        postWhenEmpty: true,
        preview: true,
      },
    });
    expect(selectedOptionLabels(values(), DIGEST_FIELDS.projects)).toEqual(['Website']);
  });

  it('names every field that is wrong', () => {
    const read = readDigestForm(
      values({
        dg_projects: { dg_projects_select: { type: 'multi_static_select', selected_options: [] } },
        dg_time: { dg_time_picker: { type: 'timepicker', selected_time: '25:00' } },
        dg_zone: { dg_zone_select: { type: 'external_select', selected_option: option('Mars/Olympus') } },
        dg_days: { dg_days_checks: { type: 'checkboxes', selected_options: [] } },
        dg_sections: { dg_sections_checks: { type: 'checkboxes', selected_options: [] } },
        dg_upcoming: { dg_upcoming_select: { type: 'static_select', selected_option: option('0') } },
        dg_assignees: {
          dg_assignees_select: { type: 'multi_static_select', selected_options: [option('ana')] },
        },
      }),
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors).sort()).toEqual(
      ['dg_assignees', 'dg_days', 'dg_projects', 'dg_sections', 'dg_time', 'dg_zone'].sort(),
    );
    expect(read.errors.dg_zone).toContain('Mars/Olympus');
  });

  it('refuses too many statuses and a window beyond a month, and reads junk as nothing chosen', () => {
    const many = Array.from({ length: 51 }, (_, i) => `s${i}`).join(',');
    const read = readDigestForm(
      values({
        dg_statuses: { dg_statuses_input: { type: 'plain_text_input', value: many } },
        dg_upcoming: { dg_upcoming_select: { type: 'static_select', selected_option: option('45') } },
      }),
    );
    expect(read.ok === false && Object.keys(read.errors).sort()).toEqual(['dg_statuses', 'dg_upcoming']);
    for (const junk of [
      null,
      'x',
      42,
      [],
      { dg_projects: 'x' },
      { dg_days: { dg_days_checks: { selected_options: 'x' } } },
    ]) {
      const result = readDigestForm(junk);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors.dg_projects).toBeDefined();
    }
  });
});
