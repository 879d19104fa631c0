import { describe, expect, it } from 'vitest';
import { conflictErrors, planTaskEdit } from '../../../../src/slack/features/tasks/edit-task-changes.ts';
import { hashesOf } from '../../../../src/slack/features/tasks/edit-task-metadata.ts';
import { type EditValues, taskFormValues } from '../../../../src/slack/features/tasks/edit-task-values.ts';
import { ANA, BOB, LINKS, STATUSES, task } from '../support/fixtures.ts';

const NY = 'America/New_York';
const shownTask = task({ assignees: [ANA] });
const shown = taskFormValues(shownTask, NY, LINKS);
const hashes = hashesOf(shown.values, shown.members);

function plan(submitted: Partial<EditValues>, now = shownTask, overrideConflicts = false) {
  return planTaskEdit({
    shown: hashes,
    current: taskFormValues(now, NY, LINKS),
    submitted,
    overrideConflicts,
  });
}

describe('planTaskEdit', () => {
  it('saves nothing when nothing was changed, whatever changed meanwhile', () => {
    expect(plan(shown.values)).toEqual({ save: [], conflicts: [] });
    expect(plan(shown.values, task({ assignees: [ANA], title: 'Theirs', priority: 'low' }))).toEqual({
      save: [],
      conflicts: [],
    });
  });

  it('saves what only the person changed', () => {
    const result = plan({ ...shown.values, title: 'Mine', priority: 'urgent' });
    expect(result).toEqual({ save: ['title', 'priority'], conflicts: [] });
  });

  it('keeps what someone else changed in another field', () => {
    const result = plan({ ...shown.values, title: 'Mine' }, task({ assignees: [ANA], priority: 'low' }));
    expect(result).toEqual({ save: ['title'], conflicts: [] });
  });

  it('is a conflict when both changed a field differently, and not when both made the same change', () => {
    const theirs = task({ assignees: [ANA], title: 'Theirs' });
    expect(plan({ ...shown.values, title: 'Mine' }, theirs)).toEqual({ save: [], conflicts: ['title'] });
    expect(plan({ ...shown.values, title: 'Theirs' }, theirs)).toEqual({ save: [], conflicts: [] });
    expect(plan({ ...shown.values, title: 'Mine' }, theirs, true)).toEqual({
      save: ['title'],
      conflicts: [],
    });
  });

  it('counts a change among assignees the picker cannot show as a change meanwhile', () => {
    // Bob has no Slack link: adding him changes nothing in the picker, but the task changed.
    const theirs = task({ assignees: [ANA, BOB] });
    const result = plan({ ...shown.values, assignees: '' }, theirs);
    expect(result).toEqual({ save: [], conflicts: ['assignees'] });
  });

  it('treats a field the form did not have as unchanged', () => {
    const { description: _d, status: _s, ...rest } = shown.values;
    expect(plan(rest)).toEqual({ save: [], conflicts: [] });
  });

  it('explains each conflict under its field with the value now', () => {
    const now = task({
      title: 'Theirs <b>',
      priority: 'low',
      status: { id: 3, name: 'Done', color: '#22C55E' },
    });
    const errors = conflictErrors(['title', 'priority', 'status', 'due'], now, NY, STATUSES);
    expect(errors.et_title).toContain('now “Theirs <b>”');
    expect(errors.et_priority).toContain('now Low');
    expect(errors.et_status).toContain('now Done');
    expect(errors.et_due_date).toContain('now Fri, Nov 20, 2026');
  });
});
