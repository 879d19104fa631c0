import { describe, expect, it } from 'vitest';
import { selectionHorizon, selectTasks } from '../../../src/digest/select.ts';
import { DONE, makeSubscription, makeTask, OPEN } from './fixtures.ts';

const NOW = new Date('2026-03-03T14:00:00Z'); // Tuesday 09:00 in New York
const done = new Set([DONE.id]);
const ids = (tasks: { id: number }[]) => tasks.map((t) => t.id);

describe('selectTasks', () => {
  it("sorts open tasks into sections by the subscription's local calendar days", () => {
    const sub = makeSubscription({ sections: { overdue: true, dueToday: true, dueWithinDays: 2 } });
    const tasks = [
      makeTask(1, '2026-03-03T04:59:59.999Z'), // Mon 23:59:59 EST: overdue
      makeTask(2, '2026-03-03T05:00:00.000Z'), // Tue 00:00 EST: today
      makeTask(3, '2026-03-03T13:00:00.000Z'), // 08:00 today, an hour ago: overdue, as everywhere
      makeTask(11, '2026-03-03T14:01:00.000Z'), // 09:01 today: due today
      makeTask(4, '2026-03-04T04:59:59.999Z'), // Tue 23:59:59: today
      makeTask(5, '2026-03-04T05:00:00.000Z'), // Wed: upcoming
      makeTask(6, '2026-03-06T04:59:59.999Z'), // Thu 23:59:59: last upcoming day
      makeTask(7, '2026-03-06T05:00:00.000Z'), // Fri: beyond the window
      makeTask(8, null),
      makeTask(9, 'not a date'),
      makeTask(10, '2026-01-01T00:00:00.000Z', { status: DONE }),
    ];
    const got = selectTasks(sub, new Map([[1, tasks]]), { now: NOW, doneStatusIds: done });
    expect(ids(got.overdue)).toEqual([1, 2, 3]);
    expect(ids(got.dueToday)).toEqual([11, 4]);
    expect(ids(got.upcoming)).toEqual([5, 6]);
  });

  it('counts days in the zone asked for, and for the local date asked for', () => {
    const sub = makeSubscription({ timeZone: 'Europe/London' });
    const tasks = [makeTask(1, '2026-03-04T03:30:00.000Z')]; // Wed 03:30 in London, Tue 22:30 in New York
    expect(ids(selectTasks(sub, new Map([[1, tasks]]), { now: NOW, doneStatusIds: done }).dueToday)).toEqual(
      [],
    );
    const tuesdayInNewYork = selectTasks(sub, new Map([[1, tasks]]), {
      now: NOW,
      doneStatusIds: done,
      timeZone: 'America/New_York',
    });
    expect(ids(tuesdayInNewYork.dueToday)).toEqual([1]);
    const early = [makeTask(2, '2026-03-03T04:30:00.000Z')]; // Tue 04:30 in London, Mon 23:30 in New York
    const inNewYork = selectTasks(sub, new Map([[1, early]]), {
      now: new Date('2026-03-03T02:00:00Z'), // Mon 21:00 in New York, Tue 02:00 in London
      doneStatusIds: done,
      timeZone: 'America/New_York',
    });
    expect(ids(inNewYork.dueToday)).toEqual([2]);
    const inLondon = selectTasks(sub, new Map([[1, early]]), {
      now: new Date('2026-03-03T02:00:00Z'),
      doneStatusIds: done,
    });
    expect(ids(inLondon.dueToday)).toEqual([2]);
    const forMonday = selectTasks(sub, new Map([[1, tasks]]), {
      now: NOW,
      doneStatusIds: done,
      localDate: '2026-03-02',
    });
    expect(ids(forMonday.overdue)).toEqual([]);
    expect(ids(forMonday.dueToday)).toEqual([]);
  });

  it('calls a task overdue one minute past its due time, as task lists do', () => {
    const sub = makeSubscription({ sections: { overdue: true, dueToday: true, dueWithinDays: 0 } });
    const tasks = [makeTask(1, '2026-03-03T22:00:00.000Z')]; // 17:00 in New York
    const at = (iso: string) =>
      selectTasks(sub, new Map([[1, tasks]]), { now: new Date(iso), doneStatusIds: done });
    expect(ids(at('2026-03-03T21:59:00Z').dueToday)).toEqual([1]);
    expect(ids(at('2026-03-03T22:01:00Z').overdue)).toEqual([1]);
  });

  it('reads a date without a time as that calendar day in every zone', () => {
    const sub = makeSubscription({ sections: { overdue: true, dueToday: true, dueWithinDays: 1 } });
    // Midnight UTC on Tuesday is Monday evening in New York, but the date given was Tuesday.
    const tasks = [makeTask(1, '2026-03-03T00:00:00.000Z'), makeTask(2, '2026-03-02T00:00:00.000Z')];
    const got = selectTasks(sub, new Map([[1, tasks]]), { now: NOW, doneStatusIds: done });
    expect([ids(got.overdue), ids(got.dueToday)]).toEqual([[2], [1]]);
  });

  it('leaves out sections that are switched off', () => {
    const sub = makeSubscription({ sections: { overdue: false, dueToday: true, dueWithinDays: 0 } });
    const tasks = [
      makeTask(1, '2026-03-01T12:00:00.000Z'),
      makeTask(2, '2026-03-03T18:00:00.000Z'),
      makeTask(3, '2026-03-04T18:00:00.000Z'),
    ];
    const got = selectTasks(sub, new Map([[1, tasks]]), { now: NOW, doneStatusIds: done });
    expect([ids(got.overdue), ids(got.dueToday), ids(got.upcoming)]).toEqual([[], [2], []]);
  });

  it('applies status (name or id, any case) and assignee filters', () => {
    const review = { id: 7, name: 'In Review' };
    const ana = { id: 11, name: 'Ana' };
    const bo = { id: 12, name: 'Bo' };
    const tasks = [
      makeTask(1, '2026-03-03T18:00:00.000Z', { status: review, assignees: [bo, ana] }),
      makeTask(2, '2026-03-03T18:00:00.000Z', { status: OPEN, assignees: [ana] }),
      makeTask(3, '2026-03-03T18:00:00.000Z', { status: review, assignees: [bo] }),
    ];
    const byName = makeSubscription({ filters: { statuses: ['in review'], assigneeIds: [ana.id] } });
    expect(
      ids(selectTasks(byName, new Map([[1, tasks]]), { now: NOW, doneStatusIds: done }).dueToday),
    ).toEqual([1]);
    const byId = makeSubscription({ filters: { statuses: ['1'] } });
    expect(ids(selectTasks(byId, new Map([[1, tasks]]), { now: NOW, doneStatusIds: done }).dueToday)).toEqual(
      [2],
    );
  });

  it('reads only its own projects, each task once, in due order', () => {
    const sub = makeSubscription({ projectIds: [1, 2, 1] });
    const shared = makeTask(5, '2026-03-03T15:00:00.000Z');
    const byProject = new Map([
      [1, [makeTask(1, '2026-03-03T20:00:00.000Z'), shared]],
      [2, [shared, makeTask(2, '2026-03-03T16:00:00.000Z')]],
      [3, [makeTask(3, '2026-03-03T15:00:00.000Z')]],
    ]);
    expect(ids(selectTasks(sub, byProject, { now: NOW, doneStatusIds: done }).dueToday)).toEqual([5, 2, 1]);
  });

  it('has a horizon at the end of the last section', () => {
    const sub = makeSubscription({ sections: { overdue: true, dueToday: true, dueWithinDays: 7 } });
    // 2026-03-11 00:00 EDT (New York changes clocks on 03-08).
    expect(selectionHorizon(sub, '2026-03-03').toISOString()).toBe('2026-03-11T04:00:00.000Z');
  });
});
