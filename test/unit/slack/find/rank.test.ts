import { describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../../../src/api/index.ts';
import { rankTasks, withinEdits } from '../../../../src/slack/features/find/rank.ts';
import {
  reminderTimeOf,
  reminderTimeOfChoice,
} from '../../../../src/slack/features/reminders/reminder-time.ts';

const task = (id: number, title: string, done = false) =>
  ({
    id,
    project_id: 1,
    title,
    status: { id: done ? 3 : 1, name: done ? 'Done' : 'To do', color: '#fff' },
    due_date: null,
    assignees: [],
    priority: 'none',
  }) as unknown as TaskRecord;

const ids = (tasks: TaskRecord[], words: string[]) =>
  rankTasks(tasks, words, (t) => t.status.name === 'Done').map((r) => r.task.id);

describe('rankTasks', () => {
  const tasks = [
    task(1, 'Fix login redirect loop'),
    task(2, 'Fix broken footer links', true),
    task(3, 'Résumé template for hiring'),
    task(4, 'Logging for the importer'),
    task(5, 'Prefix the fixtures'),
  ];

  it('needs every word, whole words first, open before done', () => {
    expect(ids(tasks, ['fix'])).toEqual([1, 2, 5]);
    expect(ids(tasks, ['fix', 'login'])).toEqual([1]);
  });

  it('folds case and accents', () => {
    expect(ids(tasks, ['RESUME'])).toEqual([3]);
  });

  it('takes prefixes and forgives a typo', () => {
    expect(ids(tasks, ['log'])).toEqual([1, 4]);
    expect(ids(tasks, ['fixtures', 'pre'])).toEqual([5]);
    expect(ids(tasks, ['redirct'])).toEqual([1]);
    expect(ids(tasks, ['zzz'])).toEqual([]);
  });

  it('counts edits within a bound', () => {
    expect(withinEdits('redirct', 'redirect', 1)).toBe(true);
    expect(withinEdits('abc', 'xyz', 2)).toBe(false);
  });
});

describe('reminder times in the person’s zone', () => {
  // Friday 27 November 2026, 10:00 in London.
  const q = { timeZone: 'Europe/London', now: new Date('2026-11-27T10:00:00Z') };
  it('reads hours, days at 9:00 and the menu’s choices', () => {
    expect(reminderTimeOf('in 2 hours', q)).toEqual({ ok: true, at: new Date('2026-11-27T12:00:00Z') });
    expect(reminderTimeOf('tomorrow', q)).toEqual({ ok: true, at: new Date('2026-11-28T09:00:00Z') });
    expect(reminderTimeOfChoice('monday', q)).toEqual(new Date('2026-11-30T09:00:00Z'));
    expect(reminderTimeOfChoice('tomorrow', { ...q, timeZone: 'Asia/Tokyo' })).toEqual(
      new Date('2026-11-28T00:00:00Z'),
    );
    expect(reminderTimeOf('blorpday', q).ok).toBe(false);
  });
});
